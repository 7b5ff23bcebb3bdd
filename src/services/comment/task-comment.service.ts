import type { Db, Prisma } from "../../db/client";
import { badInput, NotFoundError } from "../../errors/errors";
import { defineEntity } from "../../federation/entity-registry";
import type { SharedTaskCommentsArgs } from "../../inputs/comment/shared-task-comments.args";
import { SortDirection } from "../../types/shared/sort-direction.enum";
import type { MiniUserRef } from "../../types/people/mini-user-ref.type";
import type { TaskComment } from "../../types/comment/task-comment.type";
import type { TaskCommentCollection } from "../../types/comment/task-comment-collection.type";
import type { TaskCommentMention } from "../../types/comment/task-comment-mention.type";
import type { TaskCommentReaction } from "../../types/comment/task-comment-reaction.type";
import { fileInclude, toTaskCommentFile } from "../task/file.service";
import { pageWindow, paginationInfo } from "../shared/pagination";
import type { ReadDb } from "../../db/kysely";
import type { Selection } from "../shared/look-ahead";
import { readSharedTaskComments, readTaskComments } from "./comment.read";

/** Exactly the fields of a MiniUserRef, so a selected user row is one. */
const miniUserSelect = { id: true, firstName: true, lastName: true, pictureSm: true, pictureLg: true } satisfies Prisma.UserSelect;

const mentionInclude = { user: { select: miniUserSelect } } satisfies Prisma.TaskCommentMentionInclude;
const reactionInclude = { user: { select: miniUserSelect } } satisfies Prisma.TaskCommentReactionInclude;

export const taskCommentInclude = {
  createdBy: { select: miniUserSelect },
  files: { include: fileInclude, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  mentions: {
    include: mentionInclude,
    orderBy: [{ user: { lastName: "asc" } }, { user: { firstName: "asc" } }, { id: "asc" }],
  },
  reactions: { include: reactionInclude, orderBy: [{ reactionType: "asc" }, { id: "asc" }] },
  _count: { select: { replies: true } },
} satisfies Prisma.TaskCommentInclude;

type TaskCommentRow = Prisma.TaskCommentGetPayload<{ include: typeof taskCommentInclude }>;

function toMention(row: { id: string; user: MiniUserRef }): TaskCommentMention {
  return { id: row.id, user: row.user };
}

function toReaction(row: { id: string; user: MiniUserRef; reactionType: string }): TaskCommentReaction {
  return { id: row.id, user: row.user, reactionType: row.reactionType };
}

export function toTaskComment(row: TaskCommentRow): TaskComment {
  return {
    id: row.id,
    isEmoji: row.isEmoji,
    content: row.content,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    createdBySource: row.createdBySource,
    files: row.files.map(toTaskCommentFile),
    repliesTo: row.repliesToId,
    repliesCount: row._count.replies,
    taskCommentMentions: row.mentions.map(toMention),
    taskCommentReactions: row.reactions.map(toReaction),
  };
}

export const taskCommentEntity = defineEntity<TaskComment>({
  typeName: "TaskComment",
  loadMany: (_db, ids, _viewer, read) => readTaskComments(read, ids),
});

export const taskCommentMentionEntity = defineEntity<TaskCommentMention>({
  typeName: "TaskCommentMention",
  async loadMany(db, ids) {
    const rows = await db.taskCommentMention.findMany({ where: { id: { in: [...ids] } }, include: mentionInclude });
    return rows.map(toMention);
  },
});

export const taskCommentReactionEntity = defineEntity<TaskCommentReaction>({
  typeName: "TaskCommentReaction",
  async loadMany(db, ids) {
    const rows = await db.taskCommentReaction.findMany({ where: { id: { in: [...ids] } }, include: reactionInclude });
    return rows.map(toReaction);
  },
});

/**
 * E12: the comments of the task shared under `token`, in one statement. Filters combine with AND
 * (so topLevel: true with repliesTo gives nothing). The cursor narrows the list to what follows it
 * in the chosen order; page and itemsPerPage then apply to that remainder, and totalCount counts it.
 */
export async function sharedTaskComments(
  read: ReadDb,
  args: SharedTaskCommentsArgs,
  maxUnpaginated: number,
  selection: Selection,
): Promise<TaskCommentCollection> {
  if (!args.token) throw new NotFoundError("Shared task");
  const window = pageWindow({ page: args.page, itemsPerPage: args.itemsPerPage }, maxUnpaginated);
  const result = await readSharedTaskComments(
    read,
    {
      token: args.token,
      topLevel: args.topLevel,
      repliesTo: args.repliesTo,
      cursorId: args.cursorId,
      direction: args.order === SortDirection.DESC ? "desc" : "asc",
      skip: window.skip,
      take: window.take,
    },
    selection,
  );
  if (!result) throw new NotFoundError("Shared task");
  if (!result.repliesToOk) throw badInput("repliesTo", "isCommentOfTask", "repliesTo must be a comment of the shared task");
  if (!result.cursorOk) throw badInput("cursorId", "isCommentOfTask", "cursorId must be a comment of the shared task");
  return { items: result.items, paginationInfo: paginationInfo(window, result.total, result.items.length) };
}
