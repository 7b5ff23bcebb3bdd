import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, Info, Mutation, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { CreateShortcutInput } from "../../inputs/people/create-shortcut.input";
import { Shortcut } from "../../types/people/shortcut.type";
import { createShortcut, listUsers } from "../../services/people/people.service";
import { shortcutEntity } from "../../services/people/people.read";
import { PaginationArgs } from "../../inputs/shared/pagination.args";
import { UserFilter } from "../../inputs/people/user-filter.input";
import { UserOrder } from "../../inputs/people/user-order.input";
import { UserCollection } from "../../types/people/user.type";
import { Selection } from "../../services/shared/look-ahead";

@Resolver()
export class PeopleResolver {
  @Mutation(() => Shortcut, { nullable: true, description: "E20: adds a shortcut for the caller, after their existing ones." })
  @Authorized(rules.self)
  async createShortcut(
    @Arg("input", () => CreateShortcutInput, { description: "The new shortcut." }) input: CreateShortcutInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Shortcut | null> {
    return ctx.loaders.loadWritten(shortcutEntity, await createShortcut(ctx, input));
  }

  @Query(() => UserCollection, { description: "E8: users, filtered, ordered and paginated." })
  @Authorized(rules.signedIn)
  users(
    @Args(() => PaginationArgs) page: PaginationArgs,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
    @Arg("filter", () => UserFilter, { nullable: true, description: "Conditions the users must meet." }) filter?: UserFilter,
    @Arg("order", () => [UserOrder], {
      nullable: true,
      description: "Sort keys applied in list order (default: last name ascending); ties are broken by id.",
    })
    order?: UserOrder[],
  ): Promise<UserCollection> {
    return listUsers(ctx, { ...page, filter, order }, Selection.of(info));
  }
}
