import { Directive, Field, Int, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "The definition of a custom field: what a custom field value is a value of." })
export class CustomFieldDefinition extends Identified("definition", "'s") {
  @Field({ description: "Name of the field." })
  name!: string;

  @Field(() => Int, { description: "Position among the custom fields; values are listed by ascending weight." })
  weight!: number;

  @Field({ description: "Explanation of the field, empty when none." })
  description!: string;

  @Field({ description: "What the field belongs to: project or contractor." })
  scope!: string;

  @Field({ description: "Kind of value: text, float, datetime, select, users or department." })
  dataType!: string;

  @Field({ description: "How a float value is shown (float, currency, percent...)." })
  floatDisplayType!: string;

  @Field(() => Int, { description: "Decimal places a float value is shown with." })
  floatDecimalPlaces!: number;

  @Field({ description: "ISO 4217 currency code of a currency float, empty otherwise." })
  floatCurrencyCode!: string;
}
