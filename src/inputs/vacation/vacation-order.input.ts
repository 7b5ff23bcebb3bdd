import { Field, InputType } from "type-graphql";
import { SortDirection } from "../../types/shared/sort-direction.enum";

@InputType({ description: "One sort key for vacations; give exactly one field per element." })
export class VacationOrder {
  @Field(() => SortDirection, { nullable: true, description: "By vacation year." })
  vacationYear?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By state (alphabetically by its code)." })
  status?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By the name of the vacation type." })
  vacationTypeName?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By issue date." })
  issueDate?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By creation time." })
  createdAt?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By last change." })
  updatedAt?: SortDirection;

  @Field(() => SortDirection, { nullable: true, description: "By the vacation's earliest day; vacations without days come last." })
  vacationDatesDate?: SortDirection;
}
