import type { SeedContext } from "./context";
import { addDays, addMinutes, at, BASE_DATE, beforeBase, daysBetween, laterBefore, maxDate, minDate } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import type { ProjectDictionaries } from "./project-dictionaries.seed";
import { CATEGORY } from "./project-dictionaries.seed";
import type { ProjectsWorld, SeedBoard, SeedProject } from "./projects.seed";
import type { Random } from "./random";
import { checklistTemplates, SHOWCASE_CHECKLISTS, taskDescription, taskName, taskTypeFor, type TaskPool } from "./task-texts";
import type { SeedUser } from "./users.seed";

export type ColumnStatus = "todo" | "in-progress" | "done";

export interface SeedTask {
  id: string;
  project: SeedProject;
  board: SeedBoard;
  stageId: string | null;
  no: number;
  shortCode: string;
  name: string;
  createdAt: Date;
  dateStart: Date | null;
  dateEnd: Date | null;
  finishedAt: Date | null;
  columnStatus: ColumnStatus;
  typeName: string | null;
  /** The people of the task's board: they comment on it and report time on it. */
  people: SeedUser[];
}

export interface TasksWorld {
  tasks: SeedTask[];
  byId: Map<string, SeedTask>;
  showcase: SeedTask;
}

const COLUMN_DECORATOR: Record<ColumnStatus, string> = { todo: "#78909c", "in-progress": "#2490e3", done: "#44a069" };
const TASK_STATUS: Record<ColumnStatus, string> = { todo: "open", "in-progress": "open", done: "closed" };
const PLANNED_HOURS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 40];
/** Who leads each of the showcase task's checklists: the developer the code, the PM the acceptance. */
const SHOWCASE_LEADERS = [demoIds.userId, demoIds.userId, demoIds.pmUserId, demoIds.pmUserId];

/** Tasks numbered per board, their checklists, and the gantt links between boards and tasks. */
export async function seedTasks(ctx: SeedContext, projects: ProjectsWorld, dictionaries: ProjectDictionaries): Promise<TasksWorld> {
  const rng = ctx.rng.fork("tasks");
  const tasks: SeedTask[] = [];
  const taskRows: RowOf<"task">[] = [];
  const checklistRows: RowOf<"taskChecklist">[] = [];
  const itemRows: RowOf<"taskChecklistItem">[] = [];

  for (const project of projects.projects) {
    for (const board of project.boards) {
      const pool = poolOf(project, board);
      const names = new Set<string>();
      const perColumn: Record<ColumnStatus, number> = { todo: 0, "in-progress": 0, done: 0 };
      for (let no = 1; no <= board.taskCount; no++) {
        const isShowcase = board.id === demoIds.boardId && no === 3;
        const name = isShowcase ? "Harmonogram zleceń produkcyjnych – widok tygodniowy" : uniqueName(rng, pool, names);
        const column: ColumnStatus = isShowcase ? "in-progress" : columnFor(rng, project, board);
        const { dateStart, dateEnd } = taskDates(rng, board, column, pool === "Backlog");
        // Created when the board was being planned, a few days before it starts.
        const planned = maxDate(addDays(board.start, -rng.int(0, 3)), project.createdAt);
        const createdAt = beforeBase(rng, at(planned, rng.int(8, 17), rng.int(0, 59)));
        const finishedAt = column === "done" ? finishedMoment(rng, dateEnd ?? board.end, maxDate(createdAt, dateStart ?? createdAt)) : null;
        const creator = rng.chance(0.6) ? project.pmActive : rng.pick(board.members);
        const typeName = isShowcase ? "Funkcjonalność" : taskTypeFor(rng, pool, name);
        const task: SeedTask = {
          id: isShowcase ? demoIds.taskId : rng.uuid(),
          project,
          board,
          stageId: board.stageId,
          no,
          shortCode: `${board.shortCode}-${no}`,
          name,
          createdAt,
          dateStart,
          dateEnd,
          finishedAt,
          columnStatus: column,
          typeName,
          people: board.members,
        };
        tasks.push(task);
        taskRows.push({
          id: task.id,
          projectId: project.id,
          stageId: board.stageId,
          boardId: board.id,
          no,
          shortCode: task.shortCode,
          name,
          description: isShowcase
            ? "Tygodniowy widok harmonogramu zleceń dla kierowników zmian: zlecenia z SAP na osi czasu maszyn, " +
              "przeciąganie między gniazdami z kontrolą kolizji. Kryteria akceptacji w checklistach."
            : taskDescription(rng, name),
          dateStart,
          dateEnd,
          weight: ++perColumn[column],
          status: column === "todo" && board.start > BASE_DATE ? "in-preparation" : TASK_STATUS[column],
          columnStatus: column,
          columnDecorator: COLUMN_DECORATOR[column],
          finishedAt,
          timePlanned: 3600 * (isShowcase ? 32 : rng.pick(PLANNED_HOURS)),
          shareToken: isShowcase ? demoIds.sharedTaskToken : rng.chance(0.06) ? `shr_${rng.token(18)}` : null,
          taskTypeId: typeName ? dictionaries.taskTypes.get(typeName)!.id : null,
          createdById: creator.id,
          createdAt,
          updatedAt: finishedAt ?? laterBefore(rng, createdAt, 20),
        });

        const templates: [string, string[]][] = isShowcase
          ? SHOWCASE_CHECKLISTS
          : rng.chance(0.3)
            ? checklistTemplates(rng, rng.int(1, 3))
            : [];
        templates.forEach(([checklistName, items], i) => {
          const checklistId = rng.uuid();
          checklistRows.push({
            id: checklistId,
            taskId: task.id,
            name: checklistName,
            weight: i + 1,
            leaderId: isShowcase ? SHOWCASE_LEADERS[i] : rng.chance(0.8) ? rng.pick(board.members).id : null,
          });
          items.forEach((itemName, j) =>
            itemRows.push({
              id: rng.uuid(),
              checklistId,
              name: itemName,
              isChecked: column === "done" || (column === "in-progress" && (isShowcase ? i < 2 && j < 2 : rng.chance(0.5))),
              weight: j + 1,
            }),
          );
        });
      }
    }
  }

  await ctx.out.insert("task", taskRows);
  await ctx.out.insert("taskChecklist", checklistRows);
  await ctx.out.insert("taskChecklistItem", itemRows);
  await ctx.out.insert("ganttLink", ganttLinks(rng, projects, tasks));

  const byId = new Map(tasks.map((t) => [t.id, t]));
  return { tasks, byId, showcase: byId.get(demoIds.taskId)! };
}

function poolOf(project: SeedProject, board: SeedBoard): TaskPool {
  if (project.isSimple) return "onboarding";
  if (project.category === CATEGORY.marketing) return board.name === "Emisja" ? "campaign" : "creative";
  if (["Sprint", "Backlog", "Dokumentacja", "Wsparcie"].includes(board.typeName)) return board.typeName as TaskPool;
  return (project.stages.find((s) => s.id === board.stageId)?.typeName ?? "Wdrożenie") as TaskPool;
}

function uniqueName(rng: Random, pool: TaskPool, taken: Set<string>): string {
  for (let attempt = 0; attempt < 12; attempt++) {
    const name = taskName(rng, pool);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // Small pools on big boards: a part number keeps names distinct.
  const base = taskName(rng, pool);
  for (let part = 2; ; part++) {
    const name = `${base} (cz. ${part})`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** Finished boards are done, future ones untouched; a running board is done roughly as far as it has run. */
function columnFor(rng: Random, project: SeedProject, board: SeedBoard): ColumnStatus {
  if (project.status === "closed" || board.end < BASE_DATE) return "done";
  if (project.status === "in-preparation" || board.start > BASE_DATE) return "todo";
  const elapsed = (BASE_DATE.getTime() - board.start.getTime()) / Math.max(1, board.end.getTime() - board.start.getTime());
  const roll = rng.next();
  if (roll < elapsed * 0.85) return "done";
  if (roll < elapsed * 0.85 + 0.45) return "in-progress";
  return "todo";
}

/**
 * Dates within the board. On a running board, done work lies before today, work in progress
 * started in the last days, and what is still to do starts from today on.
 */
function taskDates(
  rng: Random,
  board: SeedBoard,
  column: ColumnStatus,
  isBacklog: boolean,
): { dateStart: Date | null; dateEnd: Date | null } {
  // Half of a backlog is not planned yet.
  if (isBacklog && column === "todo" && rng.chance(0.5)) return { dateStart: null, dateEnd: null };
  const span = Math.max(1, daysBetween(board.start, board.end));
  const today = daysBetween(board.start, BASE_DATE);
  let [lo, hi] = [0, Math.floor(span * 0.8)];
  if (today >= 0 && today <= span) {
    if (column === "done") [lo, hi] = [0, Math.max(0, today - 2)];
    else if (column === "in-progress") [lo, hi] = [Math.max(0, today - 10), Math.max(0, today - 1)];
    else [lo, hi] = [Math.min(span, today), Math.max(Math.min(span, today), Math.floor(span * 0.8))];
  }
  const start = addDays(board.start, rng.int(lo, hi));
  let end = minDate(addDays(start, rng.int(1, 10)), board.end);
  if (column === "done") end = minDate(end, addDays(BASE_DATE, -1));
  return { dateStart: at(start, 8), dateEnd: at(maxDate(end, start), 16) };
}

/** Finished around the planned end, in working hours, after the work began and before the base date. */
function finishedMoment(rng: Random, plannedEnd: Date, began: Date): Date {
  const day = addDays(plannedEnd, rng.int(-2, 1));
  const finished = maxDate(at(day, rng.int(9, 18), rng.int(0, 59)), addMinutes(began, rng.int(60, 600)));
  return beforeBase(rng, finished);
}

/**
 * Dependencies on the gantt chart: each stage's boards chain into the next stage's, sprints follow
 * one another, and a few dated tasks of a sprint depend on each other.
 */
function ganttLinks(rng: Random, projects: ProjectsWorld, tasks: SeedTask[]): RowOf<"ganttLink">[] {
  const rows: RowOf<"ganttLink">[] = [];
  const seen = new Set<string>();
  const link = (projectId: string, type: string, sourceId: string, targetId: string) => {
    if (seen.has(`${sourceId}>${targetId}`)) return;
    seen.add(`${sourceId}>${targetId}`);
    rows.push({ id: rng.uuid(), projectId, type, sourceId, targetId });
  };
  const tasksByBoard = new Map<string, SeedTask[]>();
  for (const t of tasks) tasksByBoard.set(t.board.id, [...(tasksByBoard.get(t.board.id) ?? []), t]);

  for (const p of projects.projects) {
    for (let i = 0; i + 1 < p.stages.length; i++) {
      const from = p.stages[i].boards[p.stages[i].boards.length - 1];
      const to = p.stages[i + 1].boards[0];
      if (from && to) link(p.id, "fts", from.id, to.id);
    }
    for (const stage of p.stages) {
      const sprints = stage.boards.filter((b) => b.typeName === "Sprint");
      for (let i = 0; i + 1 < sprints.length; i++) link(p.id, "fts", sprints[i].id, sprints[i + 1].id);
      // Documentation is finished together with the work it describes.
      const docs = stage.boards.find((b) => b.typeName === "Dokumentacja");
      if (docs && stage.boards[0] !== docs) link(p.id, "ftf", stage.boards[0].id, docs.id);
    }
    for (const board of p.boards.filter((b) => b.typeName === "Sprint")) {
      const dated = (tasksByBoard.get(board.id) ?? []).filter((t) => t.dateStart && t.dateEnd);
      for (let k = 0; k < 2 && dated.length >= 2; k++) {
        const [a, b] = rng.sample(dated, 2).sort((x, y) => x.dateStart!.getTime() - y.dateStart!.getTime());
        const type = a.dateEnd! <= b.dateStart! ? "fts" : rng.pick(["sts", "ftf"]);
        link(p.id, type, a.id, b.id);
      }
    }
  }
  return rows;
}
