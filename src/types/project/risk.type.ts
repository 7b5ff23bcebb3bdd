import { ID, Int } from "type-graphql";
import { RiskUserRef } from "../people/user-summaries.type";
import { Named, Entity } from "../shared/named.type";
import { Optional, Required } from "../shared/fields";

@Entity("A risk recorded on a project, optionally narrowed to one of its stages, boards or tasks, with its type, impact and probability.")
export class Risk extends Named("risk", "'s", "of") {
  @Optional(String, "Description, or null.")
  description!: string | null;

  @Optional(Int, "Probability from 1 (rare) to 5 (almost certain), or null when not assessed.")
  probability!: number | null;

  @Optional(Date, "When the risk is expected or was identified, or null.")
  date!: Date | null;

  @Required(Date, "When the risk was recorded.")
  createdAt!: Date;

  @Required(Date, "When the risk was last changed.")
  updatedAt!: Date;

  @Optional(RiskUserRef, "The project member responsible for the risk, or null.")
  projectUser!: RiskUserRef | null;

  @Required(ID, "Id of the project.")
  project!: string;

  @Required(String, "Name of the project.")
  projectName!: string;

  @Required(String, "Short code of the project.")
  projectShortCode!: string;

  @Required(Boolean, "Whether the project is simple (a single board).")
  projectIsSimple!: boolean;

  @Optional(ID, "Id of the stage the risk concerns, or null.")
  stage!: string | null;

  @Optional(String, "Name of that stage, or null.")
  stageName!: string | null;

  @Optional(ID, "Id of the board the risk concerns, or null.")
  board!: string | null;

  @Optional(String, "Name of that board, or null.")
  boardName!: string | null;

  @Optional(String, "Short code of that board, or null.")
  boardShortCode!: string | null;

  @Optional(ID, "Id of the task the risk concerns, or null.")
  task!: string | null;

  @Optional(String, "Name of that task, or null.")
  taskName!: string | null;

  @Optional(String, "Short code of that task, or null.")
  taskShortCode!: string | null;

  @Optional(ID, "Id of the risk type, or null.")
  type!: string | null;

  @Optional(String, "Name of the risk type, or null.")
  typeName!: string | null;

  @Optional(ID, "Id of the risk impact, or null.")
  impact!: string | null;

  @Optional(String, "Name of the risk impact, or null.")
  impactName!: string | null;
}
