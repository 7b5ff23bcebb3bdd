import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { SharedTaskCommentsArgs } from "../../inputs/comment/shared-task-comments.args";
import { SortDirection } from "../../types/shared/sort-direction.enum";
import type { TaskCommentCollection } from "../../types/comment/task-comment.type";
import { pageOf, pageWindow, paginationInfo } from "../shared/pagination";
import type { DataPort } from "../../db/database";
import type { Selection } from "../shared/look-ahead";
import { SHARED_COMMENTS, sharedCommentsOf } from "./comment.read";

/**
 * E12: the comments of the task shared under `token`, in one statement. Filters combine with AND
 * (so topLevel: true with repliesTo gives nothing). The cursor narrows the list to what follows it
 * in the chosen order; page and itemsPerPage then apply to that remainder, and totalCount counts it.
 */
export async function sharedTaskComments(
  { read }: DataPort,
  args: SharedTaskCommentsArgs,
  selection: Selection,
): Promise<TaskCommentCollection> {
  if (!args.token) throw new NotFoundError("Shared task", undefined, "token");
  const window = pageWindow(args);
  const page = pageOf(selection, window);
  const direction = args.order === SortDirection.DESC ? "desc" : "asc";
  const row = await read.first(SHARED_COMMENTS, { ...args, direction, ...page });
  if (!row) throw new NotFoundError("Shared task", undefined, "token");
  const result = sharedCommentsOf(row, page.sel);
  if (!result.repliesToOk) throw badInput("repliesTo", "isCommentOfTask", "repliesTo must be a comment of the shared task");
  if (!result.cursorOk) throw badInput("cursorId", "isCommentOfTask", "cursorId must be a comment of the shared task");
  return { items: result.items, paginationInfo: paginationInfo(window, result.total) };
}
