import type { Area } from "../area";
import { CurrencyDictionaryResolver } from "./currency-dictionary.resolver";
import { InvoiceResolver } from "./invoice.resolver";
import {
  currencyDictionaryEntity,
  invoiceEntity,
  invoiceCostEntity,
  invoiceIncomeEntity,
  invoiceNumberingEntity,
} from "../../services/invoice/invoice.read";

export const invoiceArea: Area = {
  resolvers: [CurrencyDictionaryResolver, InvoiceResolver],
  entities: [currencyDictionaryEntity, invoiceEntity, invoiceCostEntity, invoiceIncomeEntity, invoiceNumberingEntity],
};
