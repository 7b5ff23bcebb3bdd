import { randomUUID } from "node:crypto";
import type { Viewer } from "../../auth/authenticate";
import { Prisma, type Db, type DbTx } from "../../db/client";
import { BadUserInputError, ConflictError, ForbiddenError, NotFoundError, type FieldViolation } from "../../errors/errors";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import type { InvoiceItemInput } from "../../inputs/invoice/invoice-item.input";
import {
  differenceOf, fitsMoneyColumn, itemAmounts, MAX_AMOUNT, sumAmounts, type Amounts,
} from "./invoice-amounts";
import { checkNumbering, COUNTER_TX_OPTIONS, takeNextNumber } from "../shared/numbering";
import { invoiceCounters } from "./invoice-numbering.service";
import { CORRECTABLE_TYPES, isCorrectionType, type TaxRate } from "./invoice-value-sets";
import { retryOnUniqueViolation } from "../shared/retry";
// a broken rule found here reads as every other (badRule is the name this module gives badInput)
import { badInput as badRule } from "../shared/violations";
import { assertCanManageProject } from "../project/project-access";
import { canReadInvoice } from "../../auth/policy";
import { runSerially } from "../shared/serial-queue";


/** Concurrent creations queue for the counter row: see COUNTER_TX_OPTIONS. */
const TX_OPTIONS = COUNTER_TX_OPTIONS;
/** Runs after a lost race on a unique index (see createInvoice). */
const MAX_ATTEMPTS = 3;

/** Who may create invoices without being a manager of the invoice's project: admins and finance. */
const keepsTheBooks = (viewer: Viewer): boolean => canReadInvoice(viewer, undefined);

/**
 * E4. Creates an invoice in two steps:
 * 1. `prepareInvoice` reads and checks everything the invoice refers to and computes the amounts,
 *    outside any transaction and with independent look-ups sent at once (typically 4 statements:
 *    numbering, buyer, default currency, the creator's name; more only for what the input names:
 *    a corrected invoice, a finance task/board/stage/project, a hand-given number). The foreign
 *    keys still guard every reference when the rows are written.
 * 2. `storeInvoice` writes in one transaction: takes a number from the numbering counter and
 *    inserts the invoice and all its items: BEGIN, counter upsert, INSERT invoice, INSERT items
 *    (split only by the driver's bind-parameter limit), COMMIT. A failure rolls all of it back,
 *    the counter increment included: a failed creation consumes no number.
 * So a numbered invoice costs 4 + 5 statements whatever the number of items (test/invoice-write.test.ts),
 * and the part that holds the counter row, queued per numbering, is the 3 writes alone.
 *
 * Admins and finance users may create any invoice; a project manager (pm-active, pm-passive)
 * may create invoices booked to their project; anyone else is FORBIDDEN.
 */
export async function createInvoice(db: Db, viewer: Viewer, input: CreateInvoiceInput, now?: Date): Promise<string> {
  checkCombination(input);
  // A number typed in by hand may already hold the counter's next value: after such a clash the
  // next attempt checks each number it takes (one more statement), otherwise none is checked.
  let checkTaken = false;
  // Two creations raced for a value a unique index guards (the same hand-given number), or a
  // number taken from the counter was given by hand before: the attempt runs again.
  const race = { attempts: MAX_ATTEMPTS, conflict: "The invoice conflicts with one created at the same time; try again.", onRace: () => (checkTaken = true) };
  return retryOnUniqueViolation(race, async () => {
    const prepared = await prepareInvoice(db, viewer, input);
    // Creations that take a number from one counter would all wait for its row lock, each holding
    // a pooled connection, and starve the pool under a burst; within a process they queue in
    // memory instead (across processes the row lock still serializes them).
    const store = () =>
      // the creation time is taken when the transaction runs, so corrections order as they were made
      db.$transaction((tx) => storeInvoice(tx, prepared, now ?? new Date(), checkTaken), TX_OPTIONS);
    return prepared.takesNumber ? runSerially(`invoice-counter:${prepared.series!.id}`, store) : store();
  });
}

/** Rules between fields of the input that need no database. */
function checkCombination(input: CreateInvoiceInput): void {
  const violations: FieldViolation[] = [];
  const broken = (field: string, rule: string, message: string) => violations.push({ field, constraints: { [rule]: message } });
  const correction = isCorrectionType(input.invoiceType);
  if (correction && !input.invoice) broken("input.invoice", "required", `a ${input.invoiceType} correction must name the invoice it corrects`);
  if (!correction && input.invoice) broken("input.invoice", "correctionOnly", `only corrections refer to a corrected invoice; ${input.invoiceType} is not one`);
  if (!correction && input.prevItems) broken("input.prevItems", "correctionOnly", "only corrections carry the items as they stood before");
  if (input.posted && input.isDraft) broken("input.posted", "notDraft", "a draft cannot be posted to the books");
  if (input.issueDate && input.deadlineDate && input.deadlineDate < input.issueDate) {
    broken("input.deadlineDate", "notBeforeIssueDate", "deadlineDate must not be before issueDate");
  }
  if (violations.length > 0) throw new BadUserInputError(violations);
}

const NUMBERING_SELECT = { id: true, kind: true, pattern: true, resetInterval: true, leadingZero: true, docTitle: true } as const;

const CURRENT_ITEMS = { where: { isPrevious: false }, orderBy: { order: "asc" } } satisfies Prisma.Invoice$itemsArgs;

/** What `storeInvoice` writes, read and checked by `prepareInvoice`. */
interface PreparedInvoice {
  /** the invoice row without the number, its period and the timestamps */
  row: Omit<Prisma.InvoiceCreateManyInput, "no" | "numberingPeriod" | "createdAt" | "updatedAt">;
  /** a number given by hand, or null */
  no: string | null;
  /** the numbering the counter number is taken from, when one is taken */
  series: Awaited<ReturnType<typeof defaultNumbering>> | null;
  takesNumber: boolean;
  issueDate: Date | null;
  items: PricedItem[];
  prevItems: PricedItem[];
}

async function prepareInvoice(db: Db, viewer: Viewer, input: CreateInvoiceInput): Promise<PreparedInvoice> {
  const correction = isCorrectionType(input.invoiceType);
  const takesNumber = !input.isDraft && !input.no;

  // independent look-ups, sent at once
  const [numbering, buyer, corrected, callerFullName] = await Promise.all([
    input.numbering
      ? db.invoiceNumbering.findUnique({ where: { id: input.numbering }, select: NUMBERING_SELECT })
      : takesNumber
        ? defaultNumbering(db, input.direction)
        : null,
    input.buyerId ? db.contractor.findUnique({ where: { id: input.buyerId } }) : null,
    correction && input.invoice ? loadCorrected(db, input) : null,
    input.sellerCreatorName ? "" : callerName(db, viewer),
  ]);
  if (input.numbering && !numbering) throw new NotFoundError("Invoice numbering", input.numbering, "input.numbering");
  if (numbering && numbering.kind !== input.direction) {
    throw badRule("input.numbering", "sameKind", `the numbering numbers ${numbering.kind} invoices, this one is ${input.direction}`);
  }
  if (input.buyerId && !buyer) throw new NotFoundError("Contractor", input.buyerId, "input.buyerId");

  const [finance, currencyCode] = await Promise.all([resolveFinance(db, input, corrected), resolveCurrency(db, input, corrected)]);
  if (!keepsTheBooks(viewer)) {
    if (!finance.projectId) throw new ForbiddenError("Only an admin or a finance user may create invoices outside projects.");
    await assertCanManageProject(db, viewer, finance.projectId);
    if (corrected?.financeProjectId && corrected.financeProjectId !== finance.projectId) {
      await assertCanManageProject(db, viewer, corrected.financeProjectId);
    }
  }
  const sellerCreatorName = input.sellerCreatorName || callerFullName;

  const items = priceItems(input.items ?? [], "input.items");
  const prevItems = corrected ? (input.prevItems ? priceItems(input.prevItems, "input.prevItems") : copyItems(currentItemsOf(corrected))) : [];
  // A correction states the invoice as it stands after it; what it changes is what is left to pay (or refund).
  const totals = sumAmounts(items);
  const alreadyPaid = input.alreadyPaid ?? null;
  const toPay =
    input.toPay != null
      ? new Prisma.Decimal(input.toPay)
      : correction
        ? differenceOf(totals, sumAmounts(prevItems)).grossAmount
        : totals.grossAmount.minus(alreadyPaid ?? 0);
  if (!fitsMoneyColumn(totals) || toPay.abs().gt(MAX_AMOUNT)) {
    throw badRule("input.items", "totalTooLarge", `the invoice's totals must not exceed ${MAX_AMOUNT.toFixed(2)}`);
  }

  const no = input.no ?? null;
  const numberingId = numbering?.id ?? null;
  if (no !== null && numberingId !== null) {
    // checked here for a clear error; the unique index guards the race (see createInvoice)
    const taken = await db.invoice.findFirst({ where: { numberingId, no }, select: { id: true } });
    if (taken) throw new ConflictError("input.no must be unique in its numbering: an invoice with this number exists already.", "input.no");
  }
  if (takesNumber) {
    // a number can be taken: refused here, before the counter row is touched
    checkNumbering(numbering!, "input.numbering");
  }

  const parties = partyFields(input, buyer, corrected);
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
      numberingId,
      saleDate: input.saleDate ?? null,
      issueDate: null,
      deadlineDate: input.deadlineDate ?? null,
      issuedPlace: input.issuedPlace ?? null,
      invoiceType: input.invoiceType,
      direction: input.direction,
      ...parties,
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
      financeProjectId: finance.projectId,
      financeStageId: finance.stageId,
      financeBoardId: finance.boardId,
      financeTaskId: finance.taskId,
      createdById: viewer.id,
      updatedById: viewer.id,
    },
  };
}

/**
 * The writes, in the caller's transaction: the counter (when a number is taken), the invoice
 * and its items. The id is made here, so neither insert needs to read anything back.
 */
async function storeInvoice(tx: DbTx, prepared: PreparedInvoice, now: Date, checkTaken: boolean): Promise<string> {
  const issueDate = prepared.issueDate ?? (prepared.row.isDraft ? null : today(now));
  let no = prepared.no;
  let numberingPeriod: string | null = null;
  if (prepared.takesNumber) {
    const given = await takeNextNumber(tx, invoiceCounters, prepared.series!, issueDate!, "input.numbering", checkTaken);
    ({ no, period: numberingPeriod } = given);
  }
  const id = randomUUID();
  await tx.invoice.createMany({
    data: [{ ...prepared.row, id, no, numberingPeriod, issueDate, createdAt: now, updatedAt: now }],
  });
  const items = [
    ...prepared.items.map((item) => ({ ...item, invoiceId: id, isPrevious: false })),
    ...prepared.prevItems.map((item) => ({ ...item, invoiceId: id, isPrevious: true })),
  ];
  if (items.length > 0) await tx.invoiceItem.createMany({ data: items });
  return id;
}

/** A calendar date (midnight UTC) of the given instant. */
function today(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

// ─── the corrected invoice ───

const CORRECTED_INCLUDE = {
  items: CURRENT_ITEMS,
  // the latest correction only: its items are the invoice's current items
  corrects: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, include: { items: CURRENT_ITEMS } },
} satisfies Prisma.InvoiceInclude;

type CorrectedRow = Prisma.InvoiceGetPayload<{ include: typeof CORRECTED_INCLUDE }>;

/** The invoice a correction corrects, checked to be a correctable original. */
async function loadCorrected(tx: Db | DbTx, input: CreateInvoiceInput): Promise<CorrectedRow> {
  const id = input.invoice!;
  const row = await tx.invoice.findUnique({ where: { id }, include: CORRECTED_INCLUDE });
  if (!row) throw new NotFoundError("Invoice", id, "input.invoice");
  const allowed = CORRECTABLE_TYPES[input.invoiceType];
  if (row.correctedInvoiceId !== null || isCorrectionType(row.invoiceType)) {
    throw badRule("input.invoice", "original", "name the original invoice, not one of its corrections: corrections of one invoice form a chain");
  }
  if (!allowed.includes(row.invoiceType)) {
    throw badRule("input.invoice", "matchingType", `a ${input.invoiceType} corrects ${allowed.join(", ")} invoices; this one is ${row.invoiceType}`);
  }
  if (row.isDraft) throw badRule("input.invoice", "issued", "a draft is not corrected: it is changed or issued");
  if (row.direction !== input.direction) {
    throw badRule("input.direction", "sameAsCorrected", `a correction has the direction of the invoice it corrects (${row.direction})`);
  }
  return row;
}

/** The corrected invoice's items as they stand now: those of its latest correction, else its own. */
function currentItemsOf(corrected: CorrectedRow) {
  return corrected.corrects[0]?.items ?? corrected.items;
}

// ─── items and amounts ───

type PricedItem = Amounts & {
  order: number;
  positionName: string;
  unit: string;
  count: Prisma.Decimal | number;
  priceUnit: Prisma.Decimal | number;
  tax: string;
  gtu: string | null;
};

function priceItems(items: readonly InvoiceItemInput[], field: string): PricedItem[] {
  const violations: FieldViolation[] = [];
  const priced = items.map((item, index) => {
    const amounts = itemAmounts({ count: item.count, priceUnit: item.priceUnit, tax: item.tax as TaxRate });
    if (!fitsMoneyColumn(amounts)) {
      violations.push({ field: `${field}.${index}`, constraints: { amountTooLarge: `the item's amounts must not exceed ${MAX_AMOUNT.toFixed(2)}` } });
    }
    return {
      order: index + 1,
      positionName: item.positionName,
      unit: item.unit ?? "",
      count: item.count,
      priceUnit: item.priceUnit,
      tax: item.tax,
      gtu: item.gtu ?? null,
      ...amounts,
    };
  });
  if (violations.length > 0) throw new BadUserInputError(violations);
  return priced;
}

/** Stored items carried over as they stand, amounts included: "before" is what was invoiced, not a recomputation. */
function copyItems(rows: CorrectedRow["items"]): PricedItem[] {
  return rows.map((row) => ({
    order: row.order,
    positionName: row.positionName,
    unit: row.unit,
    count: row.count,
    priceUnit: row.priceUnit,
    tax: row.tax,
    gtu: row.gtu,
    netAmount: row.netAmount,
    vatAmount: row.vatAmount,
    grossAmount: row.grossAmount,
  }));
}

// ─── references ───

interface FinanceRefs {
  projectId: string | null;
  stageId: string | null;
  boardId: string | null;
  taskId: string | null;
}

/**
 * The project, stage, board and task the invoice is booked to. The lowest level given is looked
 * up and fills the levels above it; a level given as well must agree with it. A correction that
 * names none is booked where the corrected invoice is.
 */
async function resolveFinance(tx: Db | DbTx, input: CreateInvoiceInput, corrected: CorrectedRow | null): Promise<FinanceRefs> {
  const given: FinanceRefs = {
    projectId: input.financeProject ?? null,
    stageId: input.financeStage ?? null,
    boardId: input.financeBoard ?? null,
    taskId: input.financeTask ?? null,
  };
  if (corrected && !given.projectId && !given.stageId && !given.boardId && !given.taskId) {
    return {
      projectId: corrected.financeProjectId,
      stageId: corrected.financeStageId,
      boardId: corrected.financeBoardId,
      taskId: corrected.financeTaskId,
    };
  }
  const mismatch = (field: string, what: string) => badRule(field, "consistent", `${what}`);
  if (given.taskId) {
    const task = await tx.task.findUnique({ where: { id: given.taskId }, select: { projectId: true, stageId: true, boardId: true } });
    if (!task) throw new NotFoundError("Task", given.taskId, "input.financeTask");
    if (given.boardId && given.boardId !== task.boardId) throw mismatch("input.financeTask", "the task is not on financeBoard");
    if (given.stageId && given.stageId !== task.stageId) throw mismatch("input.financeTask", "the task is not in financeStage");
    if (given.projectId && given.projectId !== task.projectId) throw mismatch("input.financeTask", "the task is not in financeProject");
    return { projectId: task.projectId, stageId: task.stageId, boardId: task.boardId, taskId: given.taskId };
  }
  if (given.boardId) {
    const board = await tx.board.findUnique({ where: { id: given.boardId }, select: { projectId: true, stageId: true } });
    if (!board) throw new NotFoundError("Board", given.boardId, "input.financeBoard");
    if (given.stageId && given.stageId !== board.stageId) throw mismatch("input.financeBoard", "the board is not in financeStage");
    if (given.projectId && given.projectId !== board.projectId) throw mismatch("input.financeBoard", "the board is not in financeProject");
    return { projectId: board.projectId, stageId: board.stageId, boardId: given.boardId, taskId: null };
  }
  if (given.stageId) {
    const stage = await tx.stage.findUnique({ where: { id: given.stageId }, select: { projectId: true } });
    if (!stage) throw new NotFoundError("Stage", given.stageId, "input.financeStage");
    if (given.projectId && given.projectId !== stage.projectId) throw mismatch("input.financeStage", "the stage is not in financeProject");
    return { projectId: stage.projectId, stageId: given.stageId, boardId: null, taskId: null };
  }
  if (given.projectId) {
    const project = await tx.project.findUnique({ where: { id: given.projectId }, select: { id: true } });
    if (!project) throw new NotFoundError("Project", given.projectId, "input.financeProject");
  }
  return given;
}

/** A given code must be in the currency dictionary; absent, a correction keeps its invoice's currency, else the default currency. */
async function resolveCurrency(tx: Db | DbTx, input: CreateInvoiceInput, corrected: CorrectedRow | null): Promise<string | null> {
  if (input.currencyCode) {
    const code = input.currencyCode.toUpperCase();
    const known = await tx.currencyDictionary.findUnique({ where: { code }, select: { id: true } });
    if (!known) throw badRule("input.currencyCode", "known", `${code} is not in the currency dictionary`);
    return code;
  }
  if (corrected) return corrected.currencyCode;
  const fallback = await tx.currencyDictionary.findFirst({ where: { isDefault: true }, select: { code: true }, orderBy: { id: "asc" } });
  return fallback?.code ?? null;
}

async function callerName(tx: Db | DbTx, viewer: Viewer): Promise<string> {
  const user = await tx.user.findUnique({ where: { id: viewer.id }, select: { firstName: true, lastName: true } });
  return user ? `${user.firstName} ${user.lastName}`.trim() : "";
}

async function defaultNumbering(tx: Db | DbTx, direction: string) {
  const numbering = await tx.invoiceNumbering.findFirst({
    where: { kind: direction, isDefault: true },
    select: NUMBERING_SELECT,
    orderBy: { id: "asc" },
  });
  if (!numbering) {
    throw badRule("input.numbering", "required", `an issued invoice needs a number: name a numbering or give \`no\` (there is no default ${direction} numbering)`);
  }
  return numbering;
}

// ─── parties ───

const SELLER_FIELDS = ["sellerName", "sellerIdentifier", "sellerStreet", "sellerZipCode", "sellerCity", "sellerCountryCode"] as const;
const BUYER_FIELDS = [
  "buyerName", "buyerIdentifier", "buyerIdentifierType", "buyerStreet", "buyerZipCode", "buyerCity", "buyerCountryCode",
  "buyerRecipientName", "buyerAccountingEmail",
] as const;
type SellerField = (typeof SELLER_FIELDS)[number];
type BuyerField = (typeof BUYER_FIELDS)[number];
type Contractor = Prisma.ContractorGetPayload<object>;

/**
 * Seller and buyer data: what the input gives (an empty string counts as not given), else for
 * a correction what the corrected invoice says, and for the buyer, when the input names a buyer
 * contractor, that contractor's data. buyerIdentifier and buyerIdentifierType end as "" and nip
 * when no source has them.
 */
function partyFields(input: CreateInvoiceInput, buyer: Contractor | null, corrected: CorrectedRow | null) {
  const given = (value: string | null | undefined) => (value === undefined || value === null || value === "" ? undefined : value);
  const seller = {} as Record<SellerField, string | null>;
  for (const field of SELLER_FIELDS) seller[field] = given(input[field]) ?? corrected?.[field] ?? null;

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
  // a named buyer replaces the corrected invoice's buyer as the source of the buyer's data
  const source = fromContractor ?? (corrected && Object.fromEntries(BUYER_FIELDS.map((f) => [f, corrected[f]])));
  const buyerData = {} as Record<BuyerField, string | null>;
  for (const field of BUYER_FIELDS) buyerData[field] = given(input[field]) ?? given(source?.[field]) ?? null;

  return {
    ...seller,
    ...buyerData,
    buyerId: input.buyerId ?? corrected?.buyerId ?? null,
    buyerIdentifier: buyerData.buyerIdentifier ?? "",
    buyerIdentifierType: buyerData.buyerIdentifierType ?? "nip",
  };
}
