import { Float, ID, ObjectType, Int } from "type-graphql";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";
import { Identified, Named, IdNameDecorator, Entity } from "../shared/named.type";
import { Optional, FirstOf, OpenSet, Required } from "../shared/fields";

@Entity("A dependency drawn on a project's gantt chart between two of its stages, boards, tasks or milestones.")
export class GanttLink extends Identified("link", "'s") {
  @Required(String, "Kind of dependency: fts (finish-to-start), ftf (finish-to-finish), sts (start-to-start), stf (start-to-finish).")
  type!: string;

  @Required(ID, "Id of the object the dependency starts from.")
  source!: string;

  @Required(ID, "Id of the object that depends on the source.")
  target!: string;
}

@ObjectType({ description: "The project as the gantt chart heads it." })
export class GanttProject extends Named("project", "'s") {
  @Optional(Date, "When work actually started; null until it has.")
  dateStart!: Date | null;

  @Optional(Date, "When work actually ended; null until it has.")
  dateEnd!: Date | null;

  @Required(Date, "Planned start.")
  dateStartPlanned!: Date;

  @Required(Date, "Planned end.")
  dateEndPlanned!: Date;

  @OpenSet("The project's status (in-preparation, open, ...).")
  status!: string;

  @Required(String, "The project's short code, unique.")
  shortCode!: string;

  @Required(Float, "Share of the project's tasks that are finished (finishedAt set), from 0 to 1; 0 when it has no tasks.")
  progress!: number;

  @Required(Boolean, "Whether removing the project's objects records who removed them.")
  isBlameableRemovalEnabled!: boolean;
}

@Entity("A milestone: a dated point of a project, optionally within a stage.")
export class Milestone extends Identified("milestone", "'s") {
  @Required(ID, "Id of the milestone's project.")
  project!: string;

  @Optional(ID, "Id of the milestone's stage; null for a milestone of the whole project.")
  stage!: string | null;

  @Required(Int, "Position among milestones on the same date (lower first).")
  weight!: number;

  @Required(String, "The milestone's name.")
  name!: string;

  @Required(Date, "When the milestone falls.")
  dateStart!: Date;

  @Required(String, "What the milestone marks; empty when not described.")
  description!: string;

  @OpenSet("The milestone's status (todo, done, ...).")
  status!: string;
}

@ObjectType({ description: "A task of the project as a gantt bar." })
export class GanttTask extends Named("task", "'s") {
  @Required(Int, "Number of the task on its board.")
  no!: number;

  @Required(String, "The task's short code, unique.")
  shortCode!: string;

  @Optional(Date, "Start of the task; null when not planned.")
  dateStart!: Date | null;

  @Optional(Date, "End (deadline) of the task; null when not planned.")
  dateEnd!: Date | null;

  @Required(ID, "Id of the task's project.")
  project!: string;

  @Required(ID, "Id of the task's board.")
  board!: string;

  @Optional(Date, "When the task was finished; null while it is not.")
  finishedAt!: Date | null;

  @Required(String, "Status of the board column the task is in (todo, in-progress, done, ...).")
  columnStatus!: string;

  @Required(String, "Colour of the board column the task is in, #rrggbb.")
  columnDecorator!: string;

  @OpenSet("The task's status (in-preparation, ...).")
  status!: string;

  @Required(Int, "Position among tasks with the same dates (lower first).")
  weight!: number;
}

@ObjectType({ description: "A stage of the project as a gantt bar." })
export class GanttStage extends Named("stage", "'s") {
  @OpenSet("The stage's status (in-preparation, ...).")
  status!: string;

  @Required(Date, "Start of the stage.")
  dateStart!: Date;

  @Required(Date, "End of the stage.")
  dateEnd!: Date;

  @Required(Float, "Share of the stage's tasks that are finished (finishedAt set), from 0 to 1; 0 when it has no tasks.")
  progress!: number;

  @Required(Int, "Position among stages with the same dates (lower first).")
  weight!: number;

  @Required(Boolean, "Whether removing the stage's objects records who removed them.")
  isBlameableRemovalEnabled!: boolean;

  @Optional(IdNameDecorator, "The stage's type, if set.")
  stageType!: IdNameDecorator | null;
}

@ObjectType({ description: "A board of the project as a gantt bar." })
export class GanttBoard extends Named("board", "'s") {
  @OpenSet("The board's status (in-preparation, ...).")
  status!: string;

  @Required(String, "The board's short code, unique; task short codes start with it.")
  shortCode!: string;

  @Required(Date, "Start of the board.")
  dateStart!: Date;

  @Required(Date, "End of the board.")
  dateEnd!: Date;

  @Required(Float, "Share of the board's tasks that are finished (finishedAt set), from 0 to 1; 0 when it has no tasks.")
  progress!: number;

  @Required(Int, "Position among boards with the same dates (lower first).")
  weight!: number;

  @Optional(ID, "Id of the board's stage; null for a board outside stages (the board of a simple project).")
  stage!: string | null;

  @Optional(IdNameDecorator, "The board's type, if set.")
  boardType!: IdNameDecorator | null;
}

@Entity(
  "A project's gantt chart with its financial and time summary. Stages, boards, milestones and tasks are ordered by their dates, then weight, then id.",
)
export class ProjectGantt {
  @Required(ID, "The project's id: a project has one gantt chart.")
  id!: string;

  @Required(GanttProject, "The project itself.")
  project!: GanttProject;

  @Optional(Float, "The project's budget; null when none is set, or unless the caller is an admin, finance or a manager of the project.")
  @VisibleTo(rules.budget)
  budget!: number | null;

  @Required(Float, "Planned effort of the project's tasks: the sum of their timePlanned, in seconds. A Float: the sum may exceed 32 bits.")
  timePlanned!: number;

  @Required(Float, "Time reported on the project's tasks, in seconds. A Float: the sum may exceed 32 bits.")
  timeReported!: number;

  @FirstOf(GanttStage, 200, "The project's stages, by start date, end date, weight, then id")
  stages!: GanttStage[];

  @FirstOf(GanttBoard, 200, "The project's boards, by start date, end date, weight, then id")
  boards!: GanttBoard[];

  @FirstOf(Milestone, 200, "The project's milestones, by date, weight, then id")
  milestones!: Milestone[];

  @FirstOf(GanttLink, 2000, "Dependencies drawn between the project's objects, by id")
  links!: GanttLink[];

  /** Filled when the read looked ahead and saw `tasks` selected; the field itself is resolved in ProjectGanttResolver. */
  tasks!: GanttTask[] | null;
}
