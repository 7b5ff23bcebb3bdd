import type { Db } from "../../db/client";
import { ForbiddenError, NotFoundError } from "../../errors/errors";
import { TEMPLATE_REFUSAL } from "../../auth/policy";
import type { ProjectTemplate } from "../../types/template/project-template.type";
// the template's definitions and options are federation entities too: registered with their services

/**
 * E9. `load` is the request's batching loader, which answers only visible templates; a template it
 * does not return is told apart as FORBIDDEN (exists, private, not the caller's) or NOT_FOUND with
 * one extra statement, on the error path only.
 */
export async function getProjectTemplate(
  db: Db,
  id: string,
  load: (id: string) => Promise<ProjectTemplate | null>,
): Promise<ProjectTemplate> {
  const template = await load(id);
  if (template) return template;
  const exists = await db.projectTemplate.findUnique({ where: { id }, select: { id: true } });
  if (exists) throw new ForbiddenError(TEMPLATE_REFUSAL);
  throw new NotFoundError("Project template", id, "id");
}
