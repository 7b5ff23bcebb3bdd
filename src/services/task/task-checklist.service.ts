import type { AuthedContext } from "../../context";
import { NotFoundError } from "../../errors/errors";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import type { TaskChecklistCollection } from "../../types/task/task-checklist.type";
import { pageOf, pageWindow, paginationInfo, type PageRequest } from "../shared/pagination";
import { checklistPage, TASK_CHECKLISTS } from "./task.read";
import type { Selection } from "../shared/look-ahead";

/**
 * E6: a task's checklists by weight, each with its items by weight, in one statement: the task
 * (NOT_FOUND without it), the total and the page with its items and leaders. Only a caller whom
 * the task's project decides (an external user) costs the look-up of that project first.
 */
export async function listTaskChecklists(
  ctx: AuthedContext,
  taskId: string,
  page: PageRequest,
  selection: Selection,
): Promise<TaskChecklistCollection> {
  if (ctx.access.decide(rules.readProject) === undefined) {
    // a missing task stays NOT_FOUND below
    const task = await ctx.db.task.findUnique({ where: { id: taskId }, select: { projectId: true } });
    if (task) await policy.require(ctx, rules.readProject, { projectId: task.projectId, what: "Task", field: "taskId" });
  }
  const window = pageWindow(page, ctx.config.maxUnpaginatedItems);
  const slice = pageOf(selection, window);
  const row = await ctx.read.first(TASK_CHECKLISTS, { taskId, ...slice });
  if (!row) throw new NotFoundError("Task", taskId, "taskId");
  const { items, total } = checklistPage(row, slice.sel);
  return { items, paginationInfo: paginationInfo(window, total) };
}
