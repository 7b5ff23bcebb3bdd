import { Max, Min } from "class-validator";
import { Float, ID, InputType } from "type-graphql";
import { OptionalList, Optional, OptionalText, Required } from "../../types/shared/fields";

@InputType({
  description:
    "A value of a project custom field. Set the value field matching the definition's dataType (text: valueText, float: valueFloat, datetime: valueDateTime, select: valueSelectOptions, users: valueSelectUsers, department: valueDepartment); the others must stay unset.",
})
export class ProjectCustomFieldValueInput {
  @Required(ID, "Id of an existing custom field definition of scope project; each definition at most once.")
  definition!: string;

  @OptionalText(100_000, "Text value", " (dataType text)")
  valueText?: string | null;

  @Optional(Float, "Numeric value, between -99999999999999 and 99999999999999 (dataType float).")
  @Min(-99_999_999_999_999)
  @Max(99_999_999_999_999)
  valueFloat?: number | null;

  @Optional(Date, "Date-time value (dataType datetime).")
  valueDateTime?: Date | null;

  @OptionalList(ID, 100, "Ids of the definition's select options, at most 100 (dataType select).")
  valueSelectOptions?: string[] | null;

  @OptionalList(ID, 100, "Ids of existing users, at most 100 (dataType users).")
  valueSelectUsers?: string[] | null;

  @Optional(ID, "Id of an existing department (dataType department).")
  valueDepartment?: string | null;
}
