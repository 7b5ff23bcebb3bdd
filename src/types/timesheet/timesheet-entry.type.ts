import { Int, ObjectType, ID } from "type-graphql";
import { ProjectUserRef } from "../people/user-summaries.type";
import { DateScalar } from "../../scalars";
import { Optional, Required, Capped } from "../shared/fields";

@ObjectType({ description: "Time reported on one UTC calendar day of a timesheet window." })
export class TimesheetDay {
  @Required(DateScalar, "The calendar day (UTC), YYYY-MM-DD.")
  date!: Date;

  @Required(Int, "Seconds reported that day (0 when none).")
  seconds!: number;
}

@ObjectType({ description: "One task of a user's timesheet: the time reported on it each day of the window." })
export class TimesheetRow {
  @Required(
    Boolean,
    "Whether the caller may edit this time: it is their own, or they manage the task's project (admins manage every project).",
  )
  canEdit!: boolean;

  @Required(Int, "Seconds reported on the task in the whole window.")
  seconds!: number;

  @Required(String, "The task's name.")
  taskName!: string;

  @Required(ID, "The task's id.")
  taskId!: string;

  @Required(Int, "Number of the task on its board.")
  taskNumber!: number;

  @Required(String, "The task's short code.")
  taskShortCode!: string;

  @Required(ID, "Id of the task's board.")
  boardId!: string;

  @Required(String, "Short code of the task's board.")
  boardShortCode!: string;

  @Required(String, "Name of the task's board.")
  boardName!: string;

  @Optional(ID, "Id of the task's stage; null when the task is not in a stage.")
  stageId!: string | null;

  @Optional(String, "Name of the task's stage; null when the task is not in a stage.")
  stageName!: string | null;

  @Required(ID, "Id of the task's project.")
  projectId!: string;

  @Required(String, "Short code of the task's project.")
  projectShortCode!: string;

  @Required(String, "Name of the task's project.")
  projectName!: string;

  @Required(Boolean, "Whether the task's project is a simple project.")
  projectIsSimple!: boolean;

  @Capped(TimesheetDay, 7, "The seven days of the window in order, each with the seconds reported on this task.")
  days!: TimesheetDay[];
}

@ObjectType({ description: "One user's timesheet for a seven-day window: a row per task, the daily totals and the sum." })
export class TimesheetEntry {
  @Required(ProjectUserRef, "The user whose time this is.")
  projectUser!: ProjectUserRef;

  @Capped(
    TimesheetRow,
    20,
    "One row per task the user reported time on in the window, by project short code, board short code, then task number: the first 20 (`days` sums every task).",
  )
  timesheet!: TimesheetRow[];

  @Capped(TimesheetDay, 7, "The seven days of the window in order, each with the user's total over all rows.")
  days!: TimesheetDay[];

  @Required(Int, "The user's total seconds in the window.")
  seconds!: number;
}
