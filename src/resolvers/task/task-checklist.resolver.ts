import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, ID, Info, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { PaginationArgs } from "../../inputs/shared/pagination.args";
import { TaskChecklist, TaskChecklistCollection } from "../../types/task/task-checklist.type";
import { listTaskChecklists } from "../../services/task/task-checklist.service";
import { Selection } from "../../services/shared/look-ahead";

@Resolver(() => TaskChecklist)
export class TaskChecklistResolver {
  @Query(() => TaskChecklistCollection, {
    description: "E6: a task's checklists by weight, each with its items by weight, paginated. An unknown task is NOT_FOUND.",
  })
  @Authorized(rules.readProject)
  taskChecklists(
    @Arg("taskId", () => ID, { description: "Id of the task." }) taskId: string,
    @Args(() => PaginationArgs) page: PaginationArgs,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<TaskChecklistCollection> {
    return listTaskChecklists(ctx, taskId, page, Selection.of(info));
  }
}
