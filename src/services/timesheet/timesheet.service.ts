import type { ReadDb } from "../../db/kysely";
import type { Viewer } from "../../auth/authenticate";
import type { TimesheetArgs } from "../../inputs/timesheet/timesheet.args";
import type { TimesheetEntry } from "../../types/timesheet/timesheet-entry.type";
import { canManageProject } from "../project/project-access";
import { canReadProject } from "../../auth/policy";
import { NotFoundError } from "../../errors/errors";
import { aggregateTimesheet, timesheetWindow } from "./timesheet-aggregation";
import { readTimesheet, type TimesheetData } from "./timesheet.read";

/**
 * E16: a seven-day timesheet per user. The database sums the time per user, task and day (with
 * each task's place and the caller's project role joined in) and reads the users, in two
 * statements whatever the volume. Entries come by last name, first name, then id.
 */
export async function timesheetByUser(read: ReadDb, viewer: Viewer, args: TimesheetArgs): Promise<TimesheetEntry[]> {
  const window = timesheetWindow(args.dateStart);
  const data = await readTimesheet(read, viewer, args, window);
  checkNamed(viewer, args, data);
  return aggregateTimesheet({
    window,
    users: data.users,
    times: data.times,
    tasks: data.tasks,
    canEdit: (userId, projectId) => userId === viewer.id || canManageProject(viewer, data.roles.get(projectId)),
  });
}

/**
 * `users` and `project` name objects (every listed user gets an entry; the window is that
 * project's), so an unknown one is NOT_FOUND naming the argument, as everywhere else; to an
 * external user a project they are not in is as missing. `projectContractors` and
 * `reportedTimeType` are filters: an unknown id there matches nothing.
 */
function checkNamed(viewer: Viewer, args: TimesheetArgs, data: TimesheetData): void {
  if (args.users) {
    const found = new Set(data.users.map((u) => u.id));
    const missing = args.users.findIndex((id) => !found.has(id));
    if (missing >= 0) throw new NotFoundError("User", args.users[missing], `users.${missing}`);
  }
  if (args.project && (!data.project || !canReadProject(viewer, data.project.role ?? undefined))) {
    throw new NotFoundError("Project", args.project, "project");
  }
}
