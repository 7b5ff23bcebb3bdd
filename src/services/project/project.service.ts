import { randomUUID } from "node:crypto";
import type { DbTx, Prisma } from "../../db/client";
import type { AuthedContext } from "../../context";
import { ConflictError, NotFoundError } from "../../errors/errors";
import { badInput, Violations } from "../shared/violations";
import type { CreateProjectInput } from "../../inputs/project/create-project.input";
import { resolveCustomFieldValues, writeProjectCustomFieldValues } from "./project-custom-fields";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { ProjectRole } from "../../domain/value-sets";
import { takeProjectNo } from "./project-numbering.service";
import { createProjectSettings } from "./project-settings.service";
import {
  copyTemplateStages,
  templateCopyInclude,
  templateCustomFieldValues,
  type TemplateForCopy,
} from "../template/project-template-copy";
import { retryOnUniqueViolation } from "../shared/retry";
import { COUNTER_TX_OPTIONS } from "../shared/numbering";
import { round2 } from "../shared/money";
import { freeBoardShortCodes, freeProjectShortCode } from "../shared/short-codes";
import type { UpdateStageInput } from "../../inputs/project/update-stage.input";
import { refuseNulls } from "../shared/partial-update";
import type { AssignBoardUserInput } from "../../inputs/project/assign-board-user.input";
import type { ReplaceRiskInput } from "../../inputs/project/replace-risk.input";

/** Checks the rules that need no database, so a malformed request costs nothing. */
function checkCreateProjectInput(input: CreateProjectInput): void {
  if (input.dateEndPlanned.getTime() < input.dateStartPlanned.getTime()) {
    throw badInput("input.dateEndPlanned", "dateOrder", "dateEndPlanned must not be before dateStartPlanned");
  }
  if (input.projectTemplate && input.globalProjectTemplate) {
    throw badInput("input.globalProjectTemplate", "oneTemplate", "give at most one of projectTemplate and globalProjectTemplate");
  }
}

/**
 * The template to copy: `projectTemplate` may be public, the caller's own, or (for admins) any;
 * `globalProjectTemplate` must be public, as organisation-wide templates are.
 */
async function templateToCopy(ctx: AuthedContext, tx: DbTx, input: CreateProjectInput): Promise<TemplateForCopy | null> {
  const id = input.projectTemplate ?? input.globalProjectTemplate;
  if (!id) return null;
  const template = await tx.projectTemplate.findUnique({ where: { id }, include: templateCopyInclude });
  if (!template)
    throw new NotFoundError("Project template", id, input.projectTemplate ? "input.projectTemplate" : "input.globalProjectTemplate");
  if (input.globalProjectTemplate) {
    if (!template.isPublic) throw badInput("input.globalProjectTemplate", "isPublic", "a global project template must be public");
  } else {
    await policy.require(ctx, rules.readTemplate, template);
  }
  return template;
}

/** The tables `existingIds` looks ids up in. */
interface IdTable {
  findMany(args: { where: { id: { in: string[] } }; select: { id: true } }): Promise<Array<{ id: string }>>;
}

/** Every id must name an existing row of `table` (NOT_FOUND otherwise, on the input field `path` gives for its index); returns them without repeats. */
async function existingIds(table: IdTable, what: string, path: (index: number) => string, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = new Set((await table.findMany({ where: { id: { in: wanted } }, select: { id: true } })).map((r) => r.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing) throw new NotFoundError(what, missing, path(ids.indexOf(missing)));
  return wanted;
}

/** The project's number: the given one (unique among projects), or the next one of the numbering, or of the default numbering. */
async function projectNo(tx: DbTx, input: CreateProjectInput, now: Date): Promise<{ no: string; numberingId: string | null }> {
  const numberingId = input.numbering ?? null;
  const given = input.no?.trim();
  if (given) {
    if (await tx.project.findFirst({ where: { no: given }, select: { id: true } })) {
      throw new ConflictError("input.no must be unique: a project with this number exists already.", "input.no");
    }
    return { no: given, numberingId };
  }
  let id = numberingId;
  if (id === null) {
    const fallback = await tx.projectNumbering.findFirst({ where: { isDefault: true }, orderBy: { id: "asc" }, select: { id: true } });
    if (!fallback) throw badInput("input.no", "isDefined", "no is required when no numbering is given and none is the default");
    id = fallback.id;
  }
  return { no: await takeProjectNo(tx, id, now), numberingId: id };
}

/**
 * E5, in one transaction. The caller becomes the project's first manager (pm-active, with their
 * own hourly rate); settings are created with the project's id (defaults, or the template's);
 * a simple project gets its single board; a template's stages, boards and custom field values
 * are copied (values given in the input win per definition). A lost race for a short code
 * (unique) retries the whole transaction.
 */
export async function createProject(ctx: AuthedContext, input: CreateProjectInput): Promise<string> {
  checkCreateProjectInput(input);
  const race = { attempts: 3, conflict: "The project conflicts with one created at the same time; try again." };
  return retryOnUniqueViolation(race, () => ctx.db.$transaction((tx) => insertProject(ctx, tx, input, new Date()), COUNTER_TX_OPTIONS));
}

async function insertProject(ctx: AuthedContext, tx: DbTx, input: CreateProjectInput, now: Date): Promise<string> {
  const viewer = ctx.viewer;
  const template = await templateToCopy(ctx, tx, input);
  const categoryId = input.category !== undefined ? input.category : (template?.projectCategoryId ?? null);
  await existingIds(tx.projectCategory, "Project category", () => "input.category", categoryId && input.category ? [categoryId] : []);
  await existingIds(tx.projectNumbering, "Project numbering", () => "input.numbering", input.numbering ? [input.numbering] : []);
  const contractorIds = await existingIds(tx.contractor, "Contractor", (i) => `input.contractors.${i}`, input.contractors);
  const tagIds = await existingIds(tx.tag, "Tag", (i) => `input.tags.${i}`, input.tags ?? []);
  const given = await resolveCustomFieldValues(tx, input.customFieldValues ?? []);
  const givenDefinitions = new Set(given.map((v) => v.definitionId));
  const customFieldValues = [
    ...(template ? templateCustomFieldValues(template).filter((v) => !givenDefinitions.has(v.definitionId)) : []),
    ...given,
  ];

  const { no, numberingId } = await projectNo(tx, input, now);
  const shortCode = await freeProjectShortCode(tx, input.name);
  const creator = await tx.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { hourlyRate: true } });

  const projectId = randomUUID();
  await tx.project.create({
    data: {
      id: projectId,
      no,
      numberingId,
      name: input.name,
      description: input.description ?? "",
      categoryId,
      dateStartPlanned: input.dateStartPlanned,
      dateEndPlanned: input.dateEndPlanned,
      isBlameableRemovalEnabled: input.isBlameableRemovalEnabled,
      status: input.status,
      shortCode,
      isSimple: input.isSimple,
      // Decimal(14, 2): round here so SQLite keeps what PostgreSQL would
      // rounded like invoice amounts: exact decimal, half-up (1.005 -> 1.01)
      budget: round2(input.budget),
      projectTemplateId: template?.id ?? null,
      createdById: viewer.id,
    },
  });
  if (contractorIds.length > 0) {
    await tx.projectContractor.createMany({ data: contractorIds.map((contractorId) => ({ projectId, contractorId })) });
  }
  if (tagIds.length > 0) await tx.projectTag.createMany({ data: tagIds.map((tagId) => ({ projectId, tagId })) });
  await tx.projectUserAssignment.create({
    data: { projectId, userId: viewer.id, role: ProjectRole.pmActive, hourlyRate: creator.hourlyRate, canReportTime: true },
  });
  await createProjectSettings(tx, projectId, template?.settings ?? null);

  if (input.isSimple) {
    const [boardCode] = await freeBoardShortCodes(tx, shortCode, 1);
    const boardId = randomUUID();
    await tx.board.create({
      data: {
        id: boardId,
        projectId,
        name: input.name,
        shortCode: boardCode,
        dateStart: input.dateStartPlanned,
        dateEnd: input.dateEndPlanned,
      },
    });
    await tx.project.update({ where: { id: projectId }, data: { simpleBoardId: boardId } });
  } else if (template) {
    await copyTemplateStages(tx, template, { id: projectId, shortCode, dateStartPlanned: input.dateStartPlanned });
  }
  await writeProjectCustomFieldValues(tx, projectId, customFieldValues);
  return projectId;
}

/**
 * E3. Absent fields stay; null clears description (stored as empty text) and stageType, and is
 * refused for the rest. The date order is checked on the values the stage will have after the
 * change, so moving only one end is checked against the stored other end.
 */
export async function updateStage(ctx: AuthedContext, id: string, input: UpdateStageInput): Promise<string> {
  refuseNulls(input, ["name", "isBlameableRemovalEnabled", "dateStart", "dateEnd"]);
  await ctx.db.$transaction(async (tx) => {
    const stage = await tx.stage.findUnique({ where: { id }, select: { projectId: true, dateStart: true, dateEnd: true } });
    if (!stage) throw new NotFoundError("Stage", id, "id");
    await policy.require(ctx, rules.manageProject, stage.projectId, tx);

    const data: Prisma.StageUncheckedUpdateInput = {};
    if (input.name != null) data.name = input.name;
    if (input.description !== undefined) data.description = input.description ?? "";
    if (input.isBlameableRemovalEnabled != null) data.isBlameableRemovalEnabled = input.isBlameableRemovalEnabled;
    if (input.dateStart != null) data.dateStart = input.dateStart;
    if (input.dateEnd != null) data.dateEnd = input.dateEnd;
    if (input.stageType !== undefined) {
      if (input.stageType !== null) {
        const type = await tx.stageType.findUnique({ where: { id: input.stageType }, select: { id: true } });
        if (!type) throw new NotFoundError("Stage type", input.stageType, "input.stageType");
      }
      data.stageTypeId = input.stageType;
    }

    const dateStart = input.dateStart ?? stage.dateStart;
    const dateEnd = input.dateEnd ?? stage.dateEnd;
    if (dateEnd.getTime() < dateStart.getTime()) {
      const field = input.dateEnd != null ? "input.dateEnd" : "input.dateStart";
      throw badInput(field, "dateOrder", "dateEnd must not be before dateStart");
    }
    await tx.stage.update({ where: { id }, data });
  });
  return id;
}

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
 * Refuses the first reference the input gives that does not exist, in the order stage, board, task,
 * type, impact, projectUser (the project is checked before, by `replaceRisk`), as NOT_FOUND on its field.
 */
function checkReferencesExist(input: ReplaceRiskInput, refs: References): void {
  const checks: Array<[string, string, string | null | undefined, unknown]> = [
    ["stage", "Stage", input.stage, refs.stage],
    ["board", "Board", input.board, refs.board],
    ["task", "Task", input.task, refs.task],
    ["type", "Risk type", input.type, refs.type],
    ["impact", "Risk impact", input.impact, refs.impact],
    ["projectUser", "User", input.projectUser, refs.user],
  ];
  for (const [field, what, given, found] of checks) if (given && !found) throw new NotFoundError(what, given, `input.${field}`);
}

/**
 * The rules between references that all exist: stage, board and task must sit in the project and
 * in each other (a task's stage is its own, else its board's), and the user must be assigned to
 * the project. Every broken rule is reported at once, each under its input field.
 */
function referenceViolations(input: ReplaceRiskInput, { stage, board, task, member }: References): Violations {
  const out = new Violations();
  const broken = (field: string, rule: string, message: string) => out.add(`input.${field}`, rule, message);

  if (stage && stage.projectId !== input.project) broken("stage", "belongsToProject", "the stage must belong to the project");
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
    checkReferencesExist(input, refs);
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
