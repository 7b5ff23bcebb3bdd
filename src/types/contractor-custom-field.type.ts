import { Field, ID, ObjectType } from "type-graphql";
import { CustomFieldOption } from "./custom-field-option.type";
import { CustomFieldUser } from "./custom-field-user.type";
import { IdName } from "./id-name.type";

@ObjectType({
  description:
    "A custom field of a contractor with its value. Only the value field matching dataType is set; the others are null or empty.",
})
export class ContractorCustomField {
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
