import type { ReadDb } from "../../db/kysely";
import { readGanttLinks, readMilestones, readProjectGantts } from "./gantt.read";
import { Selection } from "../shared/look-ahead";
import { NotFoundError } from "../../errors/errors";
import { defineEntity } from "../../federation/entity-registry";
import type { GanttLink } from "../../types/gantt/gantt-link.type";
import type { Milestone } from "../../types/gantt/milestone.type";
import type { ProjectGantt } from "../../types/gantt/project-gantt.type";

/** As an entity the gantt is read without its tasks; `tasks`, when selected, comes from loadProjectGanttsWithTasks. */
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

/** E15: one project's gantt chart, its tasks read when selected; NOT_FOUND when there is no such project. */
export async function projectGantt(read: ReadDb, projectId: string, selection: Selection): Promise<ProjectGantt> {
  const [gantt] = await readProjectGantts(read, [projectId], selection.has("tasks"), selection);
  if (!gantt) throw new NotFoundError("Project", projectId);
  return gantt;
}

/** Gantts with their tasks, for `tasks` selected below a gantt read without them (through `_entities`). */
export function loadProjectGanttsWithTasks(read: ReadDb, projectIds: readonly string[]): Promise<ProjectGantt[]> {
  return readProjectGantts(read, projectIds, true, Selection.all());
}
