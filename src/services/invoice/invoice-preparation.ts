import { Prisma } from "../../db/client";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { ConflictError, NotFoundError } from "../../errors/errors";
import { badInput, Violations } from "../shared/violations";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { fitsMoney, MAX_AMOUNT } from "../shared/money";
import { differenceOf, fitsMoneyColumn, sumAmounts } from "./invoice-amounts";
import { copyItems, priceItems } from "./invoice-items";
import { checkNumbering } from "../shared/numbering";
import type { PreparedInvoice } from "./invoice-store";
import { isCorrectionType, relatedTypesOf } from "../../domain/value-sets";
import {
  readInvoiceLookups,
  type InvoiceLookups,
  type LookedUpNumbering,
  BUYER_FIELDS,
  SELLER_FIELDS,
  type RelatedInvoice,
  type LookedUpContractor,
  type InvoiceLookupKeys,
} from "./invoice.read";
import { MAX_CORRECTIONS } from "../../domain/list-cost";

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

/** The project, stage, board and task an invoice is booked to. */
export type FinanceRefs = Pick<InvoiceLookupKeys, "taskId" | "boardId" | "stageId" | "projectId">;

/** The finance keys of the look-up: only the lowest level given is looked up (it fills the levels above it). */
export function financeKeys(input: CreateInvoiceInput): FinanceRefs {
  const taskId = input.financeTask ?? null;
  const boardId = taskId ? null : (input.financeBoard ?? null);
  const stageId = taskId || boardId ? null : (input.financeStage ?? null);
  const projectId = taskId || boardId || stageId ? null : (input.financeProject ?? null);
  return { taskId, boardId, stageId, projectId };
}

/**
 * Where the invoice is booked. The lowest level given is looked up and fills the levels above
 * it; a level given as well must agree with it. An invoice that names none but names a related
 * invoice (a correction's corrected one, a settlement's advance) is booked where that one is.
 */
export function resolveFinance(input: CreateInvoiceInput, found: InvoiceLookups, related: RelatedInvoice | null): FinanceRefs {
  const given: FinanceRefs = {
    projectId: input.financeProject ?? null,
    stageId: input.financeStage ?? null,
    boardId: input.financeBoard ?? null,
    taskId: input.financeTask ?? null,
  };
  if (related && !given.projectId && !given.stageId && !given.boardId && !given.taskId) {
    return {
      projectId: related.financeProjectId,
      stageId: related.financeStageId,
      boardId: related.financeBoardId,
      taskId: related.financeTaskId,
    };
  }
  const mismatch = (field: string, what: string) => badInput(field, "consistent", what);
  if (given.taskId) {
    const task = found.task;
    if (!task) throw new NotFoundError("Task", given.taskId, "input.financeTask");
    if (given.boardId && given.boardId !== task.boardId) throw mismatch("input.financeTask", "the task is not on financeBoard");
    if (given.stageId && given.stageId !== task.stageId) throw mismatch("input.financeTask", "the task is not in financeStage");
    if (given.projectId && given.projectId !== task.projectId) throw mismatch("input.financeTask", "the task is not in financeProject");
    return { projectId: task.projectId, stageId: task.stageId, boardId: task.boardId, taskId: given.taskId };
  }
  if (given.boardId) {
    const board = found.board;
    if (!board) throw new NotFoundError("Board", given.boardId, "input.financeBoard");
    if (given.stageId && given.stageId !== board.stageId) throw mismatch("input.financeBoard", "the board is not in financeStage");
    if (given.projectId && given.projectId !== board.projectId) throw mismatch("input.financeBoard", "the board is not in financeProject");
    return { projectId: board.projectId, stageId: board.stageId, boardId: given.boardId, taskId: null };
  }
  if (given.stageId) {
    const stage = found.stage;
    if (!stage) throw new NotFoundError("Stage", given.stageId, "input.financeStage");
    if (given.projectId && given.projectId !== stage.projectId) throw mismatch("input.financeStage", "the stage is not in financeProject");
    return { projectId: stage.projectId, stageId: given.stageId, boardId: null, taskId: null };
  }
  if (given.projectId && !found.projectExists) throw new NotFoundError("Project", given.projectId, "input.financeProject");
  return given;
}

/**
 * An invoice that names another (a correction the invoice it corrects, a settlement its advance
 * invoice, an invoice its pro forma) is in that invoice's currency: a correction's `toPay` is a
 * difference of the two invoices' amounts and a settlement deducts its advance, neither of which
 * means anything across currencies (a change of currency is a new invoice). Otherwise a given
 * code must be in the currency dictionary; absent, the default currency.
 */
export function resolveCurrency(input: CreateInvoiceInput, found: InvoiceLookups, related: RelatedInvoice | null): string | null {
  if (input.currencyCode) {
    const code = input.currencyCode.toUpperCase();
    if (related && code !== related.currencyCode) {
      throw badInput(
        "input.currencyCode",
        "sameAsRelated",
        `an invoice keeps the currency of the invoice it names in \`invoice\` (${related.currencyCode ?? "none"}); leave currencyCode out or give that one`,
      );
    }
    // the message names the field, never the code sent (a client's value is not echoed)
    if (!found.currencyKnown) throw badInput("input.currencyCode", "known", "the code is not in the currency dictionary");
    return code;
  }
  if (related) return related.currencyCode;
  return found.defaultCurrency;
}

type SellerField = (typeof SELLER_FIELDS)[number];
type BuyerField = (typeof BUYER_FIELDS)[number];

/**
 * Seller and buyer data: what the input gives (an empty string counts as not given), else what
 * the invoice named in `input.invoice` says (a correction's, a settlement's, ...), and for the
 * buyer, when the input names a buyer contractor, that contractor's data. buyerIdentifier and
 * buyerIdentifierType end as "" and nip when no source has them.
 */
export function partyFields(input: CreateInvoiceInput, buyer: LookedUpContractor | null, related: RelatedInvoice | null) {
  const given = (value: string | null | undefined) => (value === undefined || value === null || value === "" ? undefined : value);
  const fromContractor: Record<BuyerField, string | null> | null = buyer && {
    buyerName: given(buyer.fullName) ?? buyer.name,
    buyerIdentifier: given(buyer.vatId) ?? null,
    buyerIdentifierType: buyer.identifierType,
    buyerStreet: buyer.street,
    buyerZipCode: buyer.zipCode,
    buyerCity: buyer.city,
    buyerCountryCode: buyer.countryCode,
    buyerRecipientName: null,
    buyerAccountingEmail: buyer.accountingEmail,
  };
  // a named buyer replaces the named invoice's buyer as the source of the buyer's data
  const source = fromContractor ?? related;
  // one object filled in place: built as two and spread into a third it cost 17 µs a call, 1.8 µs so
  const parties = {} as Record<SellerField | BuyerField | "buyerId", string | null>;
  for (const field of SELLER_FIELDS) parties[field] = given(input[field]) ?? related?.[field] ?? null;
  for (const field of BUYER_FIELDS) parties[field] = given(input[field]) ?? given(source?.[field]) ?? null;
  parties.buyerId = input.buyerId ?? related?.buyerId ?? null;
  parties.buyerIdentifier ??= "";
  parties.buyerIdentifierType ??= "nip";
  return parties as typeof parties & Record<"buyerIdentifier" | "buyerIdentifierType", string>;
}

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
