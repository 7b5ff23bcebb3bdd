import { defineEntity } from "../../federation/entity-registry";
import type { Invoice } from "../../types/invoice/invoice.type";
import { readInvoices } from "./invoice.read";
// the invoice area's other entities register when imported; the resolvers reach them through here
import "./invoice-booking.service";
import "./invoice-numbering.service";

/**
 * The Invoice entity: a batch in one statement (src/services/invoice/invoice.read.ts). The
 * batch brings the rest of its invoices' correction chains along, which the request's loader
 * keeps for the `invoice`, `corrects` and `prevCorrect` fields: they cost no further statement.
 */
export const invoiceEntity = defineEntity<Invoice>({
  typeName: "Invoice",
  loadMany: (_db, ids, _viewer, read) => readInvoices(read, ids, { chains: true }),
});
