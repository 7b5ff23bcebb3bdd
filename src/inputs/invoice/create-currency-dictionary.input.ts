import { Length, Matches } from "class-validator";
import { InputType } from "type-graphql";
import { Required } from "../../types/shared/fields";

@InputType({ description: "E18: a new currency dictionary entry." })
export class CreateCurrencyDictionaryInput {
  @Required(String, "Name of the currency, 3 to 100 characters.")
  @Length(3, 100)
  name!: string;

  @Required(String, "ISO 4217 code: exactly 3 letters (stored upper-case); must not exist yet (CONFLICT).")
  @Length(3, 3)
  @Matches(/^[A-Za-z]{3}$/, { message: "code must be three letters" })
  code!: string;

  @Required(Boolean, "Make this the default currency; the previous default stops being one.")
  isDefault!: boolean;
}
