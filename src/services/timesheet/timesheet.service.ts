import type { AuthedContext } from "../../context";
import type { TimesheetArgs } from "../../inputs/timesheet/timesheet.args";
import type { TimesheetEntry } from "../../types/timesheet/timesheet-entry.type";
import { NotFoundError } from "../../errors/errors";
import { policy } from "../../auth/policy";
import { aggregateTimesheet, timesheetWindow } from "./timesheet-aggregation";
import { readTimesheet, type TimesheetData } from "./timesheet.read";
import { inProject, managesProject, rules } from "../../auth/rules";

/**
 * E16: a seven-day timesheet per user. The database sums the time per user, task and day (with
 * each task's place and the caller's project role joined in) and reads the users, in two
 * statements whatever the volume. Entries come by last name, first name, then id.
 */
export async function timesheetByUser(ctx: AuthedContext, args: TimesheetArgs): Promise<TimesheetEntry[]> {
  const window = timesheetWindow(args.dateStart);
  const { read, viewer } = ctx;
  const data = await readTimesheet(read, viewer, args, window);
  await checkNamed(ctx, args, data);
  return aggregateTimesheet({
    window,
    // shown by the rate rule of the project asked for, if any
    users: data.users.map((u) => ({ ...u, projectUser: inProject(u.projectUser, args.project) })),
    times: data.times,
    tasks: data.tasks,
    canEdit: (userId, projectId) => userId === viewer.id || managesProject(viewer, data.roles.get(projectId)),
  });
}

/**
 * `users` and `project` name objects (every listed user gets an entry; the window is that
 * project's), so an unknown one is NOT_FOUND naming the argument, as everywhere else; to an
 * external user a project they are not in is as missing. `projectContractors` and
 * `reportedTimeType` are filters: an unknown id there matches nothing.
 */
async function checkNamed(ctx: AuthedContext, args: TimesheetArgs, data: TimesheetData): Promise<void> {
  if (args.users) {
    const found = new Set(data.users.map((u) => u.id));
    const missing = args.users.findIndex((id) => !found.has(id));
    if (missing >= 0) throw new NotFoundError("User", args.users[missing], `users.${missing}`);
  }
  if (!args.project) return;
  if (!data.project) throw new NotFoundError("Project", args.project, "project");
  ctx.access.knowRole(args.project, data.project.role);
  await policy.require(ctx, rules.readProject, { projectId: args.project, what: "Project", field: "project" });
}
