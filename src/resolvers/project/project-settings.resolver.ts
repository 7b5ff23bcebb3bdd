import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { assertCanReadProject } from "../../auth/policy";
import { ProjectSettings } from "../../types/project/project-settings.type";
import { getProjectSettings } from "../../services/project/project-settings.service";
import { projectSettingsEntity } from "../../services/project/project.read";

@Resolver(() => ProjectSettings)
export class ProjectSettingsResolver {
  @Query(() => ProjectSettings, { nullable: true, description: "E17: a project's settings, addressed by the project's id." })
  async projectSettings(
    @Arg("id", () => ID, { description: "Id of the project (its settings share it)." }) id: string,
    @Ctx() ctx: AuthedContext,
  ): Promise<ProjectSettings> {
    await assertCanReadProject(ctx.db, ctx.viewer, id, "Project settings", "id");
    return getProjectSettings(id, (projectId) => ctx.loaders.load(projectSettingsEntity, projectId));
  }
}
