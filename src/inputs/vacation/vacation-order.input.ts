import { InputType } from "type-graphql";
import { SortDirection } from "../../types/shared/sort-direction.enum";
import { Optional } from "../../types/shared/fields";

@InputType({ description: "One sort key for vacations; give exactly one field per element." })
export class VacationOrder {
  @Optional(SortDirection, "By vacation year.")
  vacationYear?: SortDirection;

  @Optional(SortDirection, "By state (alphabetically by its code).")
  status?: SortDirection;

  @Optional(SortDirection, "By the name of the vacation type.")
  vacationTypeName?: SortDirection;

  @Optional(SortDirection, "By issue date.")
  issueDate?: SortDirection;

  @Optional(SortDirection, "By creation time.")
  createdAt?: SortDirection;

  @Optional(SortDirection, "By last change.")
  updatedAt?: SortDirection;

  @Optional(SortDirection, "By the vacation's earliest day; vacations without days come last.")
  vacationDatesDate?: SortDirection;
}
