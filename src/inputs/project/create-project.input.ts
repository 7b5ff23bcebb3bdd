import { ArrayMaxSize, IsIn, Length, Max, Min, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType } from "type-graphql";
import { ProjectCustomFieldValueInput } from "./project-custom-field-value.input";
import { PROJECT_CREATION_STATUSES } from "../../domain/value-sets";
import { ProjectCreationStatus } from "../../types/shared/enums";
import { MAX_AMOUNT_NUMBER } from "../../domain/money";
import { Optional, OptionalList, OptionalText, Required } from "../../types/shared/fields";

/** Most contractors and tags a project holds (only createProject sets them): Project.contractors and tags are priced by them. */
export const MAX_PROJECT_CONTRACTORS = 100;
export const MAX_PROJECT_TAGS = 100;

@InputType({ description: "E5: a new project." })
export class CreateProjectInput {
  @Required(String, "Name, 1 to 100 characters; the project's short code is made from it.")
  @Length(1, 100)
  name!: string;

  @OptionalText(
    50,
    "The project's number",
    " (trimmed), unique among projects (CONFLICT otherwise); it takes nothing from the counter. Absent, null or blank: the next number of the numbering (or of the default numbering)",
  )
  no?: string | null;

  @Optional(ID, "A template to copy stages, boards, custom field values and settings from: public, or the caller's own (admins: any).")
  projectTemplate?: string | null;

  @Optional(
    ID,
    "A public template to copy from, shared by the whole organisation; give at most one of projectTemplate and globalProjectTemplate.",
  )
  globalProjectTemplate?: string | null;

  @Required(Date, "When the project is planned to start.")
  dateStartPlanned!: Date;

  @Required(Date, "When the project is planned to end; not before dateStartPlanned.")
  dateEndPlanned!: Date;

  @Optional(ID, "Id of an existing project category. Absent: the template's category, if a template is used; null: none.")
  category?: string | null;

  @Optional(
    ID,
    "Id of an existing project numbering to number the project. Absent or null: the default numbering (isDefault); without one, `no` is required.",
  )
  numbering?: string | null;

  @OptionalText(100_000, "Description", "; null means none")
  description?: string | null;

  @Required(Boolean, "Whether removing the project's objects records who removed them.")
  isBlameableRemovalEnabled!: boolean;

  @Required(ProjectCreationStatus, "Initial state: in_preparation (stored in-preparation) or open.")
  @IsIn(Object.keys(PROJECT_CREATION_STATUSES))
  status!: string;

  @Field(() => Float, { defaultValue: 0, description: "Budget, from 0 to 999999999999.99 (two decimal places are kept); default 0." })
  @Min(0)
  @Max(MAX_AMOUNT_NUMBER)
  budget!: number;

  @OptionalList(
    ProjectCustomFieldValueInput,
    100,
    "Custom field values of the project, at most 100; they win over the template's values of the same definitions.",
  )
  @ValidateNested()
  customFieldValues?: ProjectCustomFieldValueInput[] | null;

  @Required([ID], `Ids of existing contractors (clients) of the project, at most ${MAX_PROJECT_CONTRACTORS}; may be empty.`)
  @ArrayMaxSize(MAX_PROJECT_CONTRACTORS)
  contractors!: string[];

  @OptionalList(ID, MAX_PROJECT_TAGS, `Ids of existing tags, at most ${MAX_PROJECT_TAGS}.`)
  tags?: string[] | null;

  @Field({ defaultValue: false, description: "A simple project: one board (created with it) and no stages. Default false." })
  isSimple!: boolean;
}
