import { randomUUID } from "node:crypto";
import type { DbTx } from "../../db/client";
import type { AuthedContext } from "../../context";
import { ConflictError, NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { CreateProjectInput } from "../../inputs/project/create-project.input";
import { resolveCustomFieldValues, writeProjectCustomFieldValues } from "./project-custom-fields";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
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

/** The role the creator of a project gets in it. */
export const CREATOR_PROJECT_ROLE = "pm-active";

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
async function projectNo(
  tx: DbTx,
  input: CreateProjectInput,
  numberingId: string | null,
  now: Date,
): Promise<{ no: string; numberingId: string | null }> {
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

  const { no, numberingId } = await projectNo(tx, input, input.numbering ?? null, now);
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
    data: { projectId, userId: viewer.id, role: CREATOR_PROJECT_ROLE, hourlyRate: creator.hourlyRate, canReportTime: true },
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
