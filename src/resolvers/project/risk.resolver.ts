import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { ReplaceRiskInput } from "../../inputs/project/replace-risk.input";
import { Risk } from "../../types/project/risk.type";
import { replaceRisk } from "../../services/project/risk.service";
import { riskEntity } from "../../services/project/project.read";

@Resolver(() => Risk)
export class RiskResolver {
  @Mutation(() => Risk, {
    nullable: true,
    description:
      "E11: replaces a risk as a whole: optional fields left out become null. Needs an admin or a PM of the risk's project (and of the target project when it moves).",
  })
  @Authorized(rules.manageProject)
  async replaceRisk(
    @Arg("id", () => ID, { description: "Id of the risk." }) id: string,
    @Arg("input", () => ReplaceRiskInput, { description: "The risk's new state." }) input: ReplaceRiskInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Risk | null> {
    return ctx.loaders.loadWritten(riskEntity, await replaceRisk(ctx, id, input));
  }
}
