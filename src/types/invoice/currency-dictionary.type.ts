import { Field } from "type-graphql";
import { Identified, Entity } from "../shared/named.type";

@Entity("A currency the finance area may use on invoices.")
export class CurrencyDictionary extends Identified("entry") {
  @Field({ description: "Name of the currency, e.g. Polish zloty." })
  name!: string;

  @Field({ description: "ISO 4217 code, three upper-case letters, unique." })
  code!: string;

  @Field({ description: "Whether this is the default currency; exactly one entry is, once any is set." })
  isDefault!: boolean;
}
