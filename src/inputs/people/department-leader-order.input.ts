import { Field, ID, InputType } from "type-graphql";
import { SortDirection } from "../../types/shared/sort-direction.enum";

@InputType({ description: "Orders users by whether they lead a department." })
export class DepartmentLeaderOrder {
  @Field(() => ID, { description: "The department." })
  departmentId!: string;

  @Field(() => SortDirection, { description: "ASC: that department's leaders first; DESC: last." })
  direction!: SortDirection;
}
