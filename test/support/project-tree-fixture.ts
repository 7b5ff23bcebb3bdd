import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/client";

/** A project built by a test, with everything in it addressed by id. */
export interface ProjectTree {
  projectId: string;
  shortCode: string;
  stageIds: string[];
  boardIds: string[];
  /** every task, board by board */
  taskIds: string[];
  /** the tasks of each board, by board id */
  tasksByBoard: Map<string, string[]>;
}

export interface ProjectTreeOptions {
  stages?: number;
  boardsPerStage?: number;
  tasksPerBoard?: number;
  budget?: number | null;
  /** first planned day; stages follow each other every 30 days */
  start?: Date;
  name?: string;
}

const DAY = 86_400_000;

/** A unique upper-case code for short codes, so that fixtures never collide with the seed or each other. */
export function uniqueCode(prefix: string): string {
  return `${prefix}${randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/**
 * Inserts a project with `stages` stages, `boardsPerStage` boards in each and `tasksPerBoard`
 * tasks on each board, in a handful of statements. Nothing is finished and nothing is planned:
 * tests set what they assert on.
 */
export async function createProjectTree(db: Db, options: ProjectTreeOptions = {}): Promise<ProjectTree> {
  const { stages = 1, boardsPerStage = 1, tasksPerBoard = 1, budget = null } = options;
  const start = options.start ?? new Date("2031-01-06T00:00:00.000Z");
  const shortCode = uniqueCode("T");
  const projectId = randomUUID();
  await db.project.create({
    data: {
      id: projectId,
      no: shortCode,
      name: options.name ?? `Fixture ${shortCode}`,
      dateStartPlanned: start,
      dateEndPlanned: new Date(start.getTime() + Math.max(1, stages) * 30 * DAY),
      status: "open",
      shortCode,
      budget,
    },
  });
  const stageRows = Array.from({ length: stages }, (_, i) => ({
    id: randomUUID(),
    projectId,
    name: `Stage ${i + 1}`,
    dateStart: new Date(start.getTime() + i * 30 * DAY),
    dateEnd: new Date(start.getTime() + (i * 30 + 29) * DAY),
    weight: i,
  }));
  const boardRows = stageRows.flatMap((s, si) =>
    Array.from({ length: boardsPerStage }, (_, i) => ({
      id: randomUUID(),
      projectId,
      stageId: s.id,
      name: `Board ${si + 1}.${i + 1}`,
      shortCode: uniqueCode("B"),
      dateStart: new Date(s.dateStart.getTime() + i * DAY),
      dateEnd: s.dateEnd,
      weight: i,
      taskCounter: tasksPerBoard,
    })),
  );
  const tasksByBoard = new Map<string, string[]>();
  const taskRows = boardRows.flatMap((b) => {
    const rows = Array.from({ length: tasksPerBoard }, (_, i) => ({
      id: randomUUID(),
      projectId,
      stageId: b.stageId,
      boardId: b.id,
      no: i + 1,
      shortCode: `${b.shortCode}-${i + 1}`,
      name: `Task ${b.name}/${i + 1}`,
      dateStart: new Date(b.dateStart.getTime() + i * DAY),
      dateEnd: new Date(b.dateStart.getTime() + (i + 2) * DAY),
      weight: i,
    }));
    tasksByBoard.set(
      b.id,
      rows.map((r) => r.id),
    );
    return rows;
  });
  if (stageRows.length) await db.stage.createMany({ data: stageRows });
  if (boardRows.length) await db.board.createMany({ data: boardRows });
  if (taskRows.length) await db.task.createMany({ data: taskRows });
  return {
    projectId,
    shortCode,
    stageIds: stageRows.map((s) => s.id),
    boardIds: boardRows.map((b) => b.id),
    taskIds: taskRows.map((t) => t.id),
    tasksByBoard,
  };
}
