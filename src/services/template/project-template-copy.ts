import { randomUUID } from "node:crypto";
import type { DbTx, Prisma } from "../../db/client";
import type { CustomFieldValueData } from "../project/project-custom-fields";
import { freeBoardShortCodes } from "../shared/short-codes";

/** What copying a template into a project reads: its stages with their boards, and its saved custom field values. */
export const templateCopyInclude = {
  stages: {
    orderBy: [{ weight: "asc" }, { id: "asc" }],
    include: { boards: { orderBy: [{ weight: "asc" }, { id: "asc" }] } },
  },
  savedCustomFieldValues: {
    orderBy: { id: "asc" },
    include: { valueSelectOptions: { select: { optionId: true } }, valueSelectUsers: { select: { userId: true } } },
  },
} satisfies Prisma.ProjectTemplateInclude;

export type TemplateForCopy = Prisma.ProjectTemplateGetPayload<{ include: typeof templateCopyInclude }>;

/** The template's saved custom field values, as values for a new project. */
export function templateCustomFieldValues(template: TemplateForCopy): CustomFieldValueData[] {
  return template.savedCustomFieldValues.map((v) => ({
    definitionId: v.definitionId,
    valueText: v.valueText,
    valueFloat: v.valueFloat,
    valueDateTime: v.valueDateTime,
    valueDepartmentId: v.valueDepartmentId,
    optionIds: v.valueSelectOptions.map((o) => o.optionId),
    userIds: v.valueSelectUsers.map((u) => u.userId),
  }));
}

/**
 * Copies the template's stages and their boards into the project (three statements whatever
 * their number). With stageDatesRelativeToProject the template's calendar is moved so that the
 * template's start falls on the project's planned start; otherwise stage dates are kept as they
 * are. Template boards have no dates of their own: each board spans its stage.
 */
export async function copyTemplateStages(
  tx: DbTx,
  template: TemplateForCopy,
  project: { id: string; shortCode: string; dateStartPlanned: Date },
): Promise<void> {
  if (template.stages.length === 0) return;
  const shift = template.stageDatesRelativeToProject ? project.dateStartPlanned.getTime() - template.dateStart.getTime() : 0;
  const moved = (d: Date) => new Date(d.getTime() + shift);
  const stages = template.stages.map((s) => ({
    id: randomUUID(),
    projectId: project.id,
    name: s.name,
    description: s.description,
    stageTypeId: s.stageTypeId,
    weight: s.weight,
    dateStart: moved(s.dateStart),
    dateEnd: moved(s.dateEnd),
  }));
  await tx.stage.createMany({ data: stages });

  const boardCount = template.stages.reduce((n, s) => n + s.boards.length, 0);
  if (boardCount === 0) return;
  const codes = await freeBoardShortCodes(tx, project.shortCode, boardCount);
  const boards = template.stages.flatMap((s, i) =>
    s.boards.map((b) => ({
      id: randomUUID(),
      projectId: project.id,
      stageId: stages[i].id,
      name: b.name,
      boardTypeId: b.boardTypeId,
      weight: b.weight,
      dateStart: stages[i].dateStart,
      dateEnd: stages[i].dateEnd,
    })),
  );
  await tx.board.createMany({ data: boards.map((b, i) => ({ ...b, shortCode: codes[i] })) });
}
