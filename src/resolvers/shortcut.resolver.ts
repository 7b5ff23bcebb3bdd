import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { CreateShortcutInput } from "../inputs/people/create-shortcut.input";
import { Shortcut } from "../types/people/shortcut.type";
import { createShortcut } from "../services/people/shortcut.service";

@Resolver(() => Shortcut)
export class ShortcutResolver {
  @Mutation(() => Shortcut, { nullable: true, description: "E20: adds a shortcut for the caller, after their existing ones." })
  createShortcut(
    @Arg("input", () => CreateShortcutInput, { description: "The new shortcut." }) input: CreateShortcutInput,
    @Ctx() ctx: Context,
  ): Promise<Shortcut> {
    return createShortcut(ctx.db, viewerOf(ctx).id, input);
  }
}
