import { Arg, Ctx, ID, Mutation, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { ReplaceRiskInput } from "../inputs/project/replace-risk.input";
import { Risk } from "../types/project/risk.type";
import { replaceRisk } from "../services/project/risk.service";

@Resolver(() => Risk)
export class RiskResolver {
  @Mutation(() => Risk, {
    nullable: true,
    description:
      "E11: replaces a risk as a whole: optional fields left out become null. Needs an admin or a PM of the risk's project (and of the target project when it moves).",
  })
  replaceRisk(
    @Arg("id", () => ID, { description: "Id of the risk." }) id: string,
    @Arg("input", () => ReplaceRiskInput, { description: "The risk's new state." }) input: ReplaceRiskInput,
    @Ctx() ctx: Context,
  ): Promise<Risk> {
    return replaceRisk(ctx.db, viewerOf(ctx), id, input);
  }
}
