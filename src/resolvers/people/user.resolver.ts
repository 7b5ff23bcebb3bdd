import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, Info, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { PaginationArgs } from "../../inputs/shared/pagination.args";
import { UserFilter } from "../../inputs/people/user-filter.input";
import { UserOrder } from "../../inputs/people/user-order.input";
import { User, UserCollection } from "../../types/people/user.type";
import { listUsers } from "../../services/people/user.service";
import { Selection } from "../../services/shared/look-ahead";

@Resolver(() => User)
export class UserResolver {
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
