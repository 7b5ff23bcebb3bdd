import type { Db, Prisma } from "../db/client";
import { NotFoundError } from "../errors/errors";
import { defineEntity } from "../federation/entity-registry";
import { toProjectUserRef, userRefInclude } from "../mappers/user-refs";
import type { TaskChecklist } from "../types/task-checklist.type";
import type { TaskChecklistItem } from "../types/task-checklist-item.type";
import type { TaskChecklistCollection } from "../types/task-checklist-collection.type";
import { pageWindow, paginationInfo, type PageRequest } from "./pagination";

const ITEM_SELECT = { id: true, name: true, isChecked: true, weight: true } as const;

// ties on weight are broken by id so that pages never overlap or skip
const BY_WEIGHT: Prisma.TaskChecklistOrderByWithRelationInput[] = [{ weight: "asc" }, { id: "asc" }];

export const taskChecklistInclude = {
  items: { select: ITEM_SELECT, orderBy: [{ weight: "asc" }, { id: "asc" }] },
  leader: { include: userRefInclude },
} satisfies Prisma.TaskChecklistInclude;

type TaskChecklistRow = Prisma.TaskChecklistGetPayload<{ include: typeof taskChecklistInclude }>;

export function toTaskChecklist(row: TaskChecklistRow): TaskChecklist {
  return {
    id: row.id,
    name: row.name,
    weight: row.weight,
    taskChecklistItems: row.items,
    leader: row.leader ? toProjectUserRef(row.leader) : null,
  };
}

export const taskChecklistEntity = defineEntity<TaskChecklist>({
  typeName: "TaskChecklist",
  async loadMany(db, ids) {
    const rows = await db.taskChecklist.findMany({ where: { id: { in: [...ids] } }, include: taskChecklistInclude });
    return rows.map(toTaskChecklist);
  },
});

export const taskChecklistItemEntity = defineEntity<TaskChecklistItem>({
  typeName: "TaskChecklistItem",
  async loadMany(db, ids) {
    return db.taskChecklistItem.findMany({ where: { id: { in: [...ids] } }, select: ITEM_SELECT });
  },
});

/**
 * E6: a task's checklists by weight, each with its items by weight. The task's existence and the
 * total come from one statement; the page and its nested items, leaders and their contractor and
 * job position from one statement per relation level, whatever the number of checklists.
 */
export async function listTaskChecklists(
  db: Db,
  taskId: string,
  page: PageRequest,
  maxUnpaginated: number,
): Promise<TaskChecklistCollection> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { _count: { select: { checklists: true } } } });
  if (!task) throw new NotFoundError("Task", taskId);
  const total = task._count.checklists;
  const window = pageWindow(page, maxUnpaginated);
  const rows =
    window.take === 0 || window.skip >= total
      ? []
      : await db.taskChecklist.findMany({
          where: { taskId },
          orderBy: BY_WEIGHT,
          skip: window.skip,
          take: window.take,
          include: taskChecklistInclude,
        });
  const items = rows.map(toTaskChecklist);
  return { items, paginationInfo: paginationInfo(window, total, items.length) };
}
