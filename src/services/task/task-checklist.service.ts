import type { ReadDb } from "../../db/kysely";
import { NotFoundError } from "../../errors/errors";
import type { TaskChecklistCollection } from "../../types/task/task-checklist-collection.type";
import { pageWindow, paginationInfo, type PageRequest } from "../shared/pagination";
import { readTaskChecklistPage } from "./task.read";
import type { Selection } from "../shared/look-ahead";

/**
 * E6: a task's checklists by weight, each with its items by weight, in one statement: the task
 * (NOT_FOUND without it), the total and the page with its items and leaders.
 */
export async function listTaskChecklists(
  read: ReadDb,
  taskId: string,
  page: PageRequest,
  maxUnpaginated: number,
  selection: Selection,
): Promise<TaskChecklistCollection> {
  const window = pageWindow(page, maxUnpaginated);
  const result = await readTaskChecklistPage(read, taskId, window, selection);
  if (!result) throw new NotFoundError("Task", taskId, "taskId");
  return { items: result.items, paginationInfo: paginationInfo(window, result.total) };
}
