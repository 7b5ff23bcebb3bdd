import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { CORRECTABLE_TYPES, isCorrectionType } from "../../domain/value-sets";
import type { CorrectedInvoice } from "./invoice.read";

/**
 * The invoice a correction corrects (read with the other look-ups, readInvoiceLookups), checked
 * to be a correctable original of the correction's kind and direction.
 */
export function checkCorrected(input: CreateInvoiceInput, row: CorrectedInvoice | null): CorrectedInvoice {
  const id = input.invoice!;
  if (!row) throw new NotFoundError("Invoice", id, "input.invoice");
  const allowed = CORRECTABLE_TYPES[input.invoiceType];
  if (row.correctedInvoiceId !== null || isCorrectionType(row.invoiceType)) {
    throw badInput("input.invoice", "original", "name the original invoice, not one of its corrections: corrections of one invoice form a chain");
  }
  if (!allowed.includes(row.invoiceType)) {
    throw badInput("input.invoice", "matchingType", `this invoiceType corrects ${allowed.join(", ")} invoices; the invoice named is ${row.invoiceType}`);
  }
  if (row.isDraft) throw badInput("input.invoice", "issued", "a draft is not corrected: it is changed or issued");
  if (row.direction !== input.direction) {
    throw badInput("input.direction", "sameAsCorrected", `a correction has the direction of the invoice it corrects (${row.direction})`);
  }
  return row;
}
