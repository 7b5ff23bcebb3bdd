import { ProjectTemplate } from "../../types/template/project-template.type";
import type { SavedCustomFieldValue } from "../../types/project/custom-field.type";
import type { TemplateUserRef } from "../../types/people/user-summaries.type";
import { rules } from "../../auth/rules";
import { columnsOf, entityOf, readModel, required } from "../shared/read-model";
import { userSummary } from "../shared/user-refs";
import { idName } from "../task/task.read";
import { customFieldValueFields, customFieldValues, definitionOfValue } from "../project/project.read";

/** `ProjectTemplate`: category, author and saved custom field values inside its statement. */
const templateModel = readModel<ProjectTemplate>({
  ...columnsOf(ProjectTemplate, "pt"),
  projectCategory: idName("ProjectCategory", "pt.projectCategoryId"),
  savedCustomFieldValues: customFieldValues<SavedCustomFieldValue>(
    { definition: definitionOfValue, ...customFieldValueFields },
    "cv.projectTemplateId",
    "pt.id",
  ),
  createdBy: required(userSummary<TemplateUserRef>("pt.createdById")),
});

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

/**
 * Templates by id in ONE statement, only those the caller may see (rules.readTemplate as a
 * condition: public ones and the caller's own for staff, every one for an admin, none for
 * external users): the references of `_entities`
 * and E9 alike.
 */
export const projectTemplateEntity = entityOf(ProjectTemplate, templateModel, "ProjectTemplate as pt", rules.readTemplate, {
  subject: () => "e",
  visibleBy: { rule: rules.readTemplate, subject: "pt" },
});
