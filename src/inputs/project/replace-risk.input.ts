import { IsNotEmpty, Max, MaxLength, Min } from "class-validator";
import { ID, InputType, Int } from "type-graphql";
import { Optional, OptionalText, Required } from "../../types/shared/fields";

@InputType({
  description:
    "E11: the whole new state of a risk. Every optional field left out (or null) becomes null. stage, board and task must belong to project and to each other.",
})
export class ReplaceRiskInput {
  @Required(String, "Name, 1 to 100 characters.")
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @OptionalText(100_000, "Description")
  description?: string | null;

  @Optional(Int, "Probability from 1 to 5.")
  @Min(1)
  @Max(5)
  probability?: number | null;

  @Optional(Date, "When the risk is expected or was identified.")
  date?: Date | null;

  @Optional(ID, "Id of the user responsible; they must be assigned to the project.")
  projectUser?: string | null;

  @Required(ID, "Id of the project the risk belongs to; it must exist and the caller must manage it.")
  project!: string;

  @Optional(ID, "Id of a stage of the project.")
  stage?: string | null;

  @Optional(ID, "Id of a board of the project (of the stage, when one is given).")
  board?: string | null;

  @Optional(ID, "Id of a task of the project (of the board and the stage, when given).")
  task?: string | null;

  @Optional(ID, "Id of a risk type.")
  type?: string | null;

  @Optional(ID, "Id of a risk impact.")
  impact?: string | null;
}
