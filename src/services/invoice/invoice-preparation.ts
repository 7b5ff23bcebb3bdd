import { Prisma } from "../../db/client";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { ConflictError, NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { fitsMoney, MAX_AMOUNT } from "../shared/money";
import { differenceOf, fitsMoneyColumn, sumAmounts } from "./invoice-amounts";
import { checkRelated } from "./invoice-correction";
import { copyItems, priceItems } from "./invoice-items";
import { checkNumbering } from "../shared/numbering";
import { partyFields } from "./invoice-parties";
import { financeKeys, resolveCurrency, resolveFinance } from "./invoice-references";
import type { PreparedInvoice } from "./invoice-store";
import { isCorrectionType } from "../../domain/value-sets";
import { readInvoiceLookups, type InvoiceLookups, type LookedUpNumbering } from "./invoice.read";

/**
 * Reads and checks everything a new invoice refers to and computes its amounts, outside any
 * transaction: ONE look-up statement on the read side for the numbering, a hand-given number,
 * the buyer, the currency, the creator's name and the finance task/board/stage/project
 * and the invoice `input.invoice` names (a correction's corrected invoice, with its current
 * items; a settlement's advance invoice; an invoice's pro forma) (readInvoiceLookups); for a
 * caller who does not keep the books, the project role check of rules.issueInvoice besides. The
 * foreign keys still guard every reference when the rows are written.
 */
export async function prepareInvoice(ctx: AuthedContext, input: CreateInvoiceInput): Promise<PreparedInvoice> {
  const viewer = ctx.viewer;
  const correction = isCorrectionType(input.invoiceType);
  const takesNumber = !input.isDraft && !input.no;

  const found = await readInvoiceLookups(ctx.read, {
    numberingId: input.numbering ?? null,
    defaultNumberingOf: !input.numbering && takesNumber ? input.direction : null,
    no: input.numbering ? (input.no ?? null) : null,
    buyerId: input.buyerId ?? null,
    currencyCode: input.currencyCode ? input.currencyCode.toUpperCase() : null,
    callerId: input.sellerCreatorName ? null : viewer.id,
    relatedId: input.invoice ?? null,
    ...financeKeys(input),
  });
  const related = input.invoice ? checkRelated(input, found.related) : null;
  const corrected = correction ? related : null;
  const numbering = numberingOf(input, found, takesNumber);
  if (input.buyerId && !found.buyer) throw new NotFoundError("Contractor", input.buyerId, "input.buyerId");

  const finance = resolveFinance(input, found, related);
  const currencyCode = resolveCurrency(input, found, related);
  await policy.require(ctx, rules.issueInvoice, { projectId: finance.projectId, relatedProjectId: related?.financeProjectId ?? null });
  const sellerCreatorName = input.sellerCreatorName || (found.callerName ?? "");

  const items = priceItems(input.items ?? [], "input.items");
  const prevItems = corrected ? (input.prevItems ? priceItems(input.prevItems, "input.prevItems") : copyItems(corrected.currentItems)) : [];
  // A correction states the invoice as it stands after it; what it changes is what is left to pay (or refund).
  const totals = sumAmounts(items);
  const alreadyPaid = input.alreadyPaid ?? null;
  const toPay =
    input.toPay != null
      ? new Prisma.Decimal(input.toPay)
      : correction
        ? differenceOf(totals, sumAmounts(prevItems)).grossAmount
        : totals.grossAmount.minus(alreadyPaid ?? 0);
  if (!fitsMoneyColumn(totals) || !fitsMoney(toPay)) {
    throw badInput("input.items", "totalTooLarge", `the invoice's totals must not exceed ${MAX_AMOUNT.toFixed(2)}`);
  }

  const no = input.no ?? null;
  // checked here for a clear error; the unique index guards the race (see createInvoice)
  if (no !== null && numbering !== null && found.noTaken) {
    throw new ConflictError("input.no must be unique in its numbering: an invoice with this number exists already.", "input.no");
  }
  // a number can be taken: refused here, before the counter row is touched
  if (takesNumber) checkNumbering(numbering!, "input.numbering");

  return {
    no,
    series: takesNumber ? numbering : null,
    takesNumber,
    issueDate: input.issueDate ?? null,
    items,
    prevItems,
    row: {
      ksefMarker: input.ksefMarker ?? null,
      docTitle: input.docTitle ?? numbering?.docTitle ?? "",
      numberingId: numbering?.id ?? null,
      saleDate: input.saleDate ?? null,
      issueDate: null,
      deadlineDate: input.deadlineDate ?? null,
      issuedPlace: input.issuedPlace ?? null,
      invoiceType: input.invoiceType,
      direction: input.direction,
      ...partyFields(input, found.buyer, related),
      sellerCreatorName,
      buyerIsJst: input.buyerIsJst,
      buyerIsGv: input.buyerIsGv,
      bankAccount: input.bankAccount ?? "",
      bankAccountSwift: input.bankAccountSwift ?? "",
      currencyCode,
      paymentMethod: input.paymentMethod ?? null,
      alreadyPaid,
      toPay,
      ...totals,
      description: input.description ?? "",
      posted: input.posted,
      isDraft: input.isDraft,
      isSplitPayment: input.isSplitPayment,
      isReverseCharge: input.isReverseCharge,
      isCashAccounting: input.isCashAccounting,
      fileGeneratedLanguage: input.fileGeneratedLanguage,
      exchangeRate: input.exchangeRate ?? null,
      exchangeDate: input.exchangeDate ?? null,
      thirdParties: JSON.stringify(input.thirdParties ?? []),
      correctedInvoiceId: corrected?.id ?? null,
      relatedInvoiceId: correction ? null : (related?.id ?? null),
      financeProjectId: finance.projectId,
      financeStageId: finance.stageId,
      financeBoardId: finance.boardId,
      financeTaskId: finance.taskId,
      createdById: viewer.id,
      updatedById: viewer.id,
    },
  };
}

/** The numbering the input names (of the invoice's direction), or the direction's default when a number is to be taken. */
function numberingOf(input: CreateInvoiceInput, found: InvoiceLookups, takesNumber: boolean): LookedUpNumbering | null {
  if (input.numbering) {
    if (!found.numbering) throw new NotFoundError("Invoice numbering", input.numbering, "input.numbering");
    if (found.numbering.kind !== input.direction) {
      throw badInput(
        "input.numbering",
        "sameKind",
        `the numbering numbers ${found.numbering.kind} invoices, not invoices of the direction given`,
      );
    }
    return found.numbering;
  }
  if (!takesNumber) return null;
  if (!found.defaultNumbering) {
    throw badInput(
      "input.numbering",
      "required",
      `an issued invoice needs a number: name a numbering or give \`no\` (there is no default ${input.direction} numbering)`,
    );
  }
  return found.defaultNumbering;
}
