import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { AssignBoardUserInput } from "../../inputs/project/assign-board-user.input";
import { retryOnUniqueViolation } from "../shared/retry";

/**
 * E10: creates the user's assignment to the board, or changes the role of an existing one. Only a
 * member of the board's project may be assigned: a `userId` that is no user is NOT_FOUND (field
 * `userId`), an existing user not assigned to the project is BAD_USER_INPUT on `userId`. A new
 * assignment without a role gets `none`; an existing one keeps its role when none is given.
 */
export async function assignBoardUser(
  ctx: AuthedContext,
  boardId: string,
  userId: string,
  input: AssignBoardUserInput | null | undefined,
): Promise<string> {
  const role = input?.role ?? undefined;
  const attempt = () =>
    ctx.db.$transaction(async (tx) => {
      const board = await tx.board.findUnique({ where: { id: boardId }, select: { projectId: true } });
      if (!board) throw new NotFoundError("Board", boardId, "boardId");
      await policy.require(ctx, rules.manageProject, board.projectId, tx);
      const [user, member] = await Promise.all([
        tx.user.findUnique({ where: { id: userId }, select: { id: true } }),
        tx.projectUserAssignment.findUnique({
          where: { projectId_userId: { projectId: board.projectId, userId } },
          select: { id: true },
        }),
      ]);
      if (!user) throw new NotFoundError("User", userId, "userId");
      if (!member) throw badInput("userId", "isProjectMember", "the user must be assigned to the board's project");
      const row = await tx.assignedBoardUser.upsert({
        where: { boardId_userId: { boardId, userId } },
        create: { boardId, userId, role: role ?? "none" },
        update: role === undefined ? {} : { role },
        select: { id: true },
      });
      return row.id;
    });
  // two concurrent first assignments of one user: the loser finds the winner's row and updates it
  return retryOnUniqueViolation({ attempts: 2, conflict: "The assignment changed at the same time; try again.", field: "userId" }, attempt);
}
