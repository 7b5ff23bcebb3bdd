import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { ProjectTemplate } from "../../types/template/project-template.type";
import { getProjectTemplate } from "../../services/template/project-template.service";
import { projectTemplateEntity } from "../../services/template/template.read";

@Resolver(() => ProjectTemplate)
export class ProjectTemplateResolver {
  @Query(() => ProjectTemplate, {
    nullable: true,
    description:
      "E9: a project template with its category, author and saved custom field values. A private template is FORBIDDEN to anyone but its author and admins.",
  })
  projectTemplate(
    @Arg("id", () => ID, { description: "Id of the template." }) id: string,
    @Ctx() ctx: AuthedContext,
  ): Promise<ProjectTemplate> {
    return getProjectTemplate(ctx.db, id, (templateId) => ctx.loaders.load(projectTemplateEntity, templateId));
  }
}
