import { Violations } from "../shared/violations";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { isCorrectionType, relatedTypesOf } from "../../domain/value-sets";

/** Rules between fields of a new invoice's input that need no database; every broken one is named at once. */
export function checkCombination(input: CreateInvoiceInput): void {
  const violations = new Violations();
  const broken = (field: string, rule: string, message: string) => violations.add(field, rule, message);
  const correction = isCorrectionType(input.invoiceType);
  if (correction && !input.invoice)
    broken("input.invoice", "required", `a ${input.invoiceType} correction must name the invoice it corrects`);
  if (input.invoice && relatedTypesOf(input.invoiceType).length === 0) {
    broken("input.invoice", "related", "this invoiceType names no related invoice (see the field's description for who names what)");
  }
  if (!correction && input.prevItems) broken("input.prevItems", "correctionOnly", "only corrections carry the items as they stood before");
  if (input.posted && input.isDraft) broken("input.posted", "notDraft", "a draft cannot be posted to the books");
  if (input.issueDate && input.deadlineDate && input.deadlineDate < input.issueDate) {
    broken("input.deadlineDate", "notBeforeIssueDate", "deadlineDate must not be before issueDate");
  }
  violations.throwIfAny();
}
