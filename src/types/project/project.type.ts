import { Float, ID, Int } from "type-graphql";
import { IdName, Identified, Named, Entity } from "../shared/named.type";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";
import { MAX_PROJECT_CONTRACTORS, MAX_PROJECT_TAGS } from "../../inputs/project/create-project.input";
import { ProjectUserRef } from "../people/user-summaries.type";
import { Optional, FirstOf, OpenSet, Required } from "../shared/fields";

@Entity("A user's assignment to a project, with their role in it.")
export class AssignedProjectUser extends Identified("assignment", "'s") {
  @Required(ProjectUserRef, "The assigned user.")
  projectUser!: ProjectUserRef;

  @OpenSet("The user's role in the project: pm-active, pm-passive, member, none...")
  role!: string;

  @Optional(
    Float,
    "The user's hourly rate in this project, if set; null unless the caller is an admin, finance or a manager of the project (never a role in its hideHourlyRateForRoles).",
  )
  @VisibleTo(rules.rate)
  hourlyRate!: number | null;

  @Required(Boolean, "Whether the user may report time on the project's tasks.")
  canReportTime!: boolean;
}

@Entity("A numbering scheme that gives projects their number (`no`) from a pattern and a counter.")
export class ProjectNumbering extends Named("numbering", "'s", "of") {
  @Required(
    String,
    "Pattern of the number: {number} is the counter padded with zeros to counterPadLength; {YYYY}, {YY}, {MM} and {DD} are the creation date (UTC).",
  )
  pattern!: string;

  @Required(Int, "Minimum number of digits of {number}, padded with leading zeros.")
  counterPadLength!: number;

  @Required(Int, "The counter value the next project numbered by this scheme gets; 1 instead once a new counter period has begun.")
  counterNextValue!: number;

  @Optional(String, "ISO 8601 duration after which the counter starts again at 1 (P1Y: every year, P1M: every month); null: never.")
  counterInterval!: string | null;

  @Required(Boolean, "Whether this is the numbering used when a project names none.")
  isDefault!: boolean;
}

@Entity("A project: stages, boards and tasks for one undertaking, with its people, contractors and budget.")
export class Project extends Identified("project", "'s") {
  @Required(String, "The project's number, e.g. PRJ/007/2026: given on creation or produced by its numbering.")
  no!: string;

  @Optional(ProjectNumbering, "The numbering the project's number comes from, if any.")
  numbering!: ProjectNumbering | null;

  @Required(String, "Free-text description; empty when none.")
  description!: string;

  @Required(String, "Name of the project.")
  name!: string;

  @Optional(IdName, "The project's category, if any.")
  category!: IdName | null;

  @Optional(Date, "When work on the project actually started, if it has.")
  dateStart!: Date | null;

  @Optional(Date, "When work on the project actually ended, if it has.")
  dateEnd!: Date | null;

  @Required(Date, "When the project is planned to start.")
  dateStartPlanned!: Date;

  @Required(Date, "When the project is planned to end; never before dateStartPlanned.")
  dateEndPlanned!: Date;

  @Required(Date, "When the project was created.")
  createdAt!: Date;

  @Required(Date, "When the project was last changed.")
  updatedAt!: Date;

  @FirstOf(AssignedProjectUser, 10, "The project's managers (role pm-active or pm-passive), in the order they were assigned")
  assignedProjectUsersPm!: AssignedProjectUser[];

  @Required(Boolean, "Whether removing the project's objects records who removed them.")
  isBlameableRemovalEnabled!: boolean;

  @OpenSet("State of the project: in-preparation or open on creation.")
  status!: string;

  @Required(String, "Short code, unique among projects, made from the name (upper-case letters, digits appended on collision).")
  shortCode!: string;

  @Required(Boolean, "Whether the project is simple: a single board and no stages.")
  isSimple!: boolean;

  @Optional(String, "Short code of the single board of a simple project; null otherwise.")
  simpleBoardShortCode!: string | null;

  @Optional(ID, "Id of the single board of a simple project; null otherwise.")
  simpleBoardId!: string | null;

  @FirstOf(IdName, MAX_PROJECT_CONTRACTORS, "Contractors (clients) of the project, by name", "a project")
  contractors!: IdName[];

  @Optional(Float, "The project's budget, if set; null unless the caller is an admin, finance or a manager of the project.")
  @VisibleTo(rules.budget)
  budget!: number | null;

  @FirstOf(IdName, MAX_PROJECT_TAGS, "Tags of the project, by name", "a project")
  tags!: IdName[];

  @Required(Boolean, "Whether the caller marked the project as a favourite.")
  isFavorite!: boolean;

  @Required(String, "The caller's role in the project (pm-active, pm-passive, member...), or none when not assigned.")
  userRole!: string;

  @Required(
    [String],
    "What the caller may do in the project: canManage (an admin or a project manager), canReportTime (assigned with time reporting allowed).",
  )
  userPermissions!: string[];

  @Optional(Int, "How many stages the project has.")
  stageCount!: number | null;

  @Optional(Float, "Share of the project's tasks that are finished (finishedAt set), from 0 to 1; 0 when it has no tasks.")
  progress!: number | null;

  @Optional(Float, "Time reported on the project's tasks, in seconds. A Float: the sum may exceed 32 bits.")
  timeReported!: number | null;

  @Optional(Float, "Planned effort of the project's tasks: the sum of their timePlanned, in seconds. A Float: the sum may exceed 32 bits.")
  timePlanned!: number | null;
}
