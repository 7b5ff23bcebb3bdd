import type { Db, Prisma } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import type { TimesheetArgs } from "../inputs/timesheet.args";
import { toProjectUserRef, userRefInclude } from "../mappers/user-refs";
import type { TimesheetEntry } from "../types/timesheet-entry.type";
import { fileTaskInclude, toFileTask } from "./file.service";
import { canManageProject, projectRoles } from "./project-access";
import { inProject } from "../auth/visibility";
import { aggregateTimesheet, timesheetWindow, type TimesheetTask } from "./timesheet-aggregation";

/** The reported time the filters select within [start, end). Unknown ids simply match nothing. */
function reportedTimeWhere(args: TimesheetArgs, start: Date, end: Date): Prisma.ReportedTimeWhereInput {
  const and: Prisma.ReportedTimeWhereInput[] = [{ date: { gte: start, lt: end } }];
  if (args.users) and.push({ userId: { in: args.users } });
  if (args.project) and.push({ projectId: args.project });
  if (args.projectContractors) and.push({ project: { contractors: { some: { contractorId: { in: args.projectContractors } } } } });
  if (args.reportedTimeType) and.push({ reportedTimeTypeId: args.reportedTimeType });
  return { AND: and };
}

/**
 * E16: a seven-day timesheet per user. The database sums the time per user, task and day; the
 * users, the tasks and the caller's project roles are then each one query, whatever the volume.
 * Entries come by last name, first name, then id.
 */
export async function timesheetByUser(db: Db, viewer: Viewer, args: TimesheetArgs): Promise<TimesheetEntry[]> {
  const window = timesheetWindow(args.dateStart);
  const groups = await db.reportedTime.groupBy({
    by: ["userId", "taskId", "date"],
    where: reportedTimeWhere(args, window.start, window.end),
    _sum: { seconds: true },
  });
  const userIds = [...new Set(args.users ?? groups.map((g) => g.userId))];
  const taskIds = [...new Set(groups.map((g) => g.taskId))];

  const [users, tasks] = await Promise.all([
    userIds.length === 0
      ? Promise.resolve([])
      : db.user.findMany({
          where: { id: { in: userIds } },
          include: userRefInclude,
          orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
        }),
    taskIds.length === 0 ? Promise.resolve([]) : db.task.findMany({ where: { id: { in: taskIds } }, include: fileTaskInclude }),
  ]);
  const roles = await projectRoles(db, viewer, tasks.map((t) => t.projectId));

  const taskInfo = new Map<string, TimesheetTask>(
    tasks.map((t) => {
      const s = toFileTask(t);
      return [
        t.id,
        {
          taskId: s.id,
          taskName: s.name,
          taskNumber: s.no,
          taskShortCode: s.shortCode,
          boardId: s.board,
          boardShortCode: s.boardShortCode,
          boardName: s.boardName,
          stageId: s.stage,
          stageName: s.stageName,
          projectId: s.project,
          projectShortCode: s.projectShortCode,
          projectName: s.projectName,
          projectIsSimple: s.projectIsSimple,
        },
      ];
    }),
  );

  return aggregateTimesheet({
    window,
    users: users.map((u) => ({ id: u.id, projectUser: inProject(toProjectUserRef(u), args.project) })),
    times: groups.map((g) => ({ userId: g.userId, taskId: g.taskId, date: g.date, seconds: g._sum.seconds ?? 0 })),
    tasks: taskInfo,
    canEdit: (userId, projectId) => userId === viewer.id || canManageProject(viewer, roles.get(projectId)),
  });
}
