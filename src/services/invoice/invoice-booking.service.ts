import { defineEntity } from "../../federation/entity-registry";
import type { InvoiceCost } from "../../types/invoice/invoice-cost.type";
import type { InvoiceIncome } from "../../types/invoice/invoice-income.type";
import { readInvoiceBookings } from "./invoice.read";

/**
 * An invoice's costs and incomes: one shape, one read (readInvoiceBookings), two entity types.
 */
export const invoiceCostEntity = defineEntity<InvoiceCost>({
  typeName: "InvoiceCost",
  loadMany: (_db, ids, _viewer, read) => readInvoiceBookings(read, "cost", ids),
});

export const invoiceIncomeEntity = defineEntity<InvoiceIncome>({
  typeName: "InvoiceIncome",
  loadMany: (_db, ids, _viewer, read) => readInvoiceBookings(read, "income", ids),
});
