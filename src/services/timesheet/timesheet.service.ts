import type { AuthedContext } from "../../context";
import type { TimesheetArgs } from "../../inputs/timesheet/timesheet.args";
import type { TimesheetEntry } from "../../types/timesheet/timesheet-entry.type";
import { aggregateTimesheet, timesheetWindow } from "./timesheet-aggregation";
import { readTimesheet } from "./timesheet.read";
import { inProject, managesProject } from "../../auth/rules";

/**
 * E16: a seven-day timesheet per user. The database sums the time per user, task and day (with
 * each task's place and the caller's project role joined in) and reads the users, in two
 * statements whatever the volume. Entries come by last name, first name, then id.
 */
export async function timesheetByUser({ read, viewer }: AuthedContext, args: TimesheetArgs): Promise<TimesheetEntry[]> {
  const window = timesheetWindow(args.dateStart);
  const data = await readTimesheet(read, viewer, args, window);
  return aggregateTimesheet({
    window,
    // shown by the rate rule of the project asked for, if any
    users: data.users.map((u) => ({ ...u, projectUser: inProject(u.projectUser, args.project) })),
    times: data.times,
    tasks: data.tasks,
    canEdit: (userId, projectId) => userId === viewer.id || managesProject(viewer, data.roles.get(projectId)),
  });
}
