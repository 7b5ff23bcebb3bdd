import { Arg, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { CreateShortcutInput } from "../../inputs/people/create-shortcut.input";
import { Shortcut } from "../../types/people/shortcut.type";
import { createShortcut } from "../../services/people/shortcut.service";
import { shortcutEntity } from "../../services/people/people.read";

@Resolver(() => Shortcut)
export class ShortcutResolver {
  @Mutation(() => Shortcut, { nullable: true, description: "E20: adds a shortcut for the caller, after their existing ones." })
  @Authorized(rules.self)
  async createShortcut(
    @Arg("input", () => CreateShortcutInput, { description: "The new shortcut." }) input: CreateShortcutInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Shortcut | null> {
    return ctx.loaders.loadWritten(shortcutEntity, await createShortcut(ctx, input));
  }
}
