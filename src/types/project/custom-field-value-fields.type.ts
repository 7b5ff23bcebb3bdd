import { Field, ObjectType } from "type-graphql";
import { CustomFieldOption } from "./custom-field-option.type";
import { CustomFieldUser } from "../people/user-summaries.type";
import { IdName } from "../shared/named.type";
import { FirstOf } from "../shared/first-of";

/**
 * The value fields every custom field value carries, whichever object it is shown on. Only the
 * one matching the definition's data type is set. Not a type of the schema by itself: the types
 * that extend it are.
 */
@ObjectType()
export abstract class CustomFieldValueFields {
  @Field(() => String, { nullable: true, description: "The value of a text field." })
  valueText!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The value of a float field, as an exact decimal string (e.g. "1250.5"), so no precision is lost.',
  })
  valueFloat!: string | null;

  @Field(() => Date, { nullable: true, description: "The value of a datetime field." })
  valueDateTime!: Date | null;

  @FirstOf(() => CustomFieldOption, 20, "The options chosen in a select field, by the options' weight")
  valueSelectOptions!: CustomFieldOption[];

  @FirstOf(() => CustomFieldUser, 20, "The users chosen in a users field, by last name, first name")
  valueSelectUsers!: CustomFieldUser[];

  @Field(() => IdName, { nullable: true, description: "The department chosen in a department field." })
  valueDepartment!: IdName | null;
}
