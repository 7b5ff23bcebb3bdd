import { Field, ObjectType } from "type-graphql";
import { CustomFieldDefinition } from "./custom-field-definition.type";
import { CustomFieldOption } from "./custom-field-option.type";
import { CustomFieldUser } from "./custom-field-user.type";
import { IdName } from "./id-name.type";

@ObjectType({
  description:
    "A custom field value saved in a project template, beside its definition. Only the value field matching the definition's dataType is set; the others are null or empty.",
})
export class SavedCustomFieldValue {
  @Field(() => CustomFieldDefinition, { description: "The field this is a value of." })
  definition!: CustomFieldDefinition;

  @Field(() => String, { nullable: true, description: "The value of a text field." })
  valueText!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The value of a float field, as an exact decimal string (e.g. \"1250.5\"), so no precision is lost.",
  })
  valueFloat!: string | null;

  @Field(() => Date, { nullable: true, description: "The value of a datetime field." })
  valueDateTime!: Date | null;

  @Field(() => [CustomFieldOption], { description: "The options chosen in a select field, by the options' weight." })
  valueSelectOptions!: CustomFieldOption[];

  @Field(() => [CustomFieldUser], { description: "The users chosen in a users field, by last name, first name." })
  valueSelectUsers!: CustomFieldUser[];

  @Field(() => IdName, { nullable: true, description: "The department chosen in a department field." })
  valueDepartment!: IdName | null;
}
