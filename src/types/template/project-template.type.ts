import { IdName, Named, Entity } from "../shared/named.type";
import { SavedCustomFieldValue } from "../project/custom-field.type";
import { TemplateUserRef } from "../people/user-summaries.type";
import { Optional, FirstOf, Required } from "../shared/fields";

@Entity(
  "A blueprint new projects are made from: stages, boards, custom field values and settings. A private template (isPublic false) is visible to its author and admins only.",
)
export class ProjectTemplate extends Named("template", "'s", "of") {
  @Required(String, "What the template is for, empty when not described.")
  description!: string;

  @Optional(IdName, "The project category projects made from it get, if any.")
  projectCategory!: IdName | null;

  @Required(Date, "Start of the template's timeline; stage dates are relative to it.")
  dateStart!: Date;

  @Required(Date, "End of the template's timeline.")
  dateEnd!: Date;

  @Required(Boolean, "Whether stage dates move with the new project's planned start when a project is made from it.")
  stageDatesRelativeToProject!: boolean;

  @Required(Boolean, "Whether projects made from it record who removed things (blameable removal).")
  isBlameableRemovalEnabled!: boolean;

  @FirstOf(SavedCustomFieldValue, 150, "Custom field values copied into projects made from it, by the definitions' weight")
  savedCustomFieldValues!: SavedCustomFieldValue[];

  @Required(Boolean, "Whether every user may see and use it (false: its author and admins only).")
  isPublic!: boolean;

  @Required(TemplateUserRef, "Who made the template.")
  createdBy!: TemplateUserRef;

  @Required(Boolean, "Whether projects made from it are simple (a single board, no stages).")
  isSimple!: boolean;
}
