import { isExternal } from "../../auth/policy";
import { sql } from "kysely";
import type { ReadDb } from "../../db/kysely";
import type { Viewer } from "../../auth/authenticate";
import type { ProjectTemplate } from "../../types/template/project-template.type";
import { inList, parseJson, toBool, toDateRequired } from "../../db/row-values";
import { jsonObject } from "../shared/json";
import { customFieldDefinitionOf, customFieldValueFields, customFieldValuesJson, customFieldValuesOf } from "../project/project.read";
import { toTemplateUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { defineEntity } from "../../federation/entity-registry";

/**
 * Project templates by id in ONE statement, only those the caller may see (canReadTemplate in
 * src/auth/policy.ts written as a condition: public ones and the caller's own for staff, every one
 * for an admin, none for external users): category, author and saved custom field values inside.
 */
export async function readVisibleProjectTemplates(read: ReadDb, ids: readonly string[], viewer: Viewer): Promise<ProjectTemplate[]> {
  if (isExternal(viewer)) return [];
  const { db, kind } = read;
  const rows = await db
    .selectFrom("ProjectTemplate as pt")
    .select(["pt.id", "pt.name", "pt.description", "pt.dateStart", "pt.dateEnd", "pt.stageDatesRelativeToProject", "pt.isBlameableRemovalEnabled", "pt.isPublic", "pt.isSimple"])
    .select((eb) => [
      jsonObject(kind, eb.selectFrom("ProjectCategory as pc").select(["pc.id", "pc.name"]).whereRef("pc.id", "=", "pt.projectCategoryId")).as("projectCategory"),
      userRefJson(kind, eb, "pt.createdById").as("createdBy"),
      customFieldValuesJson(kind, eb as never, "cv.projectTemplateId", "pt.id").as("savedCustomFieldValues"),
    ])
    .where((eb) => inList(kind, eb.ref("pt.id"), ids))
    .$if(!viewer.isAdmin, (q) => q.where((eb) => eb.or([eb("pt.isPublic", "=", sql.lit(true)), eb("pt.createdById", "=", viewer.id)])))
    .execute();
  const out: ProjectTemplate[] = [];
  for (const row of rows) {
    const author = userRefOf(row.createdBy);
    if (!author) continue;
    const category = parseJson<{ id: string; name: string } | null | undefined>(row.projectCategory) ?? null;
    out.push({
      id: row.id,
      name: row.name,
      description: row.description,
      projectCategory: category ? { id: category.id, name: category.name } : null,
      dateStart: toDateRequired(row.dateStart),
      dateEnd: toDateRequired(row.dateEnd),
      stageDatesRelativeToProject: toBool(row.stageDatesRelativeToProject),
      isBlameableRemovalEnabled: toBool(row.isBlameableRemovalEnabled),
      savedCustomFieldValues: customFieldValuesOf(row.savedCustomFieldValues).map((v) => ({ definition: customFieldDefinitionOf(v), ...customFieldValueFields(v) })),
      isPublic: toBool(row.isPublic),
      createdBy: toTemplateUserRef(author),
      isSimple: toBool(row.isSimple),
    });
  }
  return out;
}

// ─── entities: the area's @key types, loaded by the reads above (listed in src/schema/registry.ts) ───

/** Federation references resolve only to templates the caller may see (others are null). */
export const projectTemplateEntity = defineEntity<ProjectTemplate>({
  typeName: "ProjectTemplate",
  /** One statement per batch (category, author and custom field values inside). */
  loadMany: (_db, ids, viewer, read) => readVisibleProjectTemplates(read, ids, viewer),
});
