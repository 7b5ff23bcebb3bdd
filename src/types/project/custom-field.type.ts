import { ObjectType, Int } from "type-graphql";
import { Identified, IdName, Entity } from "../shared/named.type";
import { CustomFieldUser } from "../people/user-summaries.type";
import { Optional, FirstOf, Required } from "../shared/fields";

@Entity("An option of a select custom field, as chosen in a value.")
export class CustomFieldOption extends Identified("option", "'s") {
  @Required(String, "The option's text.")
  value!: string;

  @Required(Int, "Position among the field's options.")
  weight!: number;

  @Required(String, "The option's colour, #rrggbb.")
  decorator!: string;
}

/**
 * The value fields every custom field value carries, whichever object it is shown on. Only the
 * one matching the definition's data type is set. Not a type of the schema by itself: the types
 * that extend it are.
 */
@ObjectType()
export abstract class CustomFieldValueFields {
  @Optional(String, "The value of a text field.")
  valueText!: string | null;

  @Optional(String, 'The value of a float field, as an exact decimal string (e.g. "1250.5"), so no precision is lost.')
  valueFloat!: string | null;

  @Optional(Date, "The value of a datetime field.")
  valueDateTime!: Date | null;

  @FirstOf(CustomFieldOption, 20, "The options chosen in a select field, by the options' weight")
  valueSelectOptions!: CustomFieldOption[];

  @FirstOf(CustomFieldUser, 20, "The users chosen in a users field, by last name, first name")
  valueSelectUsers!: CustomFieldUser[];

  @Optional(IdName, "The department chosen in a department field.")
  valueDepartment!: IdName | null;
}

@Entity("The definition of a custom field: what a custom field value is a value of.")
export class CustomFieldDefinition extends Identified("definition", "'s") {
  @Required(String, "Name of the field.")
  name!: string;

  @Required(Int, "Position among the custom fields; values are listed by ascending weight.")
  weight!: number;

  @Required(String, "Explanation of the field, empty when none.")
  description!: string;

  @Required(String, "What the field belongs to: project or contractor.")
  scope!: string;

  @Required(String, "Kind of value: text, float, datetime, select, users or department.")
  dataType!: string;

  @Required(String, "How a float value is shown (float, currency, percent...).")
  floatDisplayType!: string;

  @Required(Int, "Decimal places a float value is shown with.")
  floatDecimalPlaces!: number;

  @Required(String, "ISO 4217 currency code of a currency float, empty otherwise.")
  floatCurrencyCode!: string;
}

@ObjectType({
  description:
    "A custom field value saved in a project template, beside its definition. Only the value field matching the definition's dataType is set; the others are null or empty.",
})
export class SavedCustomFieldValue extends CustomFieldValueFields {
  @Required(CustomFieldDefinition, "The field this is a value of.")
  definition!: CustomFieldDefinition;
}
