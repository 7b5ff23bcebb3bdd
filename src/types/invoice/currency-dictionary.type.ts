import { Required } from "../shared/fields";
import { Identified, Entity } from "../shared/named.type";

@Entity("A currency the finance area may use on invoices.")
export class CurrencyDictionary extends Identified("entry") {
  @Required(String, "Name of the currency, e.g. Polish zloty.")
  name!: string;

  @Required(String, "ISO 4217 code, three upper-case letters, unique.")
  code!: string;

  @Required(Boolean, "Whether this is the default currency; exactly one entry is, once any is set.")
  isDefault!: boolean;
}
