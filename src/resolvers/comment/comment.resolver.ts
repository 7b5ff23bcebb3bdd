import type { GraphQLResolveInfo } from "graphql";
import { Args, Authorized, Ctx, Info, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { SharedTaskCommentsArgs } from "../../inputs/comment/shared-task-comments.args";
import { TaskComment, TaskCommentCollection } from "../../types/comment/task-comment.type";
import { sharedTaskComments } from "../../services/comment/task-comment.service";
import { Selection } from "../../services/shared/look-ahead";

@Resolver(() => TaskComment)
export class TaskCommentResolver {
  @Query(() => TaskCommentCollection, {
    description:
      "E12: the comments of a shared task, by its share token (an unknown token is NOT_FOUND), with files, mentions, reactions and reply counts; ordered by creation time, paginated, optionally after a cursor.",
  })
  @Authorized(rules.shareToken)
  sharedTaskComments(
    @Args(() => SharedTaskCommentsArgs) args: SharedTaskCommentsArgs,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<TaskCommentCollection> {
    return sharedTaskComments(ctx, args, Selection.of(info));
  }
}
