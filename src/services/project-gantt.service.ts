import type { Db, Prisma } from "../db/client";
import { NotFoundError } from "../errors/errors";
import { defineEntity } from "../federation/entity-registry";
import type { GanttBoard } from "../types/gantt-board.type";
import type { GanttLink } from "../types/gantt-link.type";
import type { GanttStage } from "../types/gantt-stage.type";
import type { GanttTask } from "../types/gantt-task.type";
import type { IdNameDecorator } from "../types/id-name-decorator.type";
import type { Milestone } from "../types/milestone.type";
import type { ProjectGantt } from "../types/project-gantt.type";
import { progressShare, taskTallies } from "./task-tallies";

const typeSelect = { select: { id: true, name: true, decorator: true } } as const;

function classifier(row: { id: string; name: string; decorator: string } | null): IdNameDecorator | null {
  return row ? { id: row.id, name: row.name, decorator: row.decorator } : null;
}

type MilestoneRow = Prisma.MilestoneGetPayload<object>;
type GanttLinkRow = Prisma.GanttLinkGetPayload<object>;

function toMilestone(m: MilestoneRow): Milestone {
  return {
    id: m.id,
    project: m.projectId,
    stage: m.stageId,
    weight: m.weight,
    name: m.name,
    dateStart: m.dateStart,
    description: m.description,
    status: m.status,
  };
}

function toGanttLink(l: GanttLinkRow): GanttLink {
  return { id: l.id, type: l.type, source: l.sourceId, target: l.targetId };
}

/**
 * The gantt charts of the given projects, in a fixed number of statements whatever their size:
 * each list is one query over all the projects, and progress and planned time come from two
 * grouped counts over the tasks rather than from the task rows themselves.
 */
export async function loadProjectGantts(db: Db, projectIds: readonly string[], showTasks: boolean): Promise<ProjectGantt[]> {
  const projects =
    projectIds.length === 0 ? [] : await db.project.findMany({ where: { id: { in: [...new Set(projectIds)] } } });
  if (projects.length === 0) return [];
  const inProjects = { projectId: { in: projects.map((p) => p.id) } };
  const byDates = <T>(extra: T[]) => [{ dateStart: "asc" as const }, ...extra, { id: "asc" as const }];

  const [stages, boards, milestones, links, tallies, reported, tasks] = await Promise.all([
    db.stage.findMany({
      where: inProjects,
      include: { stageType: typeSelect },
      orderBy: byDates([{ dateEnd: "asc" as const }, { weight: "asc" as const }]),
    }),
    db.board.findMany({
      where: inProjects,
      include: { boardType: typeSelect },
      orderBy: byDates([{ dateEnd: "asc" as const }, { weight: "asc" as const }]),
    }),
    db.milestone.findMany({ where: inProjects, orderBy: byDates([{ weight: "asc" as const }]) }),
    db.ganttLink.findMany({ where: inProjects, orderBy: { id: "asc" } }),
    taskTallies(db, ["projectId", "stageId", "boardId"], inProjects),
    db.reportedTime.groupBy({ by: ["projectId"], where: inProjects, _sum: { seconds: true } }),
    showTasks
      ? db.task.findMany({
          where: inProjects,
          orderBy: [
            { dateStart: { sort: "asc", nulls: "last" } },
            { dateEnd: { sort: "asc", nulls: "last" } },
            { weight: "asc" },
            { id: "asc" },
          ],
        })
      : Promise.resolve(null),
  ]);

  const { projectId: byProject, stageId: byStage, boardId: byBoard } = tallies;
  const reportedByProject = new Map(reported.map((r) => [r.projectId, r._sum.seconds ?? 0]));

  return projects.map((p): ProjectGantt => ({
    id: p.id,
    project: {
      id: p.id,
      name: p.name,
      dateStart: p.dateStart,
      dateEnd: p.dateEnd,
      dateStartPlanned: p.dateStartPlanned,
      dateEndPlanned: p.dateEndPlanned,
      status: p.status,
      shortCode: p.shortCode,
      progress: progressShare(byProject.get(p.id)),
      isBlameableRemovalEnabled: p.isBlameableRemovalEnabled,
    },
    budget: p.budget === null ? null : p.budget.toNumber(),
    timePlanned: byProject.get(p.id)?.timePlanned ?? 0,
    timeReported: reportedByProject.get(p.id) ?? 0,
    stages: stages
      .filter((s) => s.projectId === p.id)
      .map(
        (s): GanttStage => ({
          id: s.id,
          name: s.name,
          status: s.status,
          dateStart: s.dateStart,
          dateEnd: s.dateEnd,
          progress: progressShare(byStage.get(s.id)),
          weight: s.weight,
          isBlameableRemovalEnabled: s.isBlameableRemovalEnabled,
          stageType: classifier(s.stageType),
        }),
      ),
    boards: boards
      .filter((b) => b.projectId === p.id)
      .map(
        (b): GanttBoard => ({
          id: b.id,
          name: b.name,
          status: b.status,
          shortCode: b.shortCode,
          dateStart: b.dateStart,
          dateEnd: b.dateEnd,
          progress: progressShare(byBoard.get(b.id)),
          weight: b.weight,
          stage: b.stageId,
          boardType: classifier(b.boardType),
        }),
      ),
    milestones: milestones.filter((m) => m.projectId === p.id).map(toMilestone),
    links: links.filter((l) => l.projectId === p.id).map(toGanttLink),
    tasks:
      tasks === null
        ? null
        : tasks
            .filter((t) => t.projectId === p.id)
            .map(
              (t): GanttTask => ({
                id: t.id,
                name: t.name,
                no: t.no,
                shortCode: t.shortCode,
                dateStart: t.dateStart,
                dateEnd: t.dateEnd,
                project: t.projectId,
                board: t.boardId,
                finishedAt: t.finishedAt,
                columnStatus: t.columnStatus,
                columnDecorator: t.columnDecorator,
                status: t.status,
                weight: t.weight,
              }),
            ),
  }));
}

/** As an entity the gantt is resolved without its tasks (the reference carries no showTasks). */
export const projectGanttEntity = defineEntity<ProjectGantt>({
  typeName: "ProjectGantt",
  loadMany: (db, ids) => loadProjectGantts(db, ids, false),
});

export const milestoneEntity = defineEntity<Milestone>({
  typeName: "Milestone",
  async loadMany(db, ids) {
    return (await db.milestone.findMany({ where: { id: { in: [...ids] } } })).map(toMilestone);
  },
});

export const ganttLinkEntity = defineEntity<GanttLink>({
  typeName: "GanttLink",
  async loadMany(db, ids) {
    return (await db.ganttLink.findMany({ where: { id: { in: [...ids] } } })).map(toGanttLink);
  },
});

/** E15: one project's gantt chart; NOT_FOUND when there is no such project. */
export async function projectGantt(db: Db, projectId: string, showTasks: boolean): Promise<ProjectGantt> {
  const [gantt] = await loadProjectGantts(db, [projectId], showTasks);
  if (!gantt) throw new NotFoundError("Project", projectId);
  return gantt;
}
