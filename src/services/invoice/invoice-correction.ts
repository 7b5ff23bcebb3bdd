import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { isCorrectionType, relatedTypesOf } from "../../domain/value-sets";
import { MAX_CORRECTIONS } from "../../domain/list-cost";
import type { RelatedInvoice } from "./invoice.read";

/**
 * The invoice `input.invoice` names (read with the other look-ups, readInvoiceLookups): for a
 * correction, the correctable original of its kind, with room for one more correction; for a
 * settlement or an invoice issued from a pro forma, an issued document of a type it may name
 * (RELATABLE_TYPES). Either way of the same direction, and never a draft.
 */
export function checkRelated(input: CreateInvoiceInput, row: RelatedInvoice | null): RelatedInvoice {
  const id = input.invoice!;
  if (!row) throw new NotFoundError("Invoice", id, "input.invoice");
  const allowed = relatedTypesOf(input.invoiceType);
  if (isCorrectionType(input.invoiceType) && (row.correctedInvoiceId !== null || isCorrectionType(row.invoiceType))) {
    throw badInput(
      "input.invoice",
      "original",
      "name the original invoice, not one of its corrections: corrections of one invoice form a chain",
    );
  }
  if (!allowed.includes(row.invoiceType)) {
    const verb = isCorrectionType(input.invoiceType) ? "corrects" : "names";
    throw badInput(
      "input.invoice",
      "matchingType",
      `this invoiceType ${verb} ${allowed.join(", ")} invoices; the invoice named is ${row.invoiceType}`,
    );
  }
  if (row.isDraft) throw badInput("input.invoice", "issued", "a draft is not referred to: it is changed or issued");
  if (isCorrectionType(input.invoiceType) && row.correctionCount >= MAX_CORRECTIONS) {
    throw badInput("input.invoice", "maxCorrections", `an invoice takes at most ${MAX_CORRECTIONS} corrections; this one has them all`);
  }
  if (row.direction !== input.direction) {
    throw badInput("input.direction", "sameAsRelated", `an invoice has the direction of the invoice it names (${row.direction})`);
  }
  return row;
}
