import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { AssignBoardUserInput } from "../../inputs/project/assign-board-user.input";
import { AssignedBoardUser } from "../../types/project/assigned-board-user.type";
import { assignBoardUser } from "../../services/project/assigned-board-user.service";
import { assignedBoardUserEntity } from "../../services/project/project.read";

@Resolver(() => AssignedBoardUser)
export class AssignedBoardUserResolver {
  @Mutation(() => AssignedBoardUser, {
    nullable: true,
    description:
      "E10: assigns a member of the board's project to the board, or changes their role on it (upsert). Needs an admin or a PM of the project.",
  })
  @Authorized(rules.manageProject)
  async assignBoardUser(
    @Arg("boardId", () => ID, { description: "Id of the board." }) boardId: string,
    @Arg("userId", () => ID, { description: "Id of the user; they must be assigned to the board's project." }) userId: string,
    @Ctx() ctx: AuthedContext,
    @Arg("input", () => AssignBoardUserInput, { nullable: true, description: "The role on the board; absent: see the input's role." })
    input?: AssignBoardUserInput | null,
  ): Promise<AssignedBoardUser | null> {
    return ctx.loaders.loadWritten(assignedBoardUserEntity, await assignBoardUser(ctx, boardId, userId, input));
  }
}
