import { ArrayMaxSize } from "class-validator";
import { ArgsType, Field, ID } from "type-graphql";

/** Upper bound of ids in one list argument. */
export const MAX_TIMESHEET_FILTER_IDS = 500;

@ArgsType()
export class TimesheetArgs {
  @Field(() => Date, {
    description: "First day of the seven-day window, taken as its UTC calendar day: the window is that day 00:00 UTC up to, not including, seven days later.",
  })
  dateStart!: Date;

  @Field(() => [ID], {
    nullable: true,
    description: `These users, each with an entry even without time in the window (up to ${MAX_TIMESHEET_FILTER_IDS}); omitted: every user with time in the window. Unknown ids match no one.`,
  })
  @ArrayMaxSize(MAX_TIMESHEET_FILTER_IDS)
  users?: string[] | null;

  @Field(() => ID, { nullable: true, description: "Only time reported on this project." })
  project?: string | null;

  @Field(() => [ID], {
    nullable: true,
    description: `Only time on projects having at least one of these contractors (up to ${MAX_TIMESHEET_FILTER_IDS}).`,
  })
  @ArrayMaxSize(MAX_TIMESHEET_FILTER_IDS)
  projectContractors?: string[] | null;

  @Field(() => ID, { nullable: true, description: "Only time of this reported-time type." })
  reportedTimeType?: string | null;
}
