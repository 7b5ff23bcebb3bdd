import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { ReadPort } from "../../db/database";
import type { SqlDialect } from "../../db/sql";
import type { FileTable, Tables } from "../../db/tables";
import type { TaskComment } from "../../types/comment/task-comment.type";
import type { TaskCommentFile } from "../../types/comment/task-comment-file.type";
import type { MiniUserRef } from "../../types/people/mini-user-ref.type";
import type { TaskCommentMention } from "../../types/comment/task-comment-mention.type";
import type { TaskCommentReaction } from "../../types/comment/task-comment-reaction.type";
import { parseJson, toBool, toDateRequired, toInt } from "../../db/row-values";
import { Selection } from "../shared/look-ahead";
import { linkedUsersJson, linkedUsersOf } from "../shared/user-refs";
import { readBy } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { defineEntity } from "../../federation/entity-registry";
import { PLACEMENT_NAMES } from "../project/project.read";

type C = Tables & { c: Tables["TaskComment"] };
type CommentQuery<O> = SelectQueryBuilder<C, "c", O>;

/** A MiniUserRef of the user `userId` (an outer column) as a JSON object. */
function miniUserJson(d: SqlDialect, eb: ExpressionBuilder<Tables, never>, userId: string): RawBuilder<unknown> {
  return d.jsonObject(eb
      .selectFrom("User as mu")
      .select(["mu.id", "mu.firstName", "mu.lastName", "mu.pictureSm", "mu.pictureLg"])
      .where(sql<boolean>`${sql.ref("mu.id")} = ${sql.ref(userId)}`),
  );
}

/**
 * The task summary of a file: its own task, or for a comment's file the comment's task, with the
 * project, stage and board names.
 */
export function fileTaskJson(d: SqlDialect, eb: ExpressionBuilder<Tables, never>): RawBuilder<unknown> {
  return d.jsonObject(eb
      .selectFrom("Task as t")
      .innerJoin("Project as p", "p.id", "t.projectId")
      .innerJoin("Board as b", "b.id", "t.boardId")
      .leftJoin("Stage as s", "s.id", "t.stageId")
      .select(["t.id", "t.name", "t.shortCode", "t.no", "t.projectId", "t.stageId", "t.boardId", ...PLACEMENT_NAMES])
      .where(
        sql<boolean>`${sql.ref("t.id")} = coalesce(${sql.ref("f.taskId")}, (select ${sql.ref("fc.taskId")} from ${sql.table("TaskComment")} as ${sql.id("fc")} where ${sql.ref("fc.id")} = ${sql.ref("f.taskCommentId")}))`,
      ),
  );
}

/** A comment's columns and, only when selected, its author, files, mentions, reactions and reply count. */
export function selectComments(read: ReadPort, sel: Selection): CommentQuery<Record<string, unknown>> {
  const { db } = read;
  const d = read;
  const files = sel.get("files");
  return db
    .selectFrom("TaskComment as c")
    .select(["c.id", "c.isEmoji", "c.content", "c.createdAt", "c.updatedAt", "c.createdBySource", "c.repliesToId", "c.taskId"])
    .$if(sel.has("createdBy"), (q) => q.select((eb) => miniUserJson(d, eb as never, "c.createdById").as("createdBy")))
    .$if(sel.has("repliesCount"), (q) =>
      q.select((eb) => eb.selectFrom("TaskComment as rc").select((e) => e.fn.countAll().as("n")).whereRef("rc.repliesToId", "=", "c.id").as("repliesCount")),
    )
    .$if(sel.has("files"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("File as f")
            .select([
              "f.id", "f.type", "f.projectId", "f.taskCommentId", "f.displayedName", "f.extension", "f.size", "f.source", "f.path",
              "f.previewImageUrl", "f.downloadType", "f.createdAt",
            ])
            .$if(files.hasAny("task", "project"), (fq) => fq.select((e) => fileTaskJson(d, e as never).as("task")))
            .$if(files.has("createdBy"), (fq) => fq.select((e) => miniUserJson(d, e as never, "f.createdById").as("createdBy")))
            .$if(files.has("fileCategory"), (fq) =>
              fq.select((e) => d.jsonObject(e.selectFrom("FileCategory as fk").select(["fk.id", "fk.name"]).whereRef("fk.id", "=", "f.fileCategoryId")).as("fileCategory")),
            )
            .whereRef("f.taskCommentId", "=", "c.id")
            .orderBy("f.createdAt")
            .orderBy("f.id"),
        ).as("files"),
      ),
    )
    .$if(sel.has("taskCommentMentions"), (q) => q.select((eb) => linkedUsersJson(d, eb, "TaskCommentMention", "commentId", "c.id").as("mentions")))
    .$if(sel.has("taskCommentReactions"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("TaskCommentReaction as r")
            .innerJoin("User as ru", "ru.id", "r.userId")
            .select(["r.id", "r.reactionType", "ru.id as userId", "ru.firstName", "ru.lastName", "ru.pictureSm", "ru.pictureLg"])
            .whereRef("r.commentId", "=", "c.id")
            .orderBy("r.reactionType")
            .orderBy("r.id"),
        ).as("reactions"),
      ),
    ) as unknown as CommentQuery<Record<string, unknown>>;
}

interface UserColumns {
  userId: string;
  firstName: string;
  lastName: string;
  pictureSm: string;
  pictureLg: string;
}
const mini = (u: UserColumns): MiniUserRef => ({ id: u.userId, firstName: u.firstName, lastName: u.lastName, pictureSm: u.pictureSm, pictureLg: u.pictureLg });

const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s]+$/i;

export interface FileJson extends Omit<FileTable, "taskId" | "fileCategoryId" | "createdById" | "createdAt"> {
  createdAt: string;
  task?: unknown;
  createdBy?: unknown;
  fileCategory?: unknown;
}
interface FileTaskJson {
  id: string;
  name: string;
  shortCode: string;
  no: number;
  projectId: string;
  projectShortCode: string;
  projectName: string;
  projectIsSimple: boolean | number;
  stageId: string | null;
  stageName: string | null;
  boardId: string;
  boardShortCode: string;
  boardName: string;
}

function toFile(f: FileJson): TaskCommentFile {
  return { ...toFileFields(f), createdBy: parseJson<MiniUserRef>(f.createdBy) ?? (undefined as never) };
}

/** A file's own fields (a comment's file and a File entity differ only in the creator's summary). */
export function toFileFields(f: FileJson): Omit<TaskCommentFile, "createdBy"> {
  const task = parseJson<FileTaskJson | null | undefined>(f.task) ?? null;
  const category = parseJson<{ id: string; name: string } | null | undefined>(f.fileCategory) ?? null;
  return {
    id: f.id,
    type: f.type,
    project: f.projectId ?? task?.projectId ?? null,
    task: task
      ? {
          id: task.id,
          name: task.name,
          shortCode: task.shortCode,
          no: task.no,
          project: task.projectId,
          projectShortCode: task.projectShortCode,
          projectName: task.projectName,
          projectIsSimple: toBool(task.projectIsSimple),
          stage: task.stageId,
          stageName: task.stageName,
          board: task.boardId,
          boardShortCode: task.boardShortCode,
          boardName: task.boardName,
        }
      : null,
    taskComment: f.taskCommentId,
    displayedName: f.displayedName,
    extension: f.extension,
    size: f.size,
    source: f.source,
    previewImageUrl: f.previewImageUrl,
    // an internal file's path is a storage key; it is only an address when stored as one
    downloadUrl: ABSOLUTE_HTTP_URL.test(f.path) ? f.path : null,
    downloadType: f.downloadType,
    fileCategory: category ? { id: category.id, name: category.name } : null,
    createdAt: toDateRequired(f.createdAt),
  };
}

/** A statement row (or a JSON element) as the GraphQL `TaskComment`. */
export function toTaskComment(raw: unknown): TaskComment {
  const row = raw as Record<string, unknown> & {
    id: string;
    isEmoji: boolean | number;
    content: string;
    createdAt: string | Date;
    updatedAt: string | Date;
    createdBySource: string;
    repliesToId: string | null;
  };
  return {
    id: row.id,
    isEmoji: toBool(row.isEmoji),
    content: row.content,
    createdAt: toDateRequired(row.createdAt),
    updatedAt: toDateRequired(row.updatedAt),
    createdBy: parseJson<MiniUserRef>(row.createdBy) ?? (undefined as never),
    createdBySource: row.createdBySource,
    files: (parseJson<FileJson[] | undefined>(row.files) ?? []).map(toFile),
    repliesTo: row.repliesToId,
    repliesCount: toInt(row.repliesCount as number),
    taskCommentMentions: linkedUsersOf(row.mentions).map((m) => ({ id: m.id, user: mini(m) })),
    taskCommentReactions: (parseJson<Array<UserColumns & { id: string; reactionType: string }> | undefined>(row.reactions) ?? []).map((r) => ({
      id: r.id,
      reactionType: r.reactionType,
      user: mini(r),
    })),
  };
}

/** Comments by id (the TaskComment entity), in one statement. */
export async function readTaskComments(read: ReadPort, ids: readonly string[]): Promise<TaskComment[]> {
  const rows = await selectComments(read, Selection.all())
    .where((eb) => read.inList(eb.ref("c.id"), ids))
    .execute();
  return rows.map(toTaskComment);
}

export interface SharedCommentsQuery {
  token: string;
  topLevel?: boolean | null;
  repliesTo?: string | null;
  cursorId?: string | null;
  direction: "asc" | "desc";
  skip: number;
  take: number;
}

/**
 * E12 in ONE statement: the task shared under the token, whether `repliesTo` and `cursorId` are
 * comments of it, the count of matching comments (when selected) and the page as a JSON array.
 * The cursor's position is read by a subquery inside the same statement. Null for an unknown token.
 */
export async function readSharedTaskComments(
  read: ReadPort,
  args: SharedCommentsQuery,
  sel: Selection,
): Promise<{ repliesToOk: boolean; cursorOk: boolean; total: number; items: TaskComment[] } | null> {
  const { db } = read;
  const d = read;
  const ofTask = (id: string) =>
    sql<boolean>`exists (select 1 from ${sql.table("TaskComment")} as ${sql.id("k")} where ${sql.ref("k.id")} = ${id} and ${sql.ref("k.taskId")} = ${sql.ref("t.id")})`;
  const matching = <O>(q: CommentQuery<O>): CommentQuery<O> => {
    q = q.where(sql<boolean>`${sql.ref("c.taskId")} = ${sql.ref("t.id")}`);
    if (args.topLevel === true) q = q.where("c.repliesToId", "is", null);
    if (args.topLevel === false) q = q.where("c.repliesToId", "is not", null);
    if (args.repliesTo) q = q.where("c.repliesToId", "=", args.repliesTo);
    if (args.cursorId) {
      // strictly after the cursor in (createdAt, id) taken in the chosen direction
      const beyond = sql.raw(args.direction === "asc" ? ">" : "<");
      const at = sql`(select ${sql.ref("k.createdAt")} from ${sql.table("TaskComment")} as ${sql.id("k")} where ${sql.ref("k.id")} = ${args.cursorId})`;
      q = q.where(
        sql<boolean>`(${sql.ref("c.createdAt")} ${beyond} ${at} or (${sql.ref("c.createdAt")} = ${at} and ${sql.ref("c.id")} ${beyond} ${args.cursorId}))`,
      );
    }
    return q;
  };
  const wantItems = sel.has("items") && args.take > 0;
  const row = await db
    .selectFrom("Task as t")
    .select("t.id")
    .$if(!!args.repliesTo, (q) => q.select(ofTask(args.repliesTo!).as("repliesToOk")))
    .$if(!!args.cursorId, (q) => q.select(ofTask(args.cursorId!).as("cursorOk")))
    .$if(sel.has("paginationInfo"), (q) =>
      q.select(() => matching(db.selectFrom("TaskComment as c").select((e) => e.fn.countAll().as("n"))).as("total")),
    )
    .$if(wantItems, (q) =>
      q.select(() =>
        d.jsonArray(matching(selectComments(read, sel.get("items")))
            .orderBy("c.createdAt", args.direction)
            .orderBy("c.id", args.direction)
            .limit(args.take)
            .offset(args.skip),
        ).as("page"),
      ),
    )
    .where("t.shareToken", "=", args.token)
    .executeTakeFirst();
  if (!row) return null;
  const r = row as { repliesToOk?: boolean | number; cursorOk?: boolean | number; total?: number | string; page?: unknown };
  return {
    repliesToOk: !args.repliesTo || toBool(r.repliesToOk),
    cursorOk: !args.cursorId || toBool(r.cursorOk),
    total: toInt(r.total),
    items: (parseJson<unknown[] | undefined>(r.page) ?? []).map(toTaskComment),
  };
}

/** TaskCommentMention entities by id in one statement, with the mentioned user. */
export async function readTaskCommentMentions(read: ReadPort, ids: readonly string[]): Promise<TaskCommentMention[]> {
  const rows = await read.db
    .selectFrom("TaskCommentMention as m")
    .innerJoin("User as mu", "mu.id", "m.userId")
    .select(["m.id", "mu.id as userId", "mu.firstName", "mu.lastName", "mu.pictureSm", "mu.pictureLg"])
    .where((eb) => read.inList(eb.ref("m.id"), ids))
    .execute();
  return rows.map((r) => ({ id: r.id, user: mini(r) }));
}

/** TaskCommentReaction entities by id in one statement, with the reacting user. */
export async function readTaskCommentReactions(read: ReadPort, ids: readonly string[]): Promise<TaskCommentReaction[]> {
  const rows = await read.db
    .selectFrom("TaskCommentReaction as r")
    .innerJoin("User as ru", "ru.id", "r.userId")
    .select(["r.id", "r.reactionType", "ru.id as userId", "ru.firstName", "ru.lastName", "ru.pictureSm", "ru.pictureLg"])
    .where((eb) => read.inList(eb.ref("r.id"), ids))
    .execute();
  return rows.map((r) => ({ id: r.id, user: mini(r), reactionType: r.reactionType }));
}

/** The project of a comment's mention or reaction (`e`), for its read rule. */
const commentProject: Parameters<typeof readBy>[2] = (eb) =>
  eb.selectFrom("TaskComment as c").innerJoin("Task as t", "t.id", "c.taskId").select("t.projectId").whereRef("c.id", "=", "e.commentId");

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

export const taskCommentEntity = defineEntity<TaskComment>({
  typeName: "TaskComment",
  read: readBy(rules.projectMember, "TaskComment", (eb) => eb.selectFrom("Task as t").select("t.projectId").whereRef("t.id", "=", "e.taskId")),
  loadMany: (read, ids) => readTaskComments(read, ids),
});

export const taskCommentMentionEntity = defineEntity<TaskCommentMention>({
  typeName: "TaskCommentMention",
  read: readBy(rules.projectMember, "TaskCommentMention", commentProject),
  loadMany: (read, ids) => readTaskCommentMentions(read, ids),
});

export const taskCommentReactionEntity = defineEntity<TaskCommentReaction>({
  typeName: "TaskCommentReaction",
  read: readBy(rules.projectMember, "TaskCommentReaction", commentProject),
  loadMany: (read, ids) => readTaskCommentReactions(read, ids),
});
