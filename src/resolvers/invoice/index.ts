import type { Area } from "../area";
import { InvoiceResolver } from "./invoice.resolver";
import {
  currencyDictionaryEntity,
  invoiceEntity,
  invoiceCostEntity,
  invoiceIncomeEntity,
  invoiceNumberingEntity,
} from "../../services/invoice/invoice.read";

export const invoiceArea: Area = {
  resolvers: [InvoiceResolver],
  entities: [currencyDictionaryEntity, invoiceEntity, invoiceCostEntity, invoiceIncomeEntity, invoiceNumberingEntity],
};
