import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { assertCanReadProject } from "../auth/policy";
import { ProjectSettings } from "../types/project/project-settings.type";
import { getProjectSettings } from "../services/project/project-settings.service";

@Resolver(() => ProjectSettings)
export class ProjectSettingsResolver {
  @Query(() => ProjectSettings, { nullable: true, description: "E17: a project's settings, addressed by the project's id." })
  async projectSettings(
    @Arg("id", () => ID, { description: "Id of the project (its settings share it)." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ProjectSettings> {
    await assertCanReadProject(ctx.db, viewerOf(ctx), id, "Project settings");
    return getProjectSettings(ctx.read, id);
  }
}
