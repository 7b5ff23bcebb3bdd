import type { Db, Prisma } from "../db/client";
import { badInput, NotFoundError } from "../errors/errors";
import { defineEntity } from "../federation/entity-registry";
import type { SharedTaskCommentsArgs } from "../inputs/shared-task-comments.args";
import { SortDirection } from "../types/sort-direction.enum";
import type { MiniUserRef } from "../types/mini-user-ref.type";
import type { TaskComment } from "../types/task-comment.type";
import type { TaskCommentCollection } from "../types/task-comment-collection.type";
import type { TaskCommentMention } from "../types/task-comment-mention.type";
import type { TaskCommentReaction } from "../types/task-comment-reaction.type";
import { fileInclude, toTaskCommentFile } from "./file.service";
import { pageWindow, paginationInfo } from "./pagination";

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
  async loadMany(db, ids) {
    const rows = await db.taskComment.findMany({ where: { id: { in: [...ids] } }, include: taskCommentInclude });
    return rows.map(toTaskComment);
  },
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

/** The comments strictly after `cursor` in the order (createdAt, id) taken in `direction`. */
function afterCursor(cursor: { id: string; createdAt: Date }, direction: "asc" | "desc"): Prisma.TaskCommentWhereInput {
  const beyond = direction === "asc" ? "gt" : "lt";
  return {
    OR: [{ createdAt: { [beyond]: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { [beyond]: cursor.id } }],
  };
}

/**
 * E12: the comments of the task shared under `token`. Filters combine with AND (so topLevel:
 * true with repliesTo gives nothing). The cursor narrows the list to what follows it in the chosen
 * order; page and itemsPerPage then apply to that remainder, and totalCount counts it.
 */
export async function sharedTaskComments(db: Db, args: SharedTaskCommentsArgs, maxUnpaginated: number): Promise<TaskCommentCollection> {
  const task = args.token ? await db.task.findUnique({ where: { shareToken: args.token }, select: { id: true } }) : null;
  if (!task) throw new NotFoundError("Shared task");

  const referenced = [args.cursorId, args.repliesTo].filter((id): id is string => typeof id === "string");
  const comments =
    referenced.length === 0
      ? []
      : await db.taskComment.findMany({ where: { id: { in: referenced }, taskId: task.id }, select: { id: true, createdAt: true } });
  const ofTask = new Map(comments.map((c) => [c.id, c]));

  const direction = args.order === SortDirection.DESC ? "desc" : "asc";
  const and: Prisma.TaskCommentWhereInput[] = [{ taskId: task.id }];
  if (args.topLevel === true) and.push({ repliesToId: null });
  if (args.topLevel === false) and.push({ repliesToId: { not: null } });
  if (args.repliesTo) {
    if (!ofTask.has(args.repliesTo)) throw badInput("repliesTo", "isCommentOfTask", "repliesTo must be a comment of the shared task");
    and.push({ repliesToId: args.repliesTo });
  }
  if (args.cursorId) {
    const cursor = ofTask.get(args.cursorId);
    if (!cursor) throw badInput("cursorId", "isCommentOfTask", "cursorId must be a comment of the shared task");
    and.push(afterCursor(cursor, direction));
  }
  const where: Prisma.TaskCommentWhereInput = { AND: and };

  const window = pageWindow({ page: args.page, itemsPerPage: args.itemsPerPage }, maxUnpaginated);
  const [total, rows] = await Promise.all([
    db.taskComment.count({ where }),
    window.take === 0
      ? Promise.resolve([])
      : db.taskComment.findMany({
          where,
          orderBy: [{ createdAt: direction }, { id: direction }],
          skip: window.skip,
          take: window.take,
          include: taskCommentInclude,
        }),
  ]);
  const items = rows.map(toTaskComment);
  return { items, paginationInfo: paginationInfo(window, total, items.length) };
}
