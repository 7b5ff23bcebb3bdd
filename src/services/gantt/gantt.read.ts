import { sql, type ExpressionBuilder } from "kysely";
import type { Tables } from "../../db/tables";
import type { SqlDialect } from "../../db/sql";
import type { ReadPort } from "../../db/database";
import type { ProjectGantt } from "../../types/gantt/project-gantt.type";
import type { IdNameDecorator } from "../../types/shared/id-name-decorator.type";
import type { Milestone } from "../../types/gantt/milestone.type";
import type { GanttLink } from "../../types/gantt/gantt-link.type";
import { parseJson, toBool, toDate, toDateRequired, toInt } from "../../db/row-values";
import { progressShare } from "../task/task-tallies";
import { Selection } from "../shared/look-ahead";
import { readBy } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { defineEntity } from "../../federation/entity-registry";

/**
 * The gantt charts of the given projects in ONE statement: the project row with its stages,
 * boards, milestones, links and (on request) tasks as JSON arrays, and the task tallies
 * (progress, planned time) and reported time as correlated aggregates over indexed columns
 * (Task by project/stage/board, ReportedTime by project), each only when the document selects
 * it. The cost follows the charts asked for, not the size of the tables.
 */
export async function readProjectGantts(read: ReadPort, projectIds: readonly string[], showTasks: boolean, sel: Selection): Promise<ProjectGantt[]> {
  if (projectIds.length === 0) return [];
  const { db } = read;
  const d = read;
  const project = sel.get("project");
  const wantTally = project.has("progress") || sel.has("timePlanned");

  const rows = await db
    .selectFrom("Project as p")
    .select([
      "p.id", "p.name", "p.dateStart", "p.dateEnd", "p.dateStartPlanned", "p.dateEndPlanned", "p.status", "p.shortCode",
      "p.isBlameableRemovalEnabled", "p.budget",
    ])
    .$if(wantTally, (q) =>
      q.select((eb) => [
        ...taskCounts(eb),
        eb.selectFrom("Task as t").select((e) => e.fn.sum("t.timePlanned").as("n")).whereRef("t.projectId", "=", "p.id").as("timePlanned"),
      ]),
    )
    .$if(sel.has("timeReported"), (q) =>
      q.select((eb) => eb.selectFrom("ReportedTime as r").select((e) => e.fn.sum("r.seconds").as("n")).whereRef("r.projectId", "=", "p.id").as("timeReported")),
    )
    .$if(sel.has("stages"), (q) => q.select((eb) => groupsJson(d, eb, "stages", sel.get("stages")).as("stages")))
    .$if(sel.has("boards"), (q) => q.select((eb) => groupsJson(d, eb, "boards", sel.get("boards")).as("boards")))
    .$if(sel.has("milestones"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("Milestone as m")
            .select(["m.id", "m.projectId", "m.stageId", "m.weight", "m.name", "m.dateStart", "m.description", "m.status"])
            .whereRef("m.projectId", "=", "p.id")
            .orderBy("m.dateStart").orderBy("m.weight").orderBy("m.id"),
        ).as("milestones"),
      ),
    )
    .$if(sel.has("links"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb.selectFrom("GanttLink as l").select(["l.id", "l.type", "l.sourceId", "l.targetId"]).whereRef("l.projectId", "=", "p.id").orderBy("l.id"),
        ).as("links"),
      ),
    )
    .$if(showTasks && sel.has("tasks"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("Task as t")
            .select([
              "t.id", "t.name", "t.no", "t.shortCode", "t.dateStart", "t.dateEnd", "t.projectId", "t.boardId", "t.finishedAt",
              "t.columnStatus", "t.columnDecorator", "t.status", "t.weight",
            ])
            .whereRef("t.projectId", "=", "p.id")
            // undated tasks last, as the interface asks
            .orderBy(sql`${sql.ref("t.dateStart")} asc nulls last`)
            .orderBy(sql`${sql.ref("t.dateEnd")} asc nulls last`)
            .orderBy("t.weight")
            .orderBy("t.id"),
        ).as("tasks"),
      ),
    )
    .where((eb) => d.inList(eb.ref("p.id"), [...new Set(projectIds)]))
    .execute();

  return rows.map((row) => toProjectGantt(row as unknown as GanttRow, showTasks));
}

/**
 * The counts behind a progress (all tasks, finished tasks) of the gantt's project `p`, or of one
 * of its stages or boards `g` (`t.stageId` or `t.boardId` equal to `g.id`), correlated to the
 * outer query, so each runs over the Task index by project.
 */
function taskCounts<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, groupColumn?: "t.stageId" | "t.boardId") {
  const e = eb as unknown as ExpressionBuilder<Tables, never>;
  const tasks = () =>
    e
      .selectFrom("Task as t")
      .where(sql<boolean>`${sql.ref("t.projectId")} = ${sql.ref("p.id")}`)
      .$if(groupColumn !== undefined, (q) => q.where(sql<boolean>`${sql.ref(groupColumn!)} = ${sql.ref("g.id")}`));
  return [tasks().select((x) => x.fn.countAll().as("n")).as("taskCount"), tasks().select((x) => x.fn.count("t.finishedAt").as("n")).as("finishedCount")];
}

/** The gantt's two kinds of task groups: their table, columns, type and the Task column naming them. */
const GROUPS = {
  stages: {
    table: "Stage",
    columns: ["id", "name", "status", "dateStart", "dateEnd", "weight", "isBlameableRemovalEnabled"],
    type: { field: "stageType", table: "StageType", column: "stageTypeId" },
    taskColumn: "t.stageId",
  },
  boards: {
    table: "Board",
    columns: ["id", "name", "status", "shortCode", "dateStart", "dateEnd", "weight", "stageId"],
    type: { field: "boardType", table: "BoardType", column: "boardTypeId" },
    taskColumn: "t.boardId",
  },
} as const;

// the aliases groupsJson reads from, typed for both kinds of group
type GroupTables = { g: Record<string, unknown>; c: { id: string; name: string; decorator: string } };

/**
 * The project's stages or boards as a JSON array in the gantt's order (start, end, weight, id),
 * each with its type and its task counts only when the document selects them.
 */
function groupsJson<DB, TB extends keyof DB>(d: SqlDialect, eb: ExpressionBuilder<DB, TB>, kindOfGroup: keyof typeof GROUPS, sel: Selection) {
  const group = GROUPS[kindOfGroup];
  const e = eb as unknown as ExpressionBuilder<GroupTables, never>;
  return d.jsonArray(e
      .selectFrom(`${group.table} as g` as "g")
      .select(group.columns.map((column) => sql.ref(`g.${column}`).as(column)))
      .$if(sel.has(group.type.field), (q) =>
        q.select((x) =>
          d.jsonObject(x.selectFrom(`${group.type.table} as c` as "c").select(["c.id", "c.name", "c.decorator"]).where(sql<boolean>`${sql.ref("c.id")} = ${sql.ref(`g.${group.type.column}`)}`),
          ).as(group.type.field),
        ),
      )
      .$if(sel.has("progress"), (q) => q.select((x) => taskCounts(x, group.taskColumn)))
      .where(sql<boolean>`${sql.ref("g.projectId")} = ${sql.ref("p.id")}`)
      .orderBy(sql.ref("g.dateStart"))
      .orderBy(sql.ref("g.dateEnd"))
      .orderBy(sql.ref("g.weight"))
      .orderBy(sql.ref("g.id")),
  );
}

interface Tally {
  taskCount?: number | string | null;
  finishedCount?: number | string | null;
}
interface GanttRow extends Tally {
  id: string;
  name: string;
  dateStart: string | Date | null;
  dateEnd: string | Date | null;
  dateStartPlanned: string | Date;
  dateEndPlanned: string | Date;
  status: string;
  shortCode: string;
  isBlameableRemovalEnabled: boolean | number;
  budget: string | number | null;
  timePlanned?: number | string | null;
  timeReported?: number | string | null;
  stages?: unknown;
  boards?: unknown;
  milestones?: unknown;
  links?: unknown;
  tasks?: unknown;
}

const progress = (t: Tally) => progressShare({ total: toInt(t.taskCount), finished: toInt(t.finishedCount), timePlanned: 0 });
/** A nested JSON object: SQLite hands it over as text (a subquery's value loses its JSON type). */
const classifier = (value: unknown): IdNameDecorator | null => {
  const c = parseJson<IdNameDecorator | null | undefined>(value);
  return c ? { id: c.id, name: c.name, decorator: c.decorator } : null;
};

/** A milestone as its row (entities) or inside the gantt's JSON (dates as text there). */
type MilestoneJson = { id: string; projectId: string; stageId: string | null; weight: number; name: string; dateStart: string | Date; description: string; status: string };
type LinkJson = { id: string; type: string; sourceId: string; targetId: string };

function toProjectGantt(row: GanttRow, showTasks: boolean): ProjectGantt {
  type StageJson = Tally & { id: string; name: string; status: string; dateStart: string; dateEnd: string; weight: number; isBlameableRemovalEnabled: boolean | number; stageType?: unknown };
  type BoardJson = Tally & { id: string; name: string; status: string; shortCode: string; dateStart: string; dateEnd: string; weight: number; stageId: string | null; boardType?: unknown };
  type TaskJson = { id: string; name: string; no: number; shortCode: string; dateStart: string | null; dateEnd: string | null; projectId: string; boardId: string; finishedAt: string | null; columnStatus: string; columnDecorator: string; status: string; weight: number };
  return {
    id: row.id,
    project: {
      id: row.id,
      name: row.name,
      dateStart: toDate(row.dateStart),
      dateEnd: toDate(row.dateEnd),
      dateStartPlanned: toDateRequired(row.dateStartPlanned),
      dateEndPlanned: toDateRequired(row.dateEndPlanned),
      status: row.status,
      shortCode: row.shortCode,
      progress: progress(row),
      isBlameableRemovalEnabled: toBool(row.isBlameableRemovalEnabled),
    },
    budget: row.budget === null ? null : Number(row.budget),
    timePlanned: toInt(row.timePlanned),
    timeReported: toInt(row.timeReported),
    stages: (parseJson<StageJson[] | undefined>(row.stages) ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      dateStart: toDateRequired(s.dateStart),
      dateEnd: toDateRequired(s.dateEnd),
      progress: progress(s),
      weight: s.weight,
      isBlameableRemovalEnabled: toBool(s.isBlameableRemovalEnabled),
      stageType: classifier(s.stageType),
    })),
    boards: (parseJson<BoardJson[] | undefined>(row.boards) ?? []).map((b) => ({
      id: b.id,
      name: b.name,
      status: b.status,
      shortCode: b.shortCode,
      dateStart: toDateRequired(b.dateStart),
      dateEnd: toDateRequired(b.dateEnd),
      progress: progress(b),
      weight: b.weight,
      stage: b.stageId,
      boardType: classifier(b.boardType),
    })),
    milestones: (parseJson<MilestoneJson[] | undefined>(row.milestones) ?? []).map(toMilestone),
    links: (parseJson<LinkJson[] | undefined>(row.links) ?? []).map(toGanttLink),
    tasks: !showTasks
      ? null
      : (parseJson<TaskJson[] | undefined>(row.tasks) ?? []).map((t) => ({
          id: t.id,
          name: t.name,
          no: t.no,
          shortCode: t.shortCode,
          dateStart: toDate(t.dateStart),
          dateEnd: toDate(t.dateEnd),
          project: t.projectId,
          board: t.boardId,
          finishedAt: toDate(t.finishedAt),
          columnStatus: t.columnStatus,
          columnDecorator: t.columnDecorator,
          status: t.status,
          weight: t.weight,
        })),
  };
}

function toMilestone(m: MilestoneJson): Milestone {
  return {
    id: m.id,
    project: m.projectId,
    stage: m.stageId,
    weight: m.weight,
    name: m.name,
    dateStart: toDateRequired(m.dateStart),
    description: m.description,
    status: m.status,
  };
}

function toGanttLink(l: LinkJson): GanttLink {
  return { id: l.id, type: l.type, source: l.sourceId, target: l.targetId };
}

/** Milestone entities by id in one statement. */
export async function readMilestones(read: ReadPort, ids: readonly string[]): Promise<Milestone[]> {
  const rows = await read.db
    .selectFrom("Milestone as m")
    .select(["m.id", "m.projectId", "m.stageId", "m.weight", "m.name", "m.dateStart", "m.description", "m.status"])
    .where((eb) => read.inList(eb.ref("m.id"), ids))
    .execute();
  return rows.map(toMilestone);
}

/** GanttLink entities by id in one statement. */
export async function readGanttLinks(read: ReadPort, ids: readonly string[]): Promise<GanttLink[]> {
  const rows = await read.db
    .selectFrom("GanttLink as l")
    .select(["l.id", "l.type", "l.sourceId", "l.targetId"])
    .where((eb) => read.inList(eb.ref("l.id"), ids))
    .execute();
  return rows.map(toGanttLink);
}

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

/** As an entity the gantt is read without its tasks; `tasks`, when selected, comes from projectGanttWithTasks. */
export const projectGanttEntity = defineEntity<ProjectGantt>({
  typeName: "ProjectGantt",
  read: readBy(rules.readProject, "Project"),
  loadMany: (read, ids) => readProjectGantts(read, ids, false, Selection.all()),
});

export const milestoneEntity = defineEntity<Milestone>({
  typeName: "Milestone",
  read: readBy(rules.readProject, "Milestone", () => "e.projectId"),
  loadMany: (read, ids) => readMilestones(read, ids),
});

export const ganttLinkEntity = defineEntity<GanttLink>({
  typeName: "GanttLink",
  read: readBy(rules.readProject, "GanttLink", () => "e.projectId"),
  loadMany: (read, ids) => readGanttLinks(read, ids),
});

/** Gantts with everything and their tasks, for `tasks` selected below a gantt read without them (through `_entities`). */
export const projectGanttWithTasks = defineEntity<ProjectGantt>({
  typeName: "ProjectGantt",
  read: projectGanttEntity.read,
  loadMany: (read, ids) => readProjectGantts(read, ids, true, Selection.all()),
});
