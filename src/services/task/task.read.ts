import { inProject, rules } from "../../auth/rules";
import { sql } from "kysely";
import type { ReadPort } from "../../db/database";
import type { TaskChecklist } from "../../types/task/task-checklist.type";
import type { TaskChecklistItem } from "../../types/task/task-checklist-item.type";
import type { TaskType } from "../../types/task/task-type.type";
import type { File } from "../../types/task/file.type";
import { fileTaskJson, toFileFields, type FileJson } from "../comment/comment.read";
import { parseJson, toBool, toInt } from "../../db/row-values";
import type { PageWindow } from "../shared/pagination";
import { idNamesOf, linkedNamesJson } from "../shared/json";
import { Selection } from "../shared/look-ahead";
import { toProjectUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { readBy } from "../../auth/rule";
import { defineEntity } from "../../federation/entity-registry";

/** A checklist's columns with its items and leader (each only when selected), for a JSON array or a page. */
function checklistColumns(read: ReadPort, sel: Selection) {
  const { db } = read;
  const d = read;
  return db
    .selectFrom("TaskChecklist as c")
    .select(["c.id", "c.name", "c.weight", "c.taskId"])
    .$if(sel.has("taskChecklistItems"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("TaskChecklistItem as i")
            .select(["i.id", "i.name", "i.isChecked", "i.weight"])
            .whereRef("i.checklistId", "=", "c.id")
            // ties on weight are broken by id so that the order is stable
            .orderBy("i.weight")
            .orderBy("i.id"),
        ).as("items"),
      ),
    )
    .$if(sel.has("leader"), (q) => q.select((eb) => userRefJson(d, eb, "c.leaderId").as("leader")));
}

interface ChecklistJson {
  id: string;
  name: string;
  weight: number;
  items?: unknown;
  leader?: unknown;
}

export function toTaskChecklist(row: ChecklistJson): TaskChecklist {
  const leader = userRefOf(row.leader);
  return {
    id: row.id,
    name: row.name,
    weight: row.weight,
    taskChecklistItems: (parseJson<Array<{ id: string; name: string; isChecked: boolean | number; weight: number }> | undefined>(row.items) ?? []).map((i) => ({
      id: i.id,
      name: i.name,
      isChecked: toBool(i.isChecked),
      weight: i.weight,
    })),
    leader: leader ? toProjectUserRef(leader) : null,
  };
}

/**
 * E6 in ONE statement: the task row (its absence is NOT_FOUND), its checklist count (only when
 * paginationInfo is selected) and the page of checklists by weight, with their items and leaders,
 * as a JSON array. Returns null for an unknown task.
 */
export async function readTaskChecklistPage(
  read: ReadPort,
  taskId: string,
  window: PageWindow,
  sel: Selection,
): Promise<{ total: number; items: TaskChecklist[] } | null> {
  const { db } = read;
  const d = read;
  const wantItems = sel.has("items") && window.take > 0;
  const row = await db
    .selectFrom("Task as t")
    .select(["t.id", "t.projectId"])
    .$if(sel.has("paginationInfo"), (q) =>
      q.select((eb) => eb.selectFrom("TaskChecklist as n").select((e) => e.fn.countAll().as("n")).whereRef("n.taskId", "=", "t.id").as("total")),
    )
    .$if(wantItems, (q) =>
      q.select(() =>
        d.jsonArray(// the page is cut inside the aggregate: its ORDER BY, LIMIT and OFFSET apply before json_agg
          checklistColumns(read, sel.get("items"))
            .where(sql<boolean>`${sql.ref("c.taskId")} = ${sql.ref("t.id")}`)
            .orderBy("c.weight")
            .orderBy("c.id")
            .limit(window.take)
            .offset(window.skip),
        ).as("page"),
      ),
    )
    .where("t.id", "=", taskId)
    .executeTakeFirst();
  if (!row) return null;
  const r = row as { projectId: string; total?: number | string; page?: unknown };
  const items = (parseJson<ChecklistJson[] | undefined>(r.page) ?? []).map(toTaskChecklist);
  // a leader's hourly rate is shown by the rules of the task's project (src/auth/visibility.ts)
  for (const checklist of items) if (checklist.leader) inProject(checklist.leader, r.projectId);
  return { total: toInt(r.total), items };
}

/** Checklists by id (the TaskChecklist entity), in one statement. */
export async function readTaskChecklists(read: ReadPort, ids: readonly string[]): Promise<TaskChecklist[]> {
  const rows = await checklistColumns(read, Selection.all())
    .where((eb) => read.inList(eb.ref("c.id"), ids))
    .execute();
  return rows.map((r) => toTaskChecklist(r as ChecklistJson));
}

/** TaskChecklistItem entities by id in one statement. */
export async function readTaskChecklistItems(read: ReadPort, ids: readonly string[]): Promise<TaskChecklistItem[]> {
  const rows = await read.db
    .selectFrom("TaskChecklistItem as i")
    .select(["i.id", "i.name", "i.isChecked", "i.weight"])
    .where((eb) => read.inList(eb.ref("i.id"), ids))
    .execute();
  return rows.map((i) => ({ id: i.id, name: i.name, isChecked: toBool(i.isChecked), weight: i.weight }));
}

/** Task types by id in one statement, each with its project categories (by name) as JSON. */
export async function readTaskTypes(read: ReadPort, ids: readonly string[]): Promise<TaskType[]> {
  const { db } = read;
  const d = read;
  const rows = await db
    .selectFrom("TaskType as tt")
    .select(["tt.id", "tt.name", "tt.decorator"])
    .select((eb) => linkedNamesJson(d, eb, { link: "TaskTypeCategory", owner: "taskTypeId", target: "categoryId", named: "ProjectCategory" }, "tt.id").as("categories"))
    .where((eb) => d.inList(eb.ref("tt.id"), ids))
    .execute();
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    decorator: t.decorator,
    categories: idNamesOf(t.categories),
  }));
}

/**
 * Files by id in ONE statement, in the order of `ids` (unknown ids left out): the task summary
 * (a comment's file reaches it through the comment), the category and the creator's summary
 * (its hourly rate shown by the rule of the file's project) as JSON.
 */
export async function readFiles(read: ReadPort, ids: readonly string[]): Promise<File[]> {
  if (ids.length === 0) return [];
  const { db } = read;
  const d = read;
  const rows = await db
    .selectFrom("File as f")
    .select([
      "f.id", "f.type", "f.projectId", "f.taskCommentId", "f.displayedName", "f.extension", "f.size", "f.source", "f.path",
      "f.previewImageUrl", "f.downloadType", "f.createdAt",
    ])
    .select((eb) => [
      fileTaskJson(d, eb as never).as("task"),
      d.jsonObject(eb.selectFrom("FileCategory as fk").select(["fk.id", "fk.name"]).whereRef("fk.id", "=", "f.fileCategoryId")).as("fileCategory"),
      userRefJson(d, eb, "f.createdById").as("createdBy"),
    ])
    .where((eb) => d.inList(eb.ref("f.id"), [...new Set(ids)]))
    .execute();
  const byId = new Map<string, File>();
  for (const row of rows) {
    const creator = userRefOf(row.createdBy);
    if (!creator) continue;
    const fields = toFileFields(row as unknown as FileJson);
    byId.set(row.id, { ...fields, createdBy: inProject(toProjectUserRef(creator), fields.project) });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

export const taskChecklistEntity = defineEntity<TaskChecklist>({
  typeName: "TaskChecklist",
  read: readBy(rules.readProject, "TaskChecklist", (eb) => eb.selectFrom("Task as t").select("t.projectId").whereRef("t.id", "=", "e.taskId")),
  loadMany: (read, ids) => readTaskChecklists(read, ids),
});

export const taskChecklistItemEntity = defineEntity<TaskChecklistItem>({
  typeName: "TaskChecklistItem",
  read: readBy(rules.readProject, "TaskChecklistItem", (eb) =>
    eb.selectFrom("TaskChecklist as c").innerJoin("Task as t", "t.id", "c.taskId").select("t.projectId").whereRef("c.id", "=", "e.checklistId"),
  ),
  loadMany: (read, ids) => readTaskChecklistItems(read, ids),
});

export const fileEntity = defineEntity<File>({
  typeName: "File",
  read: readBy(rules.readProject, "File", (eb) =>
    eb.fn.coalesce(
      "e.projectId",
      eb.selectFrom("Task as t").select("t.projectId").whereRef("t.id", "=", "e.taskId"),
      eb.selectFrom("TaskComment as c").innerJoin("Task as ct", "ct.id", "c.taskId").select("ct.projectId").whereRef("c.id", "=", "e.taskCommentId"),
    ),
  ),
  loadMany: (read, ids) => readFiles(read, ids),
});

export const taskTypeEntity = defineEntity<TaskType>({
  typeName: "TaskType",
  read: readBy(rules.signedIn),
  loadMany: (read, ids) => readTaskTypes(read, ids),
});
