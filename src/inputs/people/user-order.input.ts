import { InputType } from "type-graphql";
import { SortDirection } from "../../types/shared/sort-direction.enum";
import { Optional } from "../../types/shared/fields";

@InputType({ description: "One sort key for users; give exactly one field per element." })
export class UserOrder {
  @Optional(SortDirection, "By last name.")
  lastName?: SortDirection;

  @Optional(SortDirection, "By first name.")
  firstName?: SortDirection;

  @Optional(SortDirection, "By creation time.")
  createdAt?: SortDirection;

  @Optional(SortDirection, "By last change.")
  updatedAt?: SortDirection;
}
