import { ArrayMaxSize, IsIn, Length } from "class-validator";
import { ID, InputType } from "type-graphql";
import { Optional } from "../../types/shared/fields";

/** The ten colours the application offers for task types (the interface's value set). */
export const TASK_TYPE_DECORATORS = [
  "#78909c",
  "#2490e3",
  "#44a069",
  "#987284",
  "#d32f2f",
  "#f57f17",
  "#003366",
  "#00bfa5",
  "#ee7674",
  "#9c27b0",
] as const;

/** Most categories a task type is offered in (the set is replaced whole): TaskType.categories is priced by it. */
export const MAX_TASK_TYPE_CATEGORIES = 100;

@InputType({ description: "E19: a partial change of a task type. An absent field stays as it is; null is refused." })
export class UpdateTaskTypeInput {
  @Optional(String, "New name, 1 to 100 characters.")
  @Length(1, 100)
  name?: string | null;

  @Optional(String, `New colour, one of ${TASK_TYPE_DECORATORS.join(", ")} (lower-case).`)
  @IsIn([...TASK_TYPE_DECORATORS])
  decorator?: string | null;

  @Optional(
    [ID],
    `Ids of existing project categories (NOT_FOUND otherwise), at most ${MAX_TASK_TYPE_CATEGORIES}: they replace the current set; [] removes all.`,
  )
  @ArrayMaxSize(MAX_TASK_TYPE_CATEGORIES)
  categories?: string[] | null;
}
