import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Tables } from "../../db/tables";
import { rules } from "../../auth/rules";
import { readBy } from "../../auth/rule";
import { TaskChecklist, TaskChecklistItem } from "../../types/task/task-checklist.type";
import { TaskType } from "../../types/task/task-type.type";
import { File, FileBase, type FileTask } from "../../types/task/file.type";
import type { IdName } from "../../types/shared/named.type";
import type { ProjectUserRef } from "../../types/people/user-summaries.type";
import { parseJson, toBool, toInt } from "../../db/row-values";
import { statement } from "../../db/statements";
import type { ListPage } from "../shared/pagination";
import {
  column,
  columns,
  columnsOf,
  computed,
  entityOf,
  list,
  loadById,
  modelBuild,
  object,
  readModel,
  required,
  rowsOf,
  shownIn,
  value,
  type Field,
} from "../shared/read-model";
import type { Selection } from "../shared/look-ahead";
import { userSummary } from "../shared/user-refs";
import { defineEntity } from "../../federation/entity-registry";

/** Id and name of a row of `table` that the outer row's `ref` names (a category, a department...). */
export function idName(table: "FileCategory" | "ProjectCategory" | "Department", ref: string): Field<IdName | null> {
  return object(
    idNameModel,
    (_m, eb) => eb.selectFrom(`${table} as n` as "FileCategory as n").where(sql<boolean>`${sql.ref("n.id")} = ${sql.ref(ref)}`) as never,
  );
}
const idNameModel = readModel<IdName>(columns("n", ["id", "name"]));

/** The names of the rows of `table` linked to the outer row through a join table, by name then id (a task type's categories, a project's tags...). */
export function linkedNames(link: string, owner: string, target: string, table: string, ownerRef: string): Field<IdName[]> {
  return list(
    idNameModel,
    (_m, eb) =>
      eb
        .selectFrom(`${link} as lk` as "ProjectTag as lk")
        .innerJoin(`${table} as n` as "Tag as n", (j) => j.on(sql<boolean>`${sql.ref("n.id")} = ${sql.ref(`lk.${target}`)}`))
        .where(sql<boolean>`${sql.ref(`lk.${owner}`)} = ${sql.ref(ownerRef)}`)
        .orderBy("n.name")
        .orderBy(sql.ref(`lk.${target}`)) as never,
  );
}

/**
 * The share of the tasks `match` picks (correlated to the outer row: a project's, a stage's, a
 * board's) that are finished, 0 to 1 (0 when there is nothing to finish), from two counts over the Task indexes.
 */
export function taskProgress(match: (eb: ExpressionBuilder<Tables & { t: Tables["Task"] }, "t">) => Expression<SqlBool>): Field<number> {
  const tasks = (eb: ExpressionBuilder<Tables & Record<string, Record<string, unknown>>, string>) =>
    (eb as unknown as ExpressionBuilder<Tables, never>).selectFrom("Task as t").where(match);
  return computed(
    (_m, eb) => ({
      total: tasks(eb).select((x) => x.fn.countAll().as("n")),
      finished: tasks(eb).select((x) => x.fn.count("t.finishedAt").as("n")),
    }),
    (raw) => {
      const total = toInt(raw("total") as number);
      return total === 0 ? 0 : toInt(raw("finished") as number) / total;
    },
  );
}

/** The task a file belongs to: its own, or for a comment's file the comment's (an SQL expression on `f`). */
const fileTaskId = sql<string>`coalesce(${sql.ref("f.taskId")}, (select ${sql.ref("fc.taskId")} from ${sql.table("TaskComment")} as ${sql.id("fc")} where ${sql.ref("fc.id")} = ${sql.ref("f.taskCommentId")}))`;

/** The names that place a task in its project, stage and board (`p`, `s`, `b` joined). */
const fileTaskModel = readModel<FileTask>({
  ...columns("t", ["id", "name", "shortCode", "no"]),
  project: column("t.projectId"),
  projectShortCode: column("p.shortCode"),
  projectName: column("p.name"),
  projectIsSimple: column("p.isSimple", toBool),
  stage: column("t.stageId"),
  stageName: column("s.name"),
  board: column("t.boardId"),
  boardShortCode: column("b.shortCode"),
  boardName: column("b.name"),
});

const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** The project a file belongs to: its own, else its task's (an SQL expression on `f`). */
const projectOfFile = sql`coalesce(${sql.ref("f.projectId")}, (select ${sql.ref("pt.projectId")} from ${sql.table("Task")} as ${sql.id("pt")} where ${sql.ref("pt.id")} = ${fileTaskId}))`;

/** A file as a comment shows it (its creator a MiniUserRef) or as the File entity (a ProjectUserRef, its rate by the file's project). */
export function fileModel<T extends FileBase & { createdBy: unknown }>(createdBy: Field<T["createdBy"]>) {
  return readModel<T>({
    ...columnsOf(FileBase, "f"),
    project: value(() => projectOfFile),
    task: object(
      fileTaskModel,
      (_m, eb) =>
        eb
          .selectFrom("Task as t")
          .innerJoin("Project as p", "p.id", "t.projectId")
          .innerJoin("Board as b", "b.id", "t.boardId")
          .leftJoin("Stage as s", "s.id", "t.stageId")
          .where(sql<boolean>`${sql.ref("t.id")} = ${fileTaskId}`) as never,
    ),
    taskComment: column("f.taskCommentId"),
    // an internal file's path is a storage key; it is only an address when stored as one
    downloadUrl: column("f.path", (path: string) => (ABSOLUTE_HTTP_URL.test(path) ? path : null)),
    fileCategory: idName("FileCategory", "f.fileCategoryId"),
    createdBy,
  } as never);
}

const entityFileModel = fileModel<File>(shownIn(required(userSummary<ProjectUserRef>("f.createdById")), projectOfFile));

const itemModel = readModel<TaskChecklistItem>(columnsOf(TaskChecklistItem, "i"));

/** A checklist with its items (by weight, ties by id) and its leader, shown in the task's project (`t`, the outer task row). */
const checklistModel = (projectId: string) =>
  readModel<TaskChecklist>({
    ...columns("c", ["id", "name", "weight"]),
    taskChecklistItems: list(itemModel, rowsOf("TaskChecklistItem as i", "i.checklistId", "c.id", "i.weight", "i.id")),
    leader: shownIn(userSummary<ProjectUserRef>("c.leaderId"), projectId),
  });
const pageChecklistModel = checklistModel("t.projectId");
const entityChecklistModel = checklistModel("ct.projectId");

/**
 * E6 in ONE statement: the task row (its absence is NOT_FOUND), its checklist count (when
 * paginationInfo is selected) and the page of checklists by weight, with their items and leaders,
 * as a JSON array (ORDER BY, LIMIT and OFFSET apply inside the aggregate).
 */
export const TASK_CHECKLISTS = statement(
  "taskChecklists.page",
  (a: ListPage & { taskId: string; total: boolean; items: boolean }) => ({ sel: a.sel, total: a.total, items: a.items }),
  (b, s) => {
    const [m, taskId] = [modelBuild(b as never, {}), b.param((a) => a.taskId)];
    return b.db
      .selectFrom("Task as t")
      .select(["t.id"])
      .$if(s.total, (q) =>
        q.select((eb) =>
          eb
            .selectFrom("TaskChecklist as n")
            .select((e) => e.fn.countAll().as("n"))
            .whereRef("n.taskId", "=", "t.id")
            .as("total"),
        ),
      )
      .$if(s.items, (q) =>
        q.select((eb) =>
          b
            .jsonArray(
              pageChecklistModel
                .select(m, eb.selectFrom("TaskChecklist as c") as never, s.sel)
                .where(sql<boolean>`${sql.ref("c.taskId")} = ${sql.ref("t.id")}`)
                .orderBy("c.weight")
                .orderBy("c.id")
                .limit(b.param((a) => a.take))
                .offset(b.param((a) => a.skip)) as never,
            )
            .as("page"),
        ),
      )
      .where("t.id", "=", taskId);
  },
);

/** The page's checklists and the count of E6's statement row. */
export function checklistPage(row: { page?: unknown; total?: unknown }, sel: Selection): { items: TaskChecklist[]; total: number } {
  return {
    items: (parseJson<Array<Record<string, unknown>> | undefined>(row.page) ?? []).map(pageChecklistModel.mapper(sel)),
    total: toInt(row.total as number),
  };
}

const taskTypeModel = readModel<TaskType>({
  ...columns("tt", ["id", "name", "decorator"]),
  categories: linkedNames("TaskTypeCategory", "taskTypeId", "categoryId", "ProjectCategory", "tt.id"),
});

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

export const taskChecklistEntity = entityOf(TaskChecklist, entityChecklistModel, "TaskChecklist as c", rules.readProject, {
  subject: (eb) => eb.selectFrom("Task as t").select("t.projectId").whereRef("t.id", "=", "e.taskId"),
  join: (q) => q.innerJoin("Task as ct", "ct.id", "c.taskId") as never,
});

export const taskChecklistItemEntity = entityOf(TaskChecklistItem, itemModel, "TaskChecklistItem as i", rules.readProject, {
  subject: (eb) =>
    eb
      .selectFrom("TaskChecklist as c")
      .innerJoin("Task as t", "t.id", "c.taskId")
      .select("t.projectId")
      .whereRef("c.id", "=", "e.checklistId"),
});

const filesById = loadById(entityFileModel, "File as f");

export const fileEntity = defineEntity(File, {
  read: readBy(rules.readProject, "File", (eb) =>
    eb.fn.coalesce(
      "e.projectId",
      eb.selectFrom("Task as t").select("t.projectId").whereRef("t.id", "=", "e.taskId"),
      eb
        .selectFrom("TaskComment as c")
        .innerJoin("Task as ct", "ct.id", "c.taskId")
        .select("ct.projectId")
        .whereRef("c.id", "=", "e.taskCommentId"),
    ),
  ),
  /** In the order of `ids`. */
  loadMany: async (read, ids, viewer) => {
    const byId = new Map((await filesById(read, ids, viewer)).map((f) => [f.id, f]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
});

export const taskTypeEntity = entityOf(TaskType, taskTypeModel, "TaskType as tt", rules.signedIn);
