import { readGanttLinks, readMilestones, readProjectGantts } from "./gantt.read";
import { Selection } from "../shared/look-ahead";
import { NotFoundError } from "../../errors/errors";
import { defineEntity, type EntityDefinition } from "../../federation/entity-registry";
import type { GanttLink } from "../../types/gantt/gantt-link.type";
import type { Milestone } from "../../types/gantt/milestone.type";
import type { ProjectGantt } from "../../types/gantt/project-gantt.type";

/** As an entity the gantt is read without its tasks; `tasks`, when selected, comes from projectGanttWithTasks. */
export const projectGanttEntity = defineEntity<ProjectGantt>({
  typeName: "ProjectGantt",
  loadMany: (_db, ids, _viewer, read) => readProjectGantts(read, ids, false, Selection.all()),
});

export const milestoneEntity = defineEntity<Milestone>({
  typeName: "Milestone",
  loadMany: (_db, ids, _viewer, read) => readMilestones(read, ids),
});

export const ganttLinkEntity = defineEntity<GanttLink>({
  typeName: "GanttLink",
  loadMany: (_db, ids, _viewer, read) => readGanttLinks(read, ids),
});

/**
 * E15's loader of the entity (not listed in src/schema/registry.ts): the same read and mapping,
 * compiled for what the document selects (the tasks in the same statement when selected, the
 * task tallies only when progress or timePlanned is), since a gantt is one large statement.
 */
export function projectGanttSelecting(selection: Selection): EntityDefinition<ProjectGantt> {
  return defineEntity<ProjectGantt>({
    typeName: "ProjectGantt",
    loadMany: (_db, ids, _viewer, read) => readProjectGantts(read, ids, selection.has("tasks"), selection),
  });
}

/** Gantts with everything and their tasks, for `tasks` selected below a gantt read without them (through `_entities`). */
export const projectGanttWithTasks = projectGanttSelecting(Selection.all());

/** E15: one project's gantt chart (from `load`, the request's loader); NOT_FOUND when there is no such project. */
export async function projectGantt(projectId: string, load: (id: string) => Promise<ProjectGantt | null>): Promise<ProjectGantt> {
  const gantt = await load(projectId);
  if (!gantt) throw new NotFoundError("Project", projectId, "id");
  return gantt;
}
