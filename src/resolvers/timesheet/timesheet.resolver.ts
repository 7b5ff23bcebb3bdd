import { Args, Authorized, Ctx, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { TimesheetArgs } from "../../inputs/timesheet/timesheet.args";
import { TimesheetEntry } from "../../types/timesheet/timesheet-entry.type";
import { timesheetByUser } from "../../services/timesheet/timesheet.service";
import { listArgCost } from "../../domain/list-cost";

@Resolver(() => TimesheetEntry)
export class TimesheetResolver {
  @Query(() => [TimesheetEntry], {
    // one entry per user asked for; without `users`, everyone with time in the window, the first 200
    complexity: listArgCost("users", 200),
    description:
      "E16: time reported in a seven-day window (UTC days), one entry per user with a row per task, daily totals and the sum. Without `users`, the first 200 users with time in the window (by last name, first name): name them for more.",
  })
  @Authorized(rules.timesheets)
  timesheetByUser(@Args(() => TimesheetArgs) args: TimesheetArgs, @Ctx() ctx: AuthedContext): Promise<TimesheetEntry[]> {
    return timesheetByUser(ctx, args);
  }
}
