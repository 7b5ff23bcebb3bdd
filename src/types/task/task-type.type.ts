import { IdName, Named, Entity } from "../shared/named.type";
import { MAX_TASK_TYPE_CATEGORIES } from "../../inputs/task/update-task-type.input";
import { FirstOf, Required } from "../shared/fields";

@Entity("A kind of task (bug, feature...), offered in the project categories it is linked to.")
export class TaskType extends Named("task type", "'s", "of") {
  @Required(String, "Its colour, #rrggbb (one of the ten application colours).")
  decorator!: string;

  @FirstOf(IdName, MAX_TASK_TYPE_CATEGORIES, "Project categories the task type is offered in, by name", "a task type")
  categories!: IdName[];
}
