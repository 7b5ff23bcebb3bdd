import { Args, Ctx, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { assert, canReadTimesheetOf } from "../../auth/policy";
import { TimesheetArgs } from "../../inputs/timesheet/timesheet.args";
import { TimesheetEntry } from "../../types/timesheet/timesheet-entry.type";
import { timesheetByUser } from "../../services/timesheet/timesheet.service";
import { listArgCost } from "../../domain/list-cost";

@Resolver(() => TimesheetEntry)
export class TimesheetResolver {
  @Query(() => [TimesheetEntry], {
    // one entry per user asked for; without `users`, everyone with time in the window
    complexity: listArgCost("users", 50),
    description:
      "E16: time reported in a seven-day window (UTC days), one entry per user with a row per task, daily totals and the sum.",
  })
  timesheetByUser(@Args(() => TimesheetArgs) args: TimesheetArgs, @Ctx() ctx: AuthedContext): Promise<TimesheetEntry[]> {
    const viewer = ctx.viewer;
    assert(canReadTimesheetOf(viewer, args.users), "External users may read only their own time: pass users: [<your id>].");
    return timesheetByUser(ctx.read, viewer, args);
  }
}
