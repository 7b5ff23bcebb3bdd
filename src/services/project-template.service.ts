import type { Db, Prisma } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import { ForbiddenError, NotFoundError } from "../errors/errors";
import { isExternal, TEMPLATE_REFUSAL } from "../auth/policy";
import { defineEntity } from "../federation/entity-registry";
import { toTemplateUserRef, userRefInclude } from "../mappers/user-refs";
import type { ProjectTemplate } from "../types/project-template.type";
import type { SavedCustomFieldValue } from "../types/saved-custom-field-value.type";
import { CUSTOM_FIELD_DEFINITION_SELECT, toCustomFieldDefinition } from "./custom-field-definition.service";
import { CUSTOM_FIELD_OPTION_SELECT } from "./custom-field-option.service";

export const projectTemplateInclude = {
  projectCategory: { select: { id: true, name: true } },
  createdBy: { include: userRefInclude },
  savedCustomFieldValues: {
    include: {
      definition: { select: CUSTOM_FIELD_DEFINITION_SELECT },
      valueDepartment: { select: { id: true, name: true } },
      valueSelectOptions: { select: { option: { select: CUSTOM_FIELD_OPTION_SELECT } }, orderBy: [{ option: { weight: "asc" } }, { id: "asc" }] },
      valueSelectUsers: {
        select: { user: { select: { id: true, firstName: true, lastName: true, email: true, pictureSm: true } } },
        orderBy: [{ user: { lastName: "asc" } }, { user: { firstName: "asc" } }, { id: "asc" }],
      },
    },
    orderBy: [{ definition: { weight: "asc" } }, { id: "asc" }],
  },
} satisfies Prisma.ProjectTemplateInclude;

type ProjectTemplateRow = Prisma.ProjectTemplateGetPayload<{ include: typeof projectTemplateInclude }>;
type SavedValueRow = ProjectTemplateRow["savedCustomFieldValues"][number];

function toSavedCustomFieldValue(row: SavedValueRow): SavedCustomFieldValue {
  return {
    definition: toCustomFieldDefinition(row.definition),
    valueText: row.valueText,
    // toFixed() without places: the exact stored value, never in exponent notation, the same on both databases
    valueFloat: row.valueFloat === null ? null : row.valueFloat.toFixed(),
    valueDateTime: row.valueDateTime,
    valueSelectOptions: row.valueSelectOptions.map(({ option }) => option),
    valueSelectUsers: row.valueSelectUsers.map(({ user }) => user),
    valueDepartment: row.valueDepartment,
  };
}

export function toProjectTemplate(row: ProjectTemplateRow): ProjectTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    projectCategory: row.projectCategory,
    dateStart: row.dateStart,
    dateEnd: row.dateEnd,
    stageDatesRelativeToProject: row.stageDatesRelativeToProject,
    isBlameableRemovalEnabled: row.isBlameableRemovalEnabled,
    savedCustomFieldValues: row.savedCustomFieldValues.map(toSavedCustomFieldValue),
    isPublic: row.isPublic,
    createdBy: toTemplateUserRef(row.createdBy),
    isSimple: row.isSimple,
  };
}

/** Public templates, plus the caller's own private ones; admins see every template. */
export function visibleTemplatesWhere(viewer: Viewer | null): Prisma.ProjectTemplateWhereInput {
  // the rule is canReadTemplate (src/auth/policy.ts), written here as a query condition
  if (viewer && isExternal(viewer)) return { id: { in: [] } };
  if (viewer?.isAdmin) return {};
  if (!viewer) return { isPublic: true };
  return { OR: [{ isPublic: true }, { createdById: viewer.id }] };
}

/** Federation references resolve only to templates the caller may see (others are null). */
export const projectTemplateEntity = defineEntity<ProjectTemplate>({
  typeName: "ProjectTemplate",
  async loadMany(db, ids, viewer) {
    const rows = await db.projectTemplate.findMany({
      where: { AND: [{ id: { in: [...ids] } }, visibleTemplatesWhere(viewer)] },
      include: projectTemplateInclude,
    });
    return rows.map(toProjectTemplate);
  },
});

/**
 * E9. `load` is the request's batching loader, which answers only visible templates; a template it
 * does not return is told apart as FORBIDDEN (exists, private, not the caller's) or NOT_FOUND with
 * one extra statement, on the error path only.
 */
export async function getProjectTemplate(
  db: Db,
  id: string,
  load: (id: string) => Promise<ProjectTemplate | null>,
): Promise<ProjectTemplate> {
  const template = await load(id);
  if (template) return template;
  const exists = await db.projectTemplate.findUnique({ where: { id }, select: { id: true } });
  if (exists) throw new ForbiddenError(TEMPLATE_REFUSAL);
  throw new NotFoundError("Project template", id);
}
