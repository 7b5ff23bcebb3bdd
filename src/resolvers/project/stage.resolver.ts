import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { UpdateStageInput } from "../../inputs/project/update-stage.input";
import { Stage } from "../../types/project/stage.type";
import { updateStage } from "../../services/project/stage.service";
import { stageEntity } from "../../services/project/project.read";

@Resolver(() => Stage)
export class StageResolver {
  @Mutation(() => Stage, {
    nullable: true,
    description:
      "E3: changes a stage partially (absent fields stay, null clears description or stageType). Needs an admin or a project manager of the stage's project.",
  })
  @Authorized(rules.manageProject)
  async updateStage(
    @Arg("id", () => ID, { description: "Id of the stage to change." }) id: string,
    @Arg("input", () => UpdateStageInput, { description: "The fields to change." }) input: UpdateStageInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Stage | null> {
    return ctx.loaders.loadWritten(stageEntity, await updateStage(ctx, id, input));
  }
}
