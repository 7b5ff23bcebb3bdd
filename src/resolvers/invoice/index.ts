import type { Area } from "../area";
import { InvoiceResolver } from "./invoice.resolver";
import * as read from "../../services/invoice/invoice.read";

export const invoiceArea: Area = {
  resolvers: [InvoiceResolver],
  entities: [
    read.currencyDictionaryEntity,
    read.invoiceEntity,
    read.invoiceCostEntity,
    read.invoiceIncomeEntity,
    read.invoiceNumberingEntity,
  ],
};
