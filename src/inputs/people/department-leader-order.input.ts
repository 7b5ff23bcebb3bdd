import { ID, InputType } from "type-graphql";
import { Required } from "../../types/shared/fields";
import { SortDirection } from "../../types/shared/sort-direction.enum";

@InputType({ description: "Orders users by whether they lead a department." })
export class DepartmentLeaderOrder {
  @Required(ID, "The department.")
  departmentId!: string;

  @Required(SortDirection, "ASC: that department's leaders first; DESC: last.")
  direction!: SortDirection;
}
