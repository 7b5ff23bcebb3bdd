import type { AuthedContext } from "../../context";
import { NotFoundError } from "../../errors/errors";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import type { ProjectGantt } from "../../types/gantt/project-gantt.type";
import type { Selection } from "../shared/look-ahead";
import { ganttsById } from "./gantt.read";

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
