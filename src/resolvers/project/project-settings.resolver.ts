import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { ProjectSettings } from "../../types/project/project-settings.type";
import { projectSettings } from "../../services/project/project-settings.service";

@Resolver(() => ProjectSettings)
export class ProjectSettingsResolver {
  @Query(() => ProjectSettings, { nullable: true, description: "E17: a project's settings, addressed by the project's id." })
  @Authorized(rules.readProject)
  projectSettings(
    @Arg("id", () => ID, { description: "Id of the project (its settings share it)." }) id: string,
    @Ctx() ctx: AuthedContext,
  ): Promise<ProjectSettings> {
    return projectSettings(ctx, id);
  }
}
