import { inProject } from "../../auth/visibility";
import { sql } from "kysely";
import type { ReadDb } from "../../db/kysely";
import type { TaskChecklist } from "../../types/task/task-checklist.type";
import { inList, parseJson, toBool, toInt } from "../../db/row-values";
import type { PageWindow } from "../shared/pagination";
import { jsonArray } from "../shared/json";
import { Selection } from "../shared/look-ahead";
import { toProjectUserRef, userRefJson, userRefOf } from "../people/user-refs.read";

/** A checklist's columns with its items and leader (each only when selected), for a JSON array or a page. */
function checklistColumns(read: ReadDb, sel: Selection) {
  const { db, kind } = read;
  return db
    .selectFrom("TaskChecklist as c")
    .select(["c.id", "c.name", "c.weight", "c.taskId"])
    .$if(sel.has("taskChecklistItems"), (q) =>
      q.select((eb) =>
        jsonArray(
          kind,
          eb
            .selectFrom("TaskChecklistItem as i")
            .select(["i.id", "i.name", "i.isChecked", "i.weight"])
            .whereRef("i.checklistId", "=", "c.id")
            // ties on weight are broken by id so that the order is stable
            .orderBy("i.weight")
            .orderBy("i.id"),
        ).as("items"),
      ),
    )
    .$if(sel.has("leader"), (q) => q.select((eb) => userRefJson(kind, eb, "c.leaderId").as("leader")));
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
  read: ReadDb,
  taskId: string,
  window: PageWindow,
  sel: Selection,
): Promise<{ total: number; items: TaskChecklist[] } | null> {
  const { db, kind } = read;
  const wantItems = sel.has("items") && window.take > 0;
  const row = await db
    .selectFrom("Task as t")
    .select(["t.id", "t.projectId"])
    .$if(sel.has("paginationInfo"), (q) =>
      q.select((eb) => eb.selectFrom("TaskChecklist as n").select((e) => e.fn.countAll().as("n")).whereRef("n.taskId", "=", "t.id").as("total")),
    )
    .$if(wantItems, (q) =>
      q.select(() =>
        jsonArray(
          kind,
          // the page is cut inside the aggregate: its ORDER BY, LIMIT and OFFSET apply before json_agg
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
export async function readTaskChecklists(read: ReadDb, ids: readonly string[]): Promise<TaskChecklist[]> {
  const rows = await checklistColumns(read, Selection.all())
    .where((eb) => inList(read.kind, eb.ref("c.id"), ids))
    .execute();
  return rows.map((r) => toTaskChecklist(r as ChecklistJson));
}
