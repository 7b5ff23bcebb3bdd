import { sql } from "kysely";
import { ProjectGantt, GanttLink, Milestone, GanttBoard, GanttProject, GanttStage, GanttTask } from "../../types/gantt/project-gantt.type";
import type { IdNameDecorator } from "../../types/shared/named.type";
import { toDecimalNumber } from "../../db/row-values";
import { taskProgress } from "../task/task.read";
import { readBy } from "../../auth/rule";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import type { AuthedContext } from "../../context";
import { NotFoundError } from "../../errors/errors";
import {
  column,
  columns,
  columnsOf,
  entityOf,
  group,
  list,
  loadById,
  object,
  readModel,
  rowsOf,
  tally,
  type Fields,
} from "../shared/read-model";
import { Selection } from "../shared/look-ahead";
import { defineEntity } from "../../federation/entity-registry";

/**
 * The gantt chart of a project in ONE statement: the project row with its stages, boards,
 * milestones, links and tasks as JSON arrays, and the task tallies (progress, planned time) and
 * reported time as correlated aggregates over indexed columns (Task by project/stage/board,
 * ReportedTime by project), each only when the document selects it. The cost follows the chart
 * asked for, not the size of the tables.
 */

/** The progress of the gantt's project `p`, or of one of its stages or boards `g` (its tasks by project first: the Task index). */
const progress = (groupColumn?: "t.stageId" | "t.boardId") =>
  taskProgress((eb) =>
    eb.and([eb(sql.ref("t.projectId"), "=", sql.ref("p.id")), ...(groupColumn ? [eb(sql.ref(groupColumn), "=", sql.ref("g.id"))] : [])]),
  );

const classifierModel = readModel<IdNameDecorator>({ id: column("c.id"), name: column("c.name"), decorator: column("c.decorator") });
const classifier = (table: "StageType" | "BoardType", ref: string) =>
  object(
    classifierModel,
    (_m, eb) => eb.selectFrom(`${table} as c` as "StageType as c").where(sql<boolean>`${sql.ref("c.id")} = ${sql.ref(ref)}`) as never,
  );

/** The gantt's order of stages and boards: start, end, weight, id. */
const groups = (table: "Stage" | "Board") => rowsOf(`${table} as g`, "g.projectId", "p.id", "g.dateStart", "g.dateEnd", "g.weight", "g.id");

const stageModel = readModel<GanttStage>({
  ...columnsOf(GanttStage, "g"),
  progress: progress("t.stageId"),
  stageType: classifier("StageType", "g.stageTypeId"),
});

const boardModel = readModel<GanttBoard>({
  ...columnsOf(GanttBoard, "g"),
  progress: progress("t.boardId"),
  stage: column("g.stageId"),
  boardType: classifier("BoardType", "g.boardTypeId"),
});

const milestoneModel = readModel<Milestone>({ ...columnsOf(Milestone, "m"), project: column("m.projectId"), stage: column("m.stageId") });

const linkModel = readModel<GanttLink>({ ...columns("l", ["id", "type"]), source: column("l.sourceId"), target: column("l.targetId") });

/** The gantt's task, field by field (docs/CONTRIBUTING.md adds a field to it as its worked example). */
export const ganttTaskFields = {
  ...columnsOf(GanttTask, "t"),
  project: column("t.projectId"),
  board: column("t.boardId"),
} satisfies Fields<GanttTask>;
const taskModel = readModel<GanttTask>(ganttTaskFields);

const ganttModel = readModel<ProjectGantt>({
  id: column("p.id", String, true),
  project: group<GanttProject>({ ...columnsOf(GanttProject, "p"), progress: progress() }),
  budget: column("p.budget", toDecimalNumber),
  timePlanned: tally("Task as s", "s.projectId", "p.id", "s.timePlanned"),
  timeReported: tally("ReportedTime as s", "s.projectId", "p.id", "s.seconds"),
  stages: list(stageModel, groups("Stage")),
  boards: list(boardModel, groups("Board")),
  milestones: list(milestoneModel, rowsOf("Milestone as m", "m.projectId", "p.id", "m.dateStart", "m.weight", "m.id")),
  links: list(linkModel, rowsOf("GanttLink as l", "l.projectId", "p.id", "l.id")),
  tasks: list(
    taskModel,
    (_m, eb) =>
      eb
        .selectFrom("Task as t")
        .whereRef("t.projectId", "=", "p.id")
        // undated tasks last, as the interface asks
        .orderBy(sql`${sql.ref("t.dateStart")} asc nulls last`)
        .orderBy(sql`${sql.ref("t.dateEnd")} asc nulls last`)
        .orderBy("t.weight")
        .orderBy("t.id") as never,
  ),
});

/** E15: the gantt charts of projects, compiled for what the document selects (`tasks` read in the same statement when selected). */
export const ganttsById = loadById(ganttModel, "Project as p");

/**
 * E15: one project's gantt chart, compiled for what the document selects (the tasks in the same
 * statement when selected, the task tallies only when progress or timePlanned is); NOT_FOUND when
 * there is no such project, or for an external caller not assigned to it.
 */
export async function projectGantt(ctx: AuthedContext, projectId: string, selection: Selection): Promise<ProjectGantt> {
  await policy.require(ctx, rules.readProject, { projectId, what: "Project", field: "id" });
  const [gantt] = await ganttsById(ctx.read, [projectId], ctx.viewer, selection);
  if (!gantt) throw new NotFoundError("Project", projectId, "id");
  return gantt;
}

/** A gantt as an entity: every field but `tasks`, which its field resolver reads when selected (`projectGanttWithTasks`). */
const withoutTasks = new Selection(
  new Map(
    ["id", "project", "budget", "timePlanned", "timeReported", "stages", "boards", "milestones", "links"].map((f) => [f, Selection.all()]),
  ),
);

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

export const projectGanttEntity = defineEntity(ProjectGantt, {
  read: readBy(rules.readProject, "Project"),
  loadMany: (read, ids, viewer) => ganttsById(read, ids, viewer, withoutTasks),
});

/** Gantts with everything and their tasks, for `tasks` selected below a gantt read without them (through `_entities`); not listed. */
export const projectGanttWithTasks = defineEntity(ProjectGantt, {
  read: projectGanttEntity.read,
  loadMany: (read, ids, viewer) => ganttsById(read, ids, viewer),
});

export const milestoneEntity = entityOf(Milestone, milestoneModel, "Milestone as m", rules.readProject, { subject: "projectId" });
export const ganttLinkEntity = entityOf(GanttLink, linkModel, "GanttLink as l", rules.readProject, { subject: "projectId" });
