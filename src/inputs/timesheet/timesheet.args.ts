import { ArrayMaxSize } from "class-validator";
import { ArgsType, ID } from "type-graphql";
import { Optional, Required } from "../../types/shared/fields";

/** Upper bound of ids in one list argument. */
export const MAX_TIMESHEET_FILTER_IDS = 500;

@ArgsType()
export class TimesheetArgs {
  @Required(
    Date,
    "First day of the seven-day window, taken as its UTC calendar day: the window is that day 00:00 UTC up to, not including, seven days later.",
  )
  dateStart!: Date;

  @Optional(
    [ID],
    `These users, each with an entry even without time in the window (up to ${MAX_TIMESHEET_FILTER_IDS}); omitted: every user with time in the window. An unknown id is NOT_FOUND naming it (\`users.2\`).`,
  )
  @ArrayMaxSize(MAX_TIMESHEET_FILTER_IDS)
  users?: string[] | null;

  @Optional(
    ID,
    "Only time reported on this project. An unknown project (or, to an external user, one they are not assigned to) is NOT_FOUND on `project`.",
  )
  project?: string | null;

  @Optional(
    [ID],
    `Only time on projects having at least one of these contractors (up to ${MAX_TIMESHEET_FILTER_IDS}). A filter: unknown ids match nothing.`,
  )
  @ArrayMaxSize(MAX_TIMESHEET_FILTER_IDS)
  projectContractors?: string[] | null;

  @Optional(ID, "Only time of this reported-time type. A filter: an unknown id matches nothing.")
  reportedTimeType?: string | null;
}
