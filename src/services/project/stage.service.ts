import type { Viewer } from "../../auth/authenticate";
import type { Db, DbTx, Prisma } from "../../db/client";
import { badInput, NotFoundError } from "../../errors/errors";
import { defineEntity } from "../../federation/entity-registry";
import type { UpdateStageInput } from "../../inputs/project/update-stage.input";
import type { Stage } from "../../types/project/stage.type";
import { refuseNulls } from "../shared/partial-update";
import { assertCanManageProject, canManageProject, projectRoles } from "./project-access";
import { NO_TASKS, progressShare, taskTallies, type TaskTally } from "../task/task-tallies";

const stageInclude = {
  project: { select: { name: true } },
  stageType: { select: { id: true, name: true, decorator: true } },
} satisfies Prisma.StageInclude;

type StageRow = Prisma.StageGetPayload<{ include: typeof stageInclude }>;

/** What a stage's boards and tasks add up to. */
export interface StageMetrics {
  tasks: Readonly<TaskTally>;
  timeReported: number;
  boardCount: number;
}

const EMPTY_METRICS: StageMetrics = { tasks: NO_TASKS, timeReported: 0, boardCount: 0 };

/**
 * Derived numbers of many stages in five statements, whatever the number of stages, boards or
 * tasks. A stage's tasks are those whose stageId is the stage; a task counts as finished once
 * it has a finishedAt. ReportedTime has no stage column, so time is summed per task and the
 * tasks that carry time are mapped to their stage.
 */
export async function stageMetrics(db: Db | DbTx, stageIds: readonly string[]): Promise<Map<string, StageMetrics>> {
  const ids = [...new Set(stageIds)];
  const [{ stageId: tallies }, boards, timePerTask, tasksWithTime] = await Promise.all([
    taskTallies(db, ["stageId"], { stageId: { in: ids } }),
    db.board.groupBy({ by: ["stageId"], where: { stageId: { in: ids } }, _count: { _all: true } }),
    db.reportedTime.groupBy({ by: ["taskId"], where: { task: { stageId: { in: ids } } }, _sum: { seconds: true } }),
    db.task.findMany({ where: { stageId: { in: ids }, reportedTimes: { some: {} } }, select: { id: true, stageId: true } }),
  ]);
  const result = new Map<string, StageMetrics>(
    ids.map((id) => [id, { tasks: tallies.get(id) ?? NO_TASKS, timeReported: 0, boardCount: 0 }]),
  );
  const at = (stageId: string | null) => (stageId === null ? undefined : result.get(stageId));
  for (const row of boards) {
    const m = at(row.stageId);
    if (m) m.boardCount = row._count._all;
  }
  const stageOfTask = new Map(tasksWithTime.map((t) => [t.id, t.stageId]));
  for (const row of timePerTask) {
    const m = at(stageOfTask.get(row.taskId) ?? null);
    if (m) m.timeReported += row._sum.seconds ?? 0;
  }
  return result;
}

export function toStage(row: StageRow, metrics: StageMetrics, canManage: boolean): Stage {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    description: row.description,
    dateStart: row.dateStart,
    dateEnd: row.dateEnd,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    progress: progressShare(metrics.tasks),
    weight: row.weight,
    timePlanned: metrics.tasks.timePlanned,
    timeReported: metrics.timeReported,
    isBlameableRemovalEnabled: row.isBlameableRemovalEnabled,
    project: row.projectId,
    projectName: row.project.name,
    stageType: row.stageType ? { id: row.stageType.id, name: row.stageType.name, decorator: row.stageType.decorator } : null,
    canManage,
    boardCount: metrics.boardCount,
  };
}

/** Loads and shapes stages for a caller in a bounded number of statements. */
export async function loadStages(db: Db, ids: readonly string[], viewer: Viewer | null): Promise<Stage[]> {
  const rows = await db.stage.findMany({ where: { id: { in: [...ids] } }, include: stageInclude });
  if (rows.length === 0) return [];
  const [metrics, roles] = await Promise.all([
    stageMetrics(db, rows.map((r) => r.id)),
    viewer && !viewer.isAdmin ? projectRoles(db, viewer, rows.map((r) => r.projectId)) : Promise.resolve(new Map<string, string>()),
  ]);
  return rows.map((row) =>
    toStage(row, metrics.get(row.id) ?? EMPTY_METRICS, viewer !== null && canManageProject(viewer, roles.get(row.projectId))),
  );
}

export const stageEntity = defineEntity<Stage>({ typeName: "Stage", loadMany: loadStages });

/**
 * E3. Absent fields stay; null clears description (stored as empty text) and stageType, and is
 * refused for the rest. The date order is checked on the values the stage will have after the
 * change, so moving only one end is checked against the stored other end.
 */
export async function updateStage(db: Db, viewer: Viewer, id: string, input: UpdateStageInput): Promise<Stage> {
  refuseNulls(input, ["name", "isBlameableRemovalEnabled", "dateStart", "dateEnd"]);
  await db.$transaction(async (tx) => {
    const stage = await tx.stage.findUnique({ where: { id }, select: { projectId: true, dateStart: true, dateEnd: true } });
    if (!stage) throw new NotFoundError("Stage", id);
    await assertCanManageProject(tx, viewer, stage.projectId);

    const data: Prisma.StageUncheckedUpdateInput = {};
    if (input.name != null) data.name = input.name;
    if (input.description !== undefined) data.description = input.description ?? "";
    if (input.isBlameableRemovalEnabled != null) data.isBlameableRemovalEnabled = input.isBlameableRemovalEnabled;
    if (input.dateStart != null) data.dateStart = input.dateStart;
    if (input.dateEnd != null) data.dateEnd = input.dateEnd;
    if (input.stageType !== undefined) {
      if (input.stageType !== null) {
        const type = await tx.stageType.findUnique({ where: { id: input.stageType }, select: { id: true } });
        if (!type) throw new NotFoundError("Stage type", input.stageType);
      }
      data.stageTypeId = input.stageType;
    }

    const dateStart = input.dateStart ?? stage.dateStart;
    const dateEnd = input.dateEnd ?? stage.dateEnd;
    if (dateEnd.getTime() < dateStart.getTime()) {
      const field = input.dateEnd != null ? "input.dateEnd" : "input.dateStart";
      throw badInput(field, "dateOrder", "dateEnd must not be before dateStart");
    }
    await tx.stage.update({ where: { id }, data });
  });
  const [stage] = await loadStages(db, [id], viewer);
  return stage;
}
