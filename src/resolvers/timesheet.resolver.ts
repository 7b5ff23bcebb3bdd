import { Args, Ctx, Query, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { TimesheetArgs } from "../inputs/timesheet.args";
import { TimesheetEntry } from "../types/timesheet-entry.type";
import { timesheetByUser } from "../services/timesheet.service";
import { listArgCost } from "../server/cost";

@Resolver(() => TimesheetEntry)
export class TimesheetResolver {
  @Query(() => [TimesheetEntry], {
    // one entry per user asked for; without `users`, everyone with time in the window
    complexity: listArgCost("users", 50),
    description:
      "E16: time reported in a seven-day window (UTC days), one entry per user with a row per task, daily totals and the sum.",
  })
  timesheetByUser(@Args(() => TimesheetArgs) args: TimesheetArgs, @Ctx() ctx: Context): Promise<TimesheetEntry[]> {
    return timesheetByUser(ctx.read, viewerOf(ctx), args);
  }
}
