import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { ProjectSettings } from "../../types/project/project-settings.type";
import { projectSettingsEntity } from "../../services/project/project.read";

@Resolver(() => ProjectSettings)
export class ProjectSettingsResolver {
  @Query(() => ProjectSettings, { nullable: true, description: "E17: a project's settings, addressed by the project's id." })
  @Authorized(rules.readProject)
  async projectSettings(
    @Arg("id", () => ID, { description: "Id of the project (its settings share it)." }) id: string,
    @Ctx() ctx: AuthedContext,
  ): Promise<ProjectSettings> {
    await policy.require(ctx, rules.readProject, { projectId: id, what: "Project settings", field: "id" });
    return ctx.loaders.found(projectSettingsEntity, id, "Project settings");
  }
}
