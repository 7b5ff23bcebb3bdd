import { Float, ID, Int } from "type-graphql";
import { IdNameDecorator, Named, Entity } from "../shared/named.type";
import { Optional, OpenSet, Required } from "../shared/fields";

@Entity("A phase of a project: a time span that groups boards and their tasks.")
export class Stage extends Named("stage", "'s", "of") {
  @OpenSet("State of the stage, e.g. in-preparation.")
  status!: string;

  @Required(String, "Free-text description; empty when none (a cleared description reads as empty).")
  description!: string;

  @Required(Date, "When the stage starts.")
  dateStart!: Date;

  @Required(Date, "When the stage ends; never before dateStart.")
  dateEnd!: Date;

  @Required(Date, "When the stage was created.")
  createdAt!: Date;

  @Required(Date, "When the stage was last changed.")
  updatedAt!: Date;

  @Required(Float, "Share of the stage's tasks that are finished (finishedAt set), from 0 to 1; 0 when the stage has no tasks.")
  progress!: number;

  @Required(Int, "Position of the stage among the project's stages (ascending).")
  weight!: number;

  @Required(Float, "Planned effort of the stage's tasks: the sum of their timePlanned, in seconds. A Float: the sum may exceed 32 bits.")
  timePlanned!: number;

  @Required(Float, "Time reported on the stage's tasks, in seconds. A Float: the sum may exceed 32 bits.")
  timeReported!: number;

  @Required(Boolean, "Whether removing the stage's objects records who removed them.")
  isBlameableRemovalEnabled!: boolean;

  @Required(ID, "Id of the project the stage belongs to.")
  project!: string;

  @Required(String, "Name of the project the stage belongs to.")
  projectName!: string;

  @Optional(IdNameDecorator, "The stage's type, if one is set.")
  stageType!: IdNameDecorator | null;

  @Required(Boolean, "Whether the caller may manage the stage: an admin, or a project manager (pm-active, pm-passive) of its project.")
  canManage!: boolean;

  @Optional(Int, "How many boards the stage holds.")
  boardCount!: number | null;
}
