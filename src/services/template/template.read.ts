import type { ReadPort } from "../../db/database";
import type { Viewer } from "../../auth/authenticate";
import type { ProjectTemplate } from "../../types/template/project-template.type";
import { parseJson, toBool, toDateRequired } from "../../db/row-values";
import { customFieldDefinitionOf, customFieldValueFields, customFieldValuesJson, customFieldValuesOf } from "../project/project.read";
import { toTemplateUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { readBy, ruleForm, ruleSql } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { defineEntity } from "../../federation/entity-registry";

/**
 * Project templates by id in ONE statement, only those the caller may see (rules.readTemplate as a
 * condition: public ones and the caller's own for staff, every one for an admin, none for
 * external users): category, author and saved custom field values inside.
 */
export async function readVisibleProjectTemplates(read: ReadPort, ids: readonly string[], viewer: Viewer): Promise<ProjectTemplate[]> {
  const form = ruleForm(rules.readTemplate, viewer);
  if (form === "none") return [];
  const { db } = read;
  const d = read;
  const rows = await db
    .selectFrom("ProjectTemplate as pt")
    .select(["pt.id", "pt.name", "pt.description", "pt.dateStart", "pt.dateEnd", "pt.stageDatesRelativeToProject", "pt.isBlameableRemovalEnabled", "pt.isPublic", "pt.isSimple"])
    .select((eb) => [
      d.jsonObject(eb.selectFrom("ProjectCategory as pc").select(["pc.id", "pc.name"]).whereRef("pc.id", "=", "pt.projectCategoryId")).as("projectCategory"),
      userRefJson(d, eb, "pt.createdById").as("createdBy"),
      customFieldValuesJson(d, eb as never, "cv.projectTemplateId", "pt.id").as("savedCustomFieldValues"),
    ])
    .where((eb) => d.inList(eb.ref("pt.id"), ids))
    .where((eb) => ruleSql(d, eb, rules.readTemplate, form, "pt", viewer.id))
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

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

/** Federation references resolve only to templates the caller may see (others are null). */
export const projectTemplateEntity = defineEntity<ProjectTemplate>({
  typeName: "ProjectTemplate",
  read: readBy(rules.readTemplate, "ProjectTemplate", () => "e"),
  /** One statement per batch (category, author and custom field values inside). */
  loadMany: (read, ids, viewer) => readVisibleProjectTemplates(read, ids, viewer),
});
