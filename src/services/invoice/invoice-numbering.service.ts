import { defineEntity } from "../../federation/entity-registry";
import type { InvoiceNumbering } from "../../types/invoice/invoice-numbering.type";
import { readInvoiceNumberings } from "./invoice.read";

/** The InvoiceNumbering entity: a batch with its current counters in one statement (invoice.read.ts). */
export const invoiceNumberingEntity = defineEntity<InvoiceNumbering>({
  typeName: "InvoiceNumbering",
  loadMany: (_db, ids, _viewer, read) => readInvoiceNumberings(read, ids),
});
