import { Length, Matches } from "class-validator";
import { Field, InputType } from "type-graphql";

@InputType({ description: "E18: a new currency dictionary entry." })
export class CreateCurrencyDictionaryInput {
  @Field({ description: "Name of the currency, 3 to 100 characters." })
  @Length(3, 100)
  name!: string;

  @Field({ description: "ISO 4217 code: exactly 3 letters (stored upper-case); must not exist yet (CONFLICT)." })
  @Length(3, 3)
  @Matches(/^[A-Za-z]{3}$/, { message: "code must be three letters" })
  code!: string;

  @Field({ description: "Make this the default currency; the previous default stops being one." })
  isDefault!: boolean;
}
