import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { ProjectTemplate } from "../../types/template/project-template.type";
import { projectTemplate } from "../../services/template/project-template.service";

@Resolver(() => ProjectTemplate)
export class ProjectTemplateResolver {
  @Query(() => ProjectTemplate, {
    nullable: true,
    description:
      "E9: a project template with its category, author and saved custom field values. A private template is FORBIDDEN to anyone but its author and admins.",
  })
  @Authorized(rules.readTemplate)
  projectTemplate(
    @Arg("id", () => ID, { description: "Id of the template." }) id: string,
    @Ctx() ctx: AuthedContext,
  ): Promise<ProjectTemplate> {
    return projectTemplate(ctx, id);
  }
}
