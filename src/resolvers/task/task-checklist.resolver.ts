import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, ID, Info, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { assertCanReadProject, isExternal } from "../../auth/policy";
import { PaginationArgs } from "../../inputs/shared/pagination.args";
import { TaskChecklist } from "../../types/task/task-checklist.type";
import { TaskChecklistCollection } from "../../types/task/task-checklist-collection.type";
import { listTaskChecklists } from "../../services/task/task-checklist.service";
import { Selection } from "../../services/shared/look-ahead";

@Resolver(() => TaskChecklist)
export class TaskChecklistResolver {
  @Query(() => TaskChecklistCollection, {
    description: "E6: a task's checklists by weight, each with its items by weight, paginated. An unknown task is NOT_FOUND.",
  })
  async taskChecklists(
    @Arg("taskId", () => ID, { description: "Id of the task." }) taskId: string,
    @Args(() => PaginationArgs) page: PaginationArgs,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<TaskChecklistCollection> {
    const viewer = ctx.viewer;
    if (isExternal(viewer)) {
      // only external callers need the task's project; a missing task stays NOT_FOUND below
      const task = await ctx.db.task.findUnique({ where: { id: taskId }, select: { projectId: true } });
      if (task) await assertCanReadProject(ctx.db, viewer, task.projectId, "Task", "taskId");
    }
    return listTaskChecklists(ctx.read, taskId, page, ctx.config.maxUnpaginatedItems, Selection.of(info));
  }
}
