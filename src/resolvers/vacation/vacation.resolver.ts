import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, Info, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { PaginationArgs } from "../../inputs/shared/pagination.args";
import { VacationFilter } from "../../inputs/vacation/vacation-filter.input";
import { VacationOrder } from "../../inputs/vacation/vacation-order.input";
import { Vacation, VacationCollection } from "../../types/vacation/vacation.type";
import { listVacations } from "../../services/vacation/vacation.service";
import { Selection } from "../../services/shared/look-ahead";

@Resolver(() => Vacation)
export class VacationResolver {
  @Query(() => VacationCollection, { description: "E7: vacations, filtered, ordered and paginated." })
  @Authorized(rules.calendar)
  vacations(
    @Args(() => PaginationArgs) page: PaginationArgs,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
    @Arg("filter", () => VacationFilter, { nullable: true, description: "Conditions the vacations must meet." }) filter?: VacationFilter,
    @Arg("order", () => [VacationOrder], {
      nullable: true,
      description: "Sort keys applied in list order (default: vacation year ascending); ties are broken by id.",
    })
    order?: VacationOrder[],
  ): Promise<VacationCollection> {
    return listVacations(ctx, { ...page, filter, order }, Selection.of(info));
  }
}
