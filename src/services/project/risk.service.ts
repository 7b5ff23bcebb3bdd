import type { DbTx } from "../../db/client";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { NotFoundError } from "../../errors/errors";
import { Violations } from "../shared/violations";
import type { ReplaceRiskInput } from "../../inputs/project/replace-risk.input";

const none = Promise.resolve(null);

/** The input's optional references as stored (null where not given or not found). */
async function loadReferences(tx: DbTx, input: ReplaceRiskInput) {
  const [stage, board, task, type, impact, user, member] = await Promise.all([
    input.stage ? tx.stage.findUnique({ where: { id: input.stage }, select: { projectId: true } }) : none,
    input.board ? tx.board.findUnique({ where: { id: input.board }, select: { projectId: true, stageId: true } }) : none,
    input.task
      ? tx.task.findUnique({
          where: { id: input.task },
          select: { projectId: true, boardId: true, stageId: true, board: { select: { stageId: true } } },
        })
      : none,
    input.type ? tx.riskType.findUnique({ where: { id: input.type }, select: { id: true } }) : none,
    input.impact ? tx.riskImpact.findUnique({ where: { id: input.impact }, select: { id: true } }) : none,
    input.projectUser ? tx.user.findUnique({ where: { id: input.projectUser }, select: { id: true } }) : none,
    input.projectUser
      ? tx.projectUserAssignment.findUnique({
          where: { projectId_userId: { projectId: input.project, userId: input.projectUser } },
          select: { id: true },
        })
      : none,
  ]);
  return { stage, board, task, type, impact, user, member };
}

type References = Awaited<ReturnType<typeof loadReferences>>;

/**
 * The first reference the input gives that does not exist, in the order stage, board, task, type,
 * impact, projectUser (the project is checked before, by `replaceRisk`), as NOT_FOUND on its field.
 */
function missingReference(input: ReplaceRiskInput, refs: References): NotFoundError | null {
  const checks: Array<[string, string, string | null | undefined, unknown]> = [
    ["stage", "Stage", input.stage, refs.stage],
    ["board", "Board", input.board, refs.board],
    ["task", "Task", input.task, refs.task],
    ["type", "Risk type", input.type, refs.type],
    ["impact", "Risk impact", input.impact, refs.impact],
    ["projectUser", "User", input.projectUser, refs.user],
  ];
  for (const [field, what, given, found] of checks) {
    if (given && !found) return new NotFoundError(what, given, `input.${field}`);
  }
  return null;
}

/**
 * The rules between references that all exist: stage, board and task must sit in the project and
 * in each other (a task's stage is its own, else its board's), and the user must be assigned to
 * the project. Every broken rule is reported at once, each under its input field.
 */
function referenceViolations(input: ReplaceRiskInput, { stage, board, task, member }: References): Violations {
  const out = new Violations();
  const broken = (field: string, rule: string, message: string) => out.add(`input.${field}`, rule, message);

  if (stage) {
    if (stage.projectId !== input.project) broken("stage", "belongsToProject", "the stage must belong to the project");
  }
  if (board) {
    if (board.projectId !== input.project) broken("board", "belongsToProject", "the board must belong to the project");
    else if (input.stage && board.stageId !== input.stage) broken("board", "belongsToStage", "the board must belong to the stage");
  }
  if (task) {
    if (task.projectId !== input.project) broken("task", "belongsToProject", "the task must belong to the project");
    else if (input.board && task.boardId !== input.board) broken("task", "belongsToBoard", "the task must belong to the board");
    else if (input.stage && (task.stageId ?? task.board.stageId) !== input.stage) {
      broken("task", "belongsToStage", "the task must belong to the stage");
    }
  }
  if (input.projectUser && !member) broken("projectUser", "isProjectMember", "the user must be assigned to the project");
  return out;
}

/**
 * E11: replaces every field of the risk; an optional field not given becomes null. The caller must
 * manage the risk's project and, when the risk moves, the target project too.
 *
 * References are checked in two steps. First existence: a referenced object that does not exist
 * (the target project, a stage, board, task, risk type, risk impact, or a `projectUser` id that is
 * no user) is NOT_FOUND with `extensions.field` naming the first such field, in the order project,
 * stage, board, task, type, impact, projectUser. Then consistency: references that exist but do
 * not fit (in another project, stage or board; a user not assigned to the project) are one
 * BAD_USER_INPUT listing every broken rule. A failure changes nothing.
 */
export async function replaceRisk(ctx: AuthedContext, id: string, input: ReplaceRiskInput): Promise<string> {
  return ctx.db.$transaction(async (tx) => {
    const current = await tx.risk.findUnique({ where: { id }, select: { projectId: true } });
    if (!current) throw new NotFoundError("Risk", id, "id");
    await policy.require(ctx, rules.manageProject, current.projectId, tx);
    if (input.project !== current.projectId) {
      const project = await tx.project.findUnique({ where: { id: input.project }, select: { id: true } });
      if (!project) throw new NotFoundError("Project", input.project, "input.project");
      await policy.require(ctx, rules.manageProject, input.project, tx);
    }
    const refs = await loadReferences(tx, input);
    const missing = missingReference(input, refs);
    if (missing) throw missing;
    referenceViolations(input, refs).throwIfAny();
    await tx.risk.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description ?? null,
        probability: input.probability ?? null,
        date: input.date ?? null,
        projectUserId: input.projectUser ?? null,
        projectId: input.project,
        stageId: input.stage ?? null,
        boardId: input.board ?? null,
        taskId: input.task ?? null,
        typeId: input.type ?? null,
        impactId: input.impact ?? null,
      },
      select: { id: true },
    });
    return id;
  });
}
