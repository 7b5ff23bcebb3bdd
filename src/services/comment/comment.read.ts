import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { Tables } from "../../db/tables";
import { TaskComment, TaskCommentMention, TaskCommentReaction, type TaskCommentFile } from "../../types/comment/task-comment.type";
import type { MiniUserRef } from "../../types/people/user-summaries.type";
import { parseJson, toBool, toInt } from "../../db/row-values";
import { statement, type StatementBuilder } from "../../db/statements";
import { rules } from "../../auth/rules";
import {
  column,
  columnsOf,
  entityOf,
  list,
  modelBuild,
  readModel,
  required,
  rowsOf,
  tally,
  type EntityOptions,
  type ReadModel,
} from "../shared/read-model";
import type { ListPage } from "../shared/pagination";
import type { Selection } from "../shared/look-ahead";
import { byUserName, userSummary } from "../shared/user-refs";
import { fileModel } from "../task/task.read";

type C = Tables & { c: Tables["TaskComment"] };
type Eb = ExpressionBuilder<C, "c">;

const commentFileModel = fileModel<TaskCommentFile>(required(userSummary<MiniUserRef>("f.createdById")));

/** A mention or a reaction: its row `k` and the user's summary. */
const mentionModel = readModel<TaskCommentMention>({ id: column("k.id"), user: required(userSummary<MiniUserRef>("k.userId")) });
const reactionModel = readModel<TaskCommentReaction>({
  ...columnsOf(TaskCommentReaction, "k"),
  user: required(userSummary<MiniUserRef>("k.userId")),
});

/** `TaskComment`: its author, files, mentions (by last name, first name), reactions (by type) and reply count, each only when selected. */
const commentModel = readModel<TaskComment>({
  ...columnsOf(TaskComment, "c"),
  createdBy: required(userSummary<MiniUserRef>("c.createdById")),
  files: list(commentFileModel, rowsOf("File as f", "f.taskCommentId", "c.id", "f.createdAt", "f.id")),
  repliesTo: column("c.repliesToId"),
  repliesCount: tally("TaskComment as rc", "rc.repliesToId", "c.id"),
  taskCommentMentions: list(mentionModel, byUserName("TaskCommentMention as k", "ku", "k.commentId", "c.id")),
  taskCommentReactions: list(reactionModel, rowsOf("TaskCommentReaction as k", "k.commentId", "c.id", "k.reactionType", "k.id")),
});

export interface SharedCommentsArgs extends ListPage {
  token: string;
  topLevel?: boolean | null;
  repliesTo?: string | null;
  cursorId?: string | null;
  direction: "asc" | "desc";
  total: boolean;
  items: boolean;
}

/** The statement's slots, taken once so that each condition stays one line. */
const slots = (b: StatementBuilder<SharedCommentsArgs>) => ({
  repliesTo: b.param((a) => a.repliesTo!),
  cursor: b.param((a) => a.cursorId!),
  token: b.param((a) => a.token),
});

/** The comments of the shared task `t` that the arguments select (the cursor: strictly after it in (createdAt, id), in the chosen direction). */
function matching<O>(
  b: StatementBuilder<SharedCommentsArgs>,
  s: { topLevel: boolean | null; repliesTo: boolean; cursor: boolean; direction: "asc" | "desc" },
  q: SelectQueryBuilder<C, "c", O>,
) {
  q = q.whereRef("c.taskId", "=", "t.id" as never);
  if (s.topLevel !== null) q = q.where("c.repliesToId", s.topLevel ? "is" : "is not", null);
  const { repliesTo, cursor } = slots(b);
  if (s.repliesTo) q = q.where("c.repliesToId", "=", repliesTo);
  if (s.cursor) {
    const beyond = sql.raw(s.direction === "asc" ? ">" : "<");
    const at = sql`(select ${sql.ref("k.createdAt")} from ${sql.table("TaskComment")} as ${sql.id("k")} where ${sql.ref("k.id")} = ${cursor})`;
    q = q.where(
      sql<boolean>`(${sql.ref("c.createdAt")} ${beyond} ${at} or (${sql.ref("c.createdAt")} = ${at} and ${sql.ref("c.id")} ${beyond} ${cursor}))`,
    );
  }
  return q;
}

/**
 * E12 in ONE statement: the task shared under the token, whether `repliesTo` and `cursorId` are
 * comments of it, the count of matching comments (when selected) and the page as a JSON array.
 */
export const SHARED_COMMENTS = statement(
  "sharedTaskComments.page",
  (a: SharedCommentsArgs) => ({
    sel: a.sel,
    topLevel: a.topLevel ?? null,
    repliesTo: !!a.repliesTo,
    cursor: !!a.cursorId,
    direction: a.direction,
    total: a.total,
    items: a.items,
  }),
  (b, s) => {
    const { repliesTo, cursor, token } = slots(b);
    const ofTask = (id: string) =>
      sql<boolean>`exists (select 1 from ${sql.table("TaskComment")} as ${sql.id("k")} where ${sql.ref("k.id")} = ${id} and ${sql.ref("k.taskId")} = ${sql.ref("t.id")})`;
    return b.db
      .selectFrom("Task as t")
      .select("t.id")
      .$if(s.repliesTo, (q) => q.select(ofTask(repliesTo).as("repliesToOk")))
      .$if(s.cursor, (q) => q.select(ofTask(cursor).as("cursorOk")))
      .$if(s.total, (q) =>
        q.select((eb) =>
          matching(
            b,
            s,
            (eb as unknown as Eb).selectFrom("TaskComment as c").select((e) => e.fn.countAll().as("n")),
          ).as("total"),
        ),
      )
      .$if(s.items, (q) =>
        q.select((eb) =>
          b
            .jsonArray(
              matching(b, s, commentModel.select(modelBuild(b as never, {}), eb.selectFrom("TaskComment as c") as never, s.sel) as never)
                .orderBy("c.createdAt", s.direction)
                .orderBy("c.id", s.direction)
                .limit(b.param((a) => a.take))
                .offset(b.param((a) => a.skip)) as never,
            )
            .as("page"),
        ),
      )
      .where("t.shareToken", "=", token);
  },
);

/** What E12's statement row says. */
export function sharedCommentsOf(row: Record<string, unknown>, sel: Selection) {
  return {
    repliesToOk: row.repliesToOk === undefined || toBool(row.repliesToOk as number),
    cursorOk: row.cursorOk === undefined || toBool(row.cursorOk as number),
    total: toInt(row.total as number),
    items: (parseJson<Array<Record<string, unknown>> | undefined>(row.page) ?? []).map(commentModel.mapper(sel)),
  };
}

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

export const taskCommentEntity = entityOf(TaskComment, commentModel, "TaskComment as c", rules.projectMember, {
  subject: (eb) => eb.selectFrom("Task as t").select("t.projectId").whereRef("t.id", "=", "e.taskId"),
});

/** A mention or a reaction (`e`, read as `k`): its rule's subject is its comment's project. */
const byComment: EntityOptions = {
  subject: (eb) =>
    eb.selectFrom("TaskComment as c").innerJoin("Task as t", "t.id", "c.taskId").select("t.projectId").whereRef("c.id", "=", "e.commentId"),
};
const ofComment = <T extends { id: string }>(type: abstract new () => T, model: ReadModel<T>, table: string) =>
  entityOf(type, model, table, rules.projectMember, byComment);
export const taskCommentMentionEntity = ofComment(TaskCommentMention, mentionModel, "TaskCommentMention as k");
export const taskCommentReactionEntity = ofComment(TaskCommentReaction, reactionModel, "TaskCommentReaction as k");
