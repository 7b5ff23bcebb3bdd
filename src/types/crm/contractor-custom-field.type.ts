import { Field, ID, ObjectType } from "type-graphql";
import { CustomFieldValueFields } from "../project/custom-field-value-fields.type";

@ObjectType({
  description:
    "A custom field of a contractor with its value. Only the value field matching dataType is set; the others are null or empty.",
})
export class ContractorCustomField extends CustomFieldValueFields {
  @Field(() => ID, { description: "Id of the custom field's definition." })
  id!: string;

  @Field(() => ID, { description: "Id of this value." })
  valueId!: string;

  @Field({ description: "Name of the field." })
  name!: string;

  @Field({ description: "Explanation of the field, empty when none." })
  description!: string;

  @Field({ description: "Kind of value: text, float, datetime, select, users or department." })
  dataType!: string;
}
