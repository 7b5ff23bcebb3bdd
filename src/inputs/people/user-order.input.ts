import { Field, InputType } from "type-graphql";
import { SortDirection } from "../../types/shared/sort-direction.enum";

@InputType({ description: "One sort key for users; give exactly one field per element." })
export class UserOrder {
  @Field(() => SortDirection, { nullable: true, description: "By last name." })
  lastName?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By first name." })
  firstName?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By creation time." })
  createdAt?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By last change." })
  updatedAt?: SortDirection;
}
