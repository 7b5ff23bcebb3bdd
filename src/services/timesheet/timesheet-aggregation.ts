import type { ProjectUserRef } from "../../types/people/user-summaries.type";
import type { TimesheetDay, TimesheetEntry, TimesheetRow } from "../../types/timesheet/timesheet-entry.type";

/** Pure timesheet arithmetic: no database, so tests can call it with hand-made data. */

export const TIMESHEET_DAYS = 7;
const DAY_MS = 86_400_000;

export interface TimesheetWindow {
  /** midnight UTC of the first day */
  start: Date;
  /** midnight UTC after the last day (exclusive) */
  end: Date;
  /** the seven days, at midnight UTC */
  days: Date[];
}

/** The seven UTC calendar days starting on `dateStart`'s UTC day. */
export function timesheetWindow(dateStart: Date): TimesheetWindow {
  const start = new Date(Date.UTC(dateStart.getUTCFullYear(), dateStart.getUTCMonth(), dateStart.getUTCDate()));
  const days = Array.from({ length: TIMESHEET_DAYS }, (_, i) => new Date(start.getTime() + i * DAY_MS));
  return { start, end: new Date(start.getTime() + TIMESHEET_DAYS * DAY_MS), days };
}

/** Seconds a user reported on a task at some moment of a day (several records may share a day). */
export interface ReportedSeconds {
  userId: string;
  taskId: string;
  date: Date;
  seconds: number;
}

/** Where a task sits, as a timesheet row shows it. */
export type TimesheetTask = Omit<TimesheetRow, "canEdit" | "seconds" | "days">;

export interface TimesheetInput {
  window: TimesheetWindow;
  /** the users to give entries to, in the order wanted */
  users: ReadonlyArray<{ id: string; projectUser: ProjectUserRef }>;
  times: ReadonlyArray<ReportedSeconds>;
  tasks: ReadonlyMap<string, TimesheetTask>;
  /** whether the caller may edit the time `userId` reported on `projectId` */
  canEdit(userId: string, projectId: string): boolean;
}

function emptyDays(window: TimesheetWindow): TimesheetDay[] {
  return window.days.map((date) => ({ date, seconds: 0 }));
}

function compareRows(a: TimesheetRow, b: TimesheetRow): number {
  return (
    a.projectShortCode.localeCompare(b.projectShortCode) ||
    a.boardShortCode.localeCompare(b.boardShortCode) ||
    a.taskNumber - b.taskNumber ||
    a.taskId.localeCompare(b.taskId)
  );
}

/**
 * One entry per listed user: a row per task with time in the window (each of the seven days
 * present, 0 where nothing was reported), the per-day totals and the sum. Time outside the
 * window, of unlisted users or on unknown tasks is left out.
 */
export function aggregateTimesheet(input: TimesheetInput): TimesheetEntry[] {
  const { window } = input;
  const rowsByUser = new Map<string, Map<string, TimesheetRow>>();
  for (const user of input.users) rowsByUser.set(user.id, new Map());

  for (const time of input.times) {
    const rows = rowsByUser.get(time.userId);
    const task = input.tasks.get(time.taskId);
    const at = time.date.getTime();
    if (!rows || !task || at < window.start.getTime() || at >= window.end.getTime()) continue;
    let row = rows.get(time.taskId);
    if (!row) {
      row = { ...task, canEdit: input.canEdit(time.userId, task.projectId), seconds: 0, days: emptyDays(window) };
      rows.set(time.taskId, row);
    }
    row.days[Math.floor((at - window.start.getTime()) / DAY_MS)].seconds += time.seconds;
    row.seconds += time.seconds;
  }

  return input.users.map((user) => {
    const timesheet = [...rowsByUser.get(user.id)!.values()].sort(compareRows);
    const days = emptyDays(window);
    for (const row of timesheet) row.days.forEach((d, i) => (days[i].seconds += d.seconds));
    return { projectUser: user.projectUser, timesheet, days, seconds: timesheet.reduce((sum, r) => sum + r.seconds, 0) };
  });
}
