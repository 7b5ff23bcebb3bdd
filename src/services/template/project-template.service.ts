import type { AuthedContext } from "../../context";
import { NotFoundError } from "../../errors/errors";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import type { ProjectTemplate } from "../../types/template/project-template.type";
import { projectTemplateEntity } from "./template.read";

/**
 * E9. The request's loader answers only templates the caller may see (rules.readTemplate in SQL);
 * one it does not return is told apart as FORBIDDEN (exists, private, not the caller's) or
 * NOT_FOUND with one extra statement, on the error path only.
 */
export async function projectTemplate(ctx: AuthedContext, id: string): Promise<ProjectTemplate> {
  const template = await ctx.loaders.load(projectTemplateEntity, id);
  const subject = template
    ? { isPublic: template.isPublic, createdById: template.createdBy.id }
    : await ctx.db.projectTemplate.findUnique({ where: { id }, select: { isPublic: true, createdById: true } });
  if (!subject) throw new NotFoundError("Project template", id, "id");
  await policy.require(ctx, rules.readTemplate, subject);
  return template!;
}
