import { NotFoundError } from "../../errors/errors";
import type { ProjectGantt } from "../../types/gantt/project-gantt.type";

/** E15: one project's gantt chart (from `load`, the request's loader); NOT_FOUND when there is no such project. */
export async function projectGantt(projectId: string, load: (id: string) => Promise<ProjectGantt | null>): Promise<ProjectGantt> {
  const gantt = await load(projectId);
  if (!gantt) throw new NotFoundError("Project", projectId, "id");
  return gantt;
}
