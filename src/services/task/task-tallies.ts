import type { Db, DbTx, Prisma } from "../../db/client";

/** What the tasks of one group (a project, a stage, a board) add up to. */
export interface TaskTally {
  total: number;
  /** Tasks with a finishedAt. */
  finished: number;
  /** Sum of the tasks' timePlanned, in seconds. */
  timePlanned: number;
}

/** The tally of a group without tasks; shared, so never to be changed. */
export const NO_TASKS: Readonly<TaskTally> = Object.freeze({ total: 0, finished: 0, timePlanned: 0 });

/** The task columns that place a task in a group. */
export type TallyKey = "projectId" | "stageId" | "boardId";

function add(map: Map<string, TaskTally>, group: string | null, total: number, finished: number, timePlanned: number): void {
  // A task outside any stage or board belongs to no group of that kind.
  if (group === null) return;
  const current = map.get(group) ?? { total: 0, finished: 0, timePlanned: 0 };
  current.total += total;
  current.finished += finished;
  current.timePlanned += timePlanned;
  map.set(group, current);
}

/**
 * Task count, finished count and planned seconds of the tasks matching `where`, per value of each
 * of `keys`, in two grouped statements whatever the number of tasks. All keys are grouped by at
 * once, so one pair of statements serves several levels (a gantt's projects, stages and boards);
 * a group with no tasks has no entry.
 */
export async function taskTallies<K extends TallyKey>(
  db: Db | DbTx,
  keys: readonly K[],
  where: Prisma.TaskWhereInput,
): Promise<Record<K, Map<string, TaskTally>>> {
  const by: TallyKey[] = [...keys];
  // AND rather than a spread, so a finishedAt condition of the caller narrows instead of being replaced.
  const [all, finished] = await Promise.all([
    db.task.groupBy({ by, where, _count: { _all: true }, _sum: { timePlanned: true } }),
    db.task.groupBy({ by, where: { AND: [where, { finishedAt: { not: null } }] }, _count: { _all: true } }),
  ]);
  const result = Object.fromEntries(keys.map((k) => [k, new Map<string, TaskTally>()])) as Record<K, Map<string, TaskTally>>;
  for (const g of all) {
    for (const k of keys) add(result[k], g[k] ?? null, g._count._all, 0, g._sum.timePlanned ?? 0);
  }
  for (const g of finished) {
    for (const k of keys) add(result[k], g[k] ?? null, 0, g._count._all, 0);
  }
  return result;
}

/** Share of finished tasks, 0 to 1 (Stage.progress, Project.progress, the gantt's progress); 0 when there is nothing to finish. */
export function progressShare(tally: TaskTally | undefined): number {
  return !tally || tally.total === 0 ? 0 : tally.finished / tally.total;
}
