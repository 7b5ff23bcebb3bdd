import { Field, ObjectType } from "type-graphql";
import { CustomFieldDefinition } from "./custom-field-definition.type";
import { CustomFieldValueFields } from "./custom-field-value-fields.type";

@ObjectType({
  description:
    "A custom field value saved in a project template, beside its definition. Only the value field matching the definition's dataType is set; the others are null or empty.",
})
export class SavedCustomFieldValue extends CustomFieldValueFields {
  @Field(() => CustomFieldDefinition, { description: "The field this is a value of." })
  definition!: CustomFieldDefinition;
}
