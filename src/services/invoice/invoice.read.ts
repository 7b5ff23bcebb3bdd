import { sql, type AliasedRawBuilder, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { SqlDialect } from "../../db/sql";
import type { ReadPort } from "../../db/database";
import type { ContractorTable, InvoiceTable, Tables } from "../../db/tables";
import { parseJson, toBool, toDate, toDateRequired, toDecimalNumber } from "../../db/row-values";
import { CurrencyDictionary } from "../../types/invoice/currency-dictionary.type";
import { Invoice } from "../../types/invoice/invoice.type";
import { InvoiceCost } from "../../types/invoice/invoice-cost.type";
import { InvoiceIncome } from "../../types/invoice/invoice-income.type";
import type { InvoiceItem } from "../../types/invoice/invoice-item.type";
import { InvoiceNumbering } from "../../types/invoice/invoice-numbering.type";
import { toUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { Decimal } from "../shared/money";
import { periodKey } from "../shared/numbering";
import { readBy } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { defineEntity } from "../../federation/entity-registry";

/**
 * The invoice area's reads (Kysely, one statement per batch): invoices with everything they show,
 * their numberings, costs and incomes, the currency dictionary, and the look-ups of a new invoice
 * (createInvoice). Nested rows are aggregated as JSON inside the database; decimals stay exact
 * (PostgreSQL numerics are read as text, and cast to text inside JSON, where they would otherwise
 * become JSON numbers).
 */

type Eb = ExpressionBuilder<Tables, never>;

/** A DECIMAL column inside a JSON object: its exact text on PostgreSQL, the stored number on SQLite. */
function decimal<A extends string>(d: SqlDialect, column: string, alias: A): AliasedRawBuilder<string | number, A> {
  return d.exact(column).as(alias);
}

/** A correlated `inner = outer` condition between two column references. */
const refEq = (inner: string, outer: string) => sql<boolean>`${sql.ref(inner)} = ${sql.ref(outer)}`;

type Decimalish = string | number;

// ─── numberings ───

const RESET_INTERVALS = [null, "P1Y", "P3M", "P1M", "P1D"] as const;

/** The period keys `now` falls in under every supported reset interval: where a numbering's current counter may sit. */
function currentPeriods(now: Date): string[] {
  return RESET_INTERVALS.map((interval) => periodKey(interval, now)!);
}

const NUMBERING_COLUMNS = ["n.id", "n.kind", "n.pattern", "n.resetInterval", "n.leadingZero", "n.isDefault", "n.docTitle"] as const;

/** The numbering `n` with its counters of the current periods (as a JSON array). */
function numberingQuery(d: SqlDialect, eb: Eb, now: Date) {
  return eb
    .selectFrom("InvoiceNumbering as n")
    .select(NUMBERING_COLUMNS)
    .select((e) =>
      d.jsonArray(e
          .selectFrom("InvoiceNumberingCounter as nc")
          .select(["nc.period", "nc.lastValue"])
          .whereRef("nc.numberingId", "=", "n.id")
          .where((x) => d.inList(x.ref("nc.period"), currentPeriods(now), "text")),
      ).as("counters"),
    );
}

interface NumberingJson {
  id: string;
  kind: string;
  pattern: string;
  resetInterval: string | null;
  leadingZero: number;
  isDefault: boolean | number;
  docTitle: string;
  counters: unknown;
}

function toInvoiceNumbering(row: NumberingJson, now: Date): InvoiceNumbering {
  const period = periodKey(row.resetInterval, now);
  const counters = parseJson<Array<{ period: string; lastValue: number }> | null>(row.counters) ?? [];
  return {
    id: row.id,
    kind: row.kind,
    pattern: row.pattern,
    resetInterval: row.resetInterval,
    leadingZero: row.leadingZero,
    isDefault: toBool(row.isDefault),
    docTitle: row.docTitle,
    closestCounter: counters.find((c) => c.period === period)?.lastValue ?? null,
  };
}

/** InvoiceNumbering entities by id, in one statement. */
export async function readInvoiceNumberings(read: ReadPort, ids: readonly string[]): Promise<InvoiceNumbering[]> {
  if (ids.length === 0) return [];
  const now = new Date();
  const rows = await numberingQuery(read, read.db as unknown as Eb, now)
    .where((eb) => read.inList(eb.ref("n.id"), ids))
    .execute();
  return rows.map((row) => toInvoiceNumbering(row as NumberingJson, now));
}

// ─── costs and incomes ───

/**
 * An invoice's costs and incomes are the same shape but for the name of their type column:
 * one definition serves both.
 */
export const BOOKINGS = {
  cost: { table: "InvoiceCost", typeColumn: "costType" },
  income: { table: "InvoiceIncome", typeColumn: "incomeType" },
} as const;
export type BookingKind = keyof typeof BOOKINGS;

interface BookingJson {
  id: string;
  name: string;
  priceNet: Decimalish;
  priceGross: Decimalish;
  type: string;
  date: string | Date;
}

/** The bookings of one kind, as `b` (the invoice's, when `invoiceRef` names the outer invoice id; else filtered by the caller). */
function bookingQuery(d: SqlDialect, eb: Eb, booking: BookingKind) {
  const { table, typeColumn } = BOOKINGS[booking];
  return (eb as unknown as ExpressionBuilder<Tables, never>)
    .selectFrom(`${table} as b` as "InvoiceCost as b")
    .select(["b.id", "b.name", "b.date", "b.invoiceId"])
    .select([decimal(d, "b.priceNet", "priceNet"), decimal(d, "b.priceGross", "priceGross"), sql.ref<string>(`b.${typeColumn}`).as("type")]);
}

function toBooking(row: BookingJson) {
  return { id: row.id, name: row.name, priceNet: Number(row.priceNet), priceGross: Number(row.priceGross), date: toDateRequired(row.date) };
}
const toInvoiceCost = (row: BookingJson): InvoiceCost => ({ ...toBooking(row), costType: row.type });
const toInvoiceIncome = (row: BookingJson): InvoiceIncome => ({ ...toBooking(row), incomeType: row.type });

/** InvoiceCost or InvoiceIncome entities by id, in one statement. */
export async function readInvoiceBookings(read: ReadPort, booking: "cost", ids: readonly string[]): Promise<InvoiceCost[]>;
export async function readInvoiceBookings(read: ReadPort, booking: "income", ids: readonly string[]): Promise<InvoiceIncome[]>;
export async function readInvoiceBookings(read: ReadPort, booking: BookingKind, ids: readonly string[]): Promise<Array<InvoiceCost | InvoiceIncome>> {
  if (ids.length === 0) return [];
  const rows = (await bookingQuery(read, read.db as unknown as Eb, booking)
    .where((eb) => read.inList(eb.ref("b.id"), ids))
    .execute()) as unknown as BookingJson[];
  return booking === "cost" ? rows.map(toInvoiceCost) : rows.map(toInvoiceIncome);
}

// ─── the currency dictionary ───

/** CurrencyDictionary entities by id, in one statement. */
export async function readCurrencyDictionaries(read: ReadPort, ids: readonly string[]): Promise<CurrencyDictionary[]> {
  if (ids.length === 0) return [];
  const rows = await read.db
    .selectFrom("CurrencyDictionary as c")
    .select(["c.id", "c.name", "c.code", "c.isDefault"])
    .where((eb) => read.inList(eb.ref("c.id"), ids))
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, isDefault: toBool(r.isDefault) }));
}

// ─── invoices ───

const INVOICE_COLUMNS = [
  "i.id", "i.ksefStatus", "i.ksefStatusDescription", "i.ksefMarker", "i.no", "i.docTitle", "i.saleDate", "i.issueDate",
  "i.deadlineDate", "i.issuedPlace", "i.invoiceType", "i.direction", "i.sellerId", "i.sellerName", "i.sellerIdentifier",
  "i.sellerStreet", "i.sellerZipCode", "i.sellerCity", "i.sellerCountryCode", "i.sellerCreatorName", "i.buyerId",
  "i.buyerName", "i.buyerIdentifier", "i.buyerIdentifierType", "i.buyerStreet", "i.buyerZipCode", "i.buyerCity",
  "i.buyerCountryCode", "i.buyerRecipientName", "i.buyerAccountingEmail", "i.buyerIsJst", "i.buyerIsGv", "i.bankAccount",
  "i.bankAccountSwift", "i.currencyCode", "i.paymentMethod", "i.alreadyPaid", "i.toPay", "i.netAmount", "i.vatAmount",
  "i.grossAmount", "i.description", "i.posted", "i.external", "i.isDraft", "i.isSplitPayment", "i.isReverseCharge",
  "i.isCashAccounting", "i.fileGenerated", "i.duplicateFileGenerated", "i.fileGeneratedLanguage", "i.exchangeRate",
  "i.exchangeDate", "i.thirdParties", "i.correctedInvoiceId", "i.createdAt", "i.updatedAt",
] as const;

/**
 * The invoices of a batch and every invoice of their correction chains (the original and all its
 * corrections): what the `invoice`, `corrects` and `prevCorrect` fields of any of them lead to.
 * Loading the chain with the batch answers those fields, at any depth, from the same statement.
 */
function inChainsOf(d: SqlDialect, eb: ExpressionBuilder<Tables & { i: Tables["Invoice"] }, "i">, ids: readonly string[]) {
  const originals = (eb as unknown as Eb)
    .selectFrom("Invoice as o")
    .select(sql<string>`coalesce(${sql.ref("o.correctedInvoiceId")}, ${sql.ref("o.id")})`.as("originalId"))
    .where((x) => d.inList(x.ref("o.id"), ids));
  // PostgreSQL: `= any(array(...))` makes the originals a value computed first, so both terms
  // are index scans (a BitmapOr); `in (subquery)` under an OR would scan the table
  return eb.or([d.inSubquery(sql.ref("i.id"), originals), d.inSubquery(sql.ref("i.correctedInvoiceId"), originals)]);
}

/**
 * Invoices in ONE statement: the row, its items, costs and incomes (JSON arrays), its numbering
 * with the current counters, the buyer contractor's name, the project/stage/board/task it is
 * booked to, its creator and last editor, its corrections' ids and those of its siblings in
 * creation order. With `chains`, the rest of their correction chains come along (see inChainsOf).
 */
export async function readInvoices(read: ReadPort, ids: readonly string[], options: { chains?: boolean } = {}): Promise<Invoice[]> {
  if (ids.length === 0) return [];
  const { db } = read;
  const d = read;
  const now = new Date();
  const rows = await db
    .selectFrom("Invoice as i")
    .select(INVOICE_COLUMNS)
    .select((eb) => {
      const e = eb as unknown as Eb;
      const correctionIds = (of: string) =>
        d.jsonArray(e.selectFrom("Invoice as c").select("c.id").where(refEq("c.correctedInvoiceId", of)).orderBy("c.createdAt").orderBy("c.id"));
      return [
        d.jsonArray(e
            .selectFrom("InvoiceItem as it")
            .select(["it.order", "it.positionName", "it.unit", "it.tax", "it.gtu", "it.isPrevious"])
            .select([
              decimal(d, "it.count", "count"), decimal(d, "it.priceUnit", "priceUnit"), decimal(d, "it.netAmount", "netAmount"),
              decimal(d, "it.vatAmount", "vatAmount"), decimal(d, "it.grossAmount", "grossAmount"),
            ])
            .where(refEq("it.invoiceId", "i.id"))
            .orderBy("it.isPrevious")
            .orderBy("it.order"),
        ).as("items"),
        d.jsonArray(bookingQuery(d, e, "cost").where(refEq("b.invoiceId", "i.id")).orderBy("b.date").orderBy("b.id")).as("costs"),
        d.jsonArray(bookingQuery(d, e, "income").where(refEq("b.invoiceId", "i.id")).orderBy("b.date").orderBy("b.id")).as("incomes"),
        d.jsonObject(numberingQuery(d, e, now).where(refEq("n.id", "i.numberingId"))).as("numbering"),
        e.selectFrom("Contractor as k").select("k.name").where(refEq("k.id", "i.buyerId")).as("buyerContractorName"),
        d.jsonObject(e.selectFrom("Project as p").select(["p.id", "p.name", "p.shortCode", "p.no", "p.isSimple"]).where(refEq("p.id", "i.financeProjectId"))).as(
          "financeProject",
        ),
        d.jsonObject(e.selectFrom("Stage as s").select(["s.id", "s.name", "s.projectId"]).where(refEq("s.id", "i.financeStageId"))).as("financeStage"),
        d.jsonObject(e.selectFrom("Board as bd").select(["bd.id", "bd.name", "bd.shortCode", "bd.projectId", "bd.stageId"]).where(refEq("bd.id", "i.financeBoardId")),
        ).as("financeBoard"),
        d.jsonObject(e
            .selectFrom("Task as t")
            .select(["t.id", "t.name", "t.no", "t.shortCode", "t.projectId", "t.stageId", "t.boardId"])
            .where(refEq("t.id", "i.financeTaskId")),
        ).as("financeTask"),
        userRefJson(d, e, "i.createdById").as("createdBy"),
        userRefJson(d, e, "i.updatedById").as("updatedBy"),
        correctionIds("i.id").as("correctionIds"),
        correctionIds("i.correctedInvoiceId").as("siblingIds"),
      ];
    })
    .where((eb) => (options.chains ? inChainsOf(d, eb, ids) : d.inList(eb.ref("i.id"), ids)))
    .execute();
  return rows.map((row) => toInvoice(row as unknown as InvoiceSqlRow, now));
}

type InvoiceSqlRow = {
  [K in (typeof INVOICE_COLUMNS)[number] extends `i.${infer C}` ? C : never]: Tables["Invoice"][K];
} & {
  items: unknown;
  costs: unknown;
  incomes: unknown;
  numbering: unknown;
  buyerContractorName: string | null;
  financeProject: unknown;
  financeStage: unknown;
  financeBoard: unknown;
  financeTask: unknown;
  createdBy: unknown;
  updatedBy: unknown;
  correctionIds: unknown;
  siblingIds: unknown;
};

interface ItemJson {
  order: number;
  positionName: string;
  unit: string;
  count: Decimalish;
  priceUnit: Decimalish;
  tax: string;
  netAmount: Decimalish;
  vatAmount: Decimalish;
  grossAmount: Decimalish;
  gtu: string | null;
  isPrevious: boolean | number;
}

function toInvoiceItem(row: ItemJson): InvoiceItem {
  return {
    order: row.order,
    positionName: row.positionName,
    unit: row.unit,
    count: Number(row.count),
    priceUnit: Number(row.priceUnit),
    tax: row.tax,
    netAmount: Number(row.netAmount),
    vatAmount: Number(row.vatAmount),
    grossAmount: Number(row.grossAmount),
    gtu: row.gtu,
  };
}

const VAT_ID_TYPES = new Set(["nip", "vat_eu"]);

const json = <T>(value: unknown): T | null => parseJson<T | null | undefined>(value) ?? null;
const ids = (value: unknown): string[] => (json<Array<{ id: string }>>(value) ?? []).map((r) => r.id);

/** One statement row as the GraphQL `Invoice` (what Prisma's row gave before, value for value). */
function toInvoice(row: InvoiceSqlRow, now: Date): Invoice {
  const siblings = ids(row.siblingIds);
  const position = siblings.indexOf(row.id);
  const items = json<ItemJson[]>(row.items) ?? [];
  const costs = json<BookingJson[]>(row.costs) ?? [];
  const incomes = json<BookingJson[]>(row.incomes) ?? [];
  const numbering = json<NumberingJson>(row.numbering);
  const project = json<{ id: string; name: string; shortCode: string; no: string; isSimple: boolean | number }>(row.financeProject);
  const stage = json<{ id: string; name: string; projectId: string }>(row.financeStage);
  const board = json<{ id: string; name: string; shortCode: string; projectId: string; stageId: string | null }>(row.financeBoard);
  const task = json<{ id: string; name: string; no: number; shortCode: string; projectId: string; stageId: string | null; boardId: string }>(row.financeTask);
  const createdBy = userRefOf(row.createdBy);
  const updatedBy = userRefOf(row.updatedBy);
  const createdAt = toDateRequired(row.createdAt);
  const updatedAt = toDateRequired(row.updatedAt);
  return {
    id: row.id,
    ksefStatus: row.ksefStatus,
    ksefStatusDescription: row.ksefStatusDescription,
    ksefMarker: row.ksefMarker,
    no: row.no,
    docTitle: row.docTitle,
    saleDate: toDate(row.saleDate),
    issueDate: toDate(row.issueDate),
    deadlineDate: toDate(row.deadlineDate),
    issuedPlace: row.issuedPlace,
    invoiceType: row.invoiceType,
    direction: row.direction,
    sellerId: row.sellerId,
    sellerName: row.sellerName,
    sellerIdentifier: row.sellerIdentifier,
    sellerVatId: row.sellerIdentifier,
    sellerStreet: row.sellerStreet,
    sellerZipCode: row.sellerZipCode,
    sellerCity: row.sellerCity,
    sellerCountryCode: row.sellerCountryCode,
    sellerCreatorName: row.sellerCreatorName,
    buyerId: row.buyerId,
    buyerContractorName: row.buyerContractorName ?? null,
    buyerName: row.buyerName,
    buyerIdentifier: row.buyerIdentifier,
    buyerVatId: VAT_ID_TYPES.has(row.buyerIdentifierType) && row.buyerIdentifier !== "" ? row.buyerIdentifier : null,
    buyerIdentifierType: row.buyerIdentifierType,
    buyerStreet: row.buyerStreet,
    buyerZipCode: row.buyerZipCode,
    buyerCity: row.buyerCity,
    buyerCountryCode: row.buyerCountryCode,
    buyerRecipientName: row.buyerRecipientName,
    buyerAccountingEmail: row.buyerAccountingEmail,
    buyerIsJst: toBool(row.buyerIsJst),
    buyerIsGv: toBool(row.buyerIsGv),
    bankAccount: row.bankAccount,
    bankAccountSwift: row.bankAccountSwift,
    currencyCode: row.currencyCode,
    paymentMethod: row.paymentMethod,
    alreadyPaid: toDecimalNumber(row.alreadyPaid),
    toPay: toDecimalNumber(row.toPay),
    netAmount: Number(row.netAmount),
    vatAmount: Number(row.vatAmount),
    grossAmount: Number(row.grossAmount),
    hasIncome: incomes.length > 0,
    hasCost: costs.length > 0,
    isLastCorrect: position >= 0 && position === siblings.length - 1,
    description: row.description,
    posted: toBool(row.posted),
    external: toBool(row.external),
    numbering: numbering ? toInvoiceNumbering(numbering, now) : null,
    financeProject: project && { id: project.id, name: project.name, shortCode: project.shortCode, no: project.no, isSimple: toBool(project.isSimple) },
    financeStage: stage && { id: stage.id, name: stage.name, financeProject: stage.projectId },
    financeBoard: board && { id: board.id, name: board.name, shortCode: board.shortCode, financeProject: board.projectId, financeStage: board.stageId },
    financeTask: task && {
      id: task.id,
      name: task.name,
      number: task.no,
      shortCode: task.shortCode,
      financeProject: task.projectId,
      financeStage: task.stageId,
      financeBoard: task.boardId,
    },
    isDraft: toBool(row.isDraft),
    isSplitPayment: toBool(row.isSplitPayment),
    isReverseCharge: toBool(row.isReverseCharge),
    isCashAccounting: toBool(row.isCashAccounting),
    fileGenerated: toBool(row.fileGenerated),
    duplicateFileGenerated: toBool(row.duplicateFileGenerated),
    fileGeneratedLanguage: row.fileGeneratedLanguage,
    exchangeRate: toDecimalNumber(row.exchangeRate),
    exchangeDate: toDate(row.exchangeDate),
    createdBy: createdBy ? toUserRef(createdBy) : null,
    updatedBy: updatedBy ? toUserRef(updatedBy) : null,
    createdAt,
    updatedAt,
    isUpdated: updatedAt.getTime() > createdAt.getTime(),
    items: items.filter((i) => !toBool(i.isPrevious)).map(toInvoiceItem),
    prevItems: items.filter((i) => toBool(i.isPrevious)).map(toInvoiceItem),
    costs: costs.map(toInvoiceCost),
    incomes: incomes.map(toInvoiceIncome),
    thirdParties: parseThirdParties(row.thirdParties),
    correctedInvoiceId: row.correctedInvoiceId,
    correctionIds: ids(row.correctionIds),
    prevCorrectId: position > 0 ? siblings[position - 1] : null,
  };
}

/** thirdParties is stored as a JSON array of strings; anything else reads as none. */
function parseThirdParties(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

// ─── the look-ups of a new invoice (createInvoice) ───

/** What a new invoice refers to, by id or code; null where the input names nothing. */
export interface InvoiceLookupKeys {
  /** the numbering named by the input */
  numberingId: string | null;
  /** the direction whose default numbering is wanted (an issued invoice without a numbering or number) */
  defaultNumberingOf: string | null;
  /** a number given by hand, checked to be free in `numberingId` */
  no: string | null;
  buyerId: string | null;
  /** a currency code given by the input (upper case), checked to be in the dictionary */
  currencyCode: string | null;
  /** the caller, whose name is wanted when the input gives no sellerCreatorName */
  callerId: string | null;
  taskId: string | null;
  boardId: string | null;
  stageId: string | null;
  projectId: string | null;
  /** the invoice a correction corrects */
  correctedId: string | null;
}

export interface LookedUpNumbering {
  id: string;
  kind: string;
  pattern: string;
  resetInterval: string | null;
  leadingZero: number;
  docTitle: string;
}

export type LookedUpContractor = Pick<
  ContractorTable,
  "name" | "fullName" | "vatId" | "identifierType" | "street" | "zipCode" | "city" | "countryCode" | "accountingEmail"
>;

export interface InvoiceLookups {
  numbering: LookedUpNumbering | null;
  defaultNumbering: LookedUpNumbering | null;
  noTaken: boolean;
  buyer: LookedUpContractor | null;
  currencyKnown: boolean;
  defaultCurrency: string | null;
  callerName: string | null;
  task: { projectId: string; stageId: string | null; boardId: string } | null;
  board: { projectId: string; stageId: string | null } | null;
  stage: { projectId: string } | null;
  projectExists: boolean;
  corrected: CorrectedInvoice | null;
}

/** An item of a corrected invoice, exact: its decimals as Decimals. */
export interface StoredItem {
  order: number;
  positionName: string;
  unit: string;
  count: Decimal;
  priceUnit: Decimal;
  tax: string;
  gtu: string | null;
  netAmount: Decimal;
  vatAmount: Decimal;
  grossAmount: Decimal;
}

const CORRECTED_COLUMNS = [
  "ci.id", "ci.correctedInvoiceId", "ci.invoiceType", "ci.direction", "ci.isDraft", "ci.currencyCode", "ci.buyerId",
  "ci.financeProjectId", "ci.financeStageId", "ci.financeBoardId", "ci.financeTaskId", "ci.sellerName", "ci.sellerIdentifier",
  "ci.sellerStreet", "ci.sellerZipCode", "ci.sellerCity", "ci.sellerCountryCode", "ci.buyerName", "ci.buyerIdentifier",
  "ci.buyerIdentifierType", "ci.buyerStreet", "ci.buyerZipCode", "ci.buyerCity", "ci.buyerCountryCode", "ci.buyerRecipientName",
  "ci.buyerAccountingEmail",
] as const;

/** What a correction takes from the invoice it corrects: the CORRECTED_COLUMNS of its row. */
export interface CorrectedInvoice extends Omit<Pick<InvoiceTable, Unaliased<(typeof CORRECTED_COLUMNS)[number]>>, "isDraft"> {
  isDraft: boolean;
  /** its items as they stand now: those of its latest correction, else its own */
  currentItems: StoredItem[];
}
type Unaliased<C> = C extends `ci.${infer Column}` ? Column : never;

/** The current (not previous) items of the invoice whose id column is `invoiceId`, exact, in order. */
function storedItems(d: SqlDialect, e: Eb, invoiceId: RawBuilder<unknown> | string) {
  return d.jsonArray(e
      .selectFrom("InvoiceItem as si")
      .select(["si.order", "si.positionName", "si.unit", "si.tax", "si.gtu"])
      .select([
        decimal(d, "si.count", "count"), decimal(d, "si.priceUnit", "priceUnit"), decimal(d, "si.netAmount", "netAmount"),
        decimal(d, "si.vatAmount", "vatAmount"), decimal(d, "si.grossAmount", "grossAmount"),
      ])
      .where(sql<boolean>`${sql.ref("si.invoiceId")} = ${typeof invoiceId === "string" ? sql.ref(invoiceId) : invoiceId}`)
      .where("si.isPrevious", "=", sql.lit(false))
      .orderBy("si.order"),
  );
}

/** The corrected invoice with its own items and those of its latest correction (ties broken by id, as the corrections' order). */
function correctedJson(d: SqlDialect, e: Eb, id: string | null) {
  const latest = e
    .selectFrom("Invoice as lc")
    .select("lc.id")
    .where(refEq("lc.correctedInvoiceId", "ci.id"))
    .orderBy("lc.createdAt", "desc")
    .orderBy("lc.id", "desc")
    .limit(1);
  return d.jsonObject(e
      .selectFrom("Invoice as ci")
      .select(CORRECTED_COLUMNS)
      .select((x) => [
        storedItems(d, x as unknown as Eb, "ci.id").as("ownItems"),
        storedItems(d, x as unknown as Eb, sql`(${latest})`).as("latestItems"),
        latest.as("latestId"),
      ])
      .where("ci.id", "=", id!),
  );
}

type StoredItemJson = { [K in keyof StoredItem]: StoredItem[K] extends Decimal ? Decimalish : StoredItem[K] };

function toCorrected(value: unknown): CorrectedInvoice | null {
  const row = json<
    Omit<CorrectedInvoice, "currentItems" | "isDraft"> & { isDraft: boolean | number; ownItems: unknown; latestItems: unknown; latestId: string | null }
  >(value);
  if (!row) return null;
  const { ownItems, latestItems, latestId, isDraft, ...rest } = row;
  const exact = (items: unknown): StoredItem[] =>
    (json<StoredItemJson[]>(items) ?? []).map((i) => ({
      order: i.order,
      positionName: i.positionName,
      unit: i.unit,
      tax: i.tax,
      gtu: i.gtu,
      count: new Decimal(i.count),
      priceUnit: new Decimal(i.priceUnit),
      netAmount: new Decimal(i.netAmount),
      vatAmount: new Decimal(i.vatAmount),
      grossAmount: new Decimal(i.grossAmount),
    }));
  return { ...rest, isDraft: toBool(isDraft), currentItems: exact(latestId ? latestItems : ownItems) };
}

const LOOKUP_NUMBERING = ["n.id", "n.kind", "n.pattern", "n.resetInterval", "n.leadingZero", "n.docTitle"] as const;

/**
 * Everything a new invoice refers to, in ONE statement whatever the input names: the numbering
 * (or the direction's default one), whether a hand-given number is taken, the buyer contractor,
 * the currency (the given code's presence, and the default), the creator's name, the
 * finance task, board, stage and project, and the invoice a correction corrects with its
 * current items. A key left null makes its subquery find nothing, so
 * the statement's text, and its prepared plan, is always the same.
 */
export async function readInvoiceLookups(read: ReadPort, keys: InvoiceLookupKeys): Promise<InvoiceLookups> {
  const { db } = read;
  const d = read;
  const row = await db
    .selectNoFrom((eb) => {
      const e = eb as unknown as Eb;
      return [
        d.jsonObject(e.selectFrom("InvoiceNumbering as n").select(LOOKUP_NUMBERING).where("n.id", "=", keys.numberingId!)).as("numbering"),
        d.jsonObject(e
            .selectFrom("InvoiceNumbering as n")
            .select(LOOKUP_NUMBERING)
            .where("n.kind", "=", keys.defaultNumberingOf!)
            .where("n.isDefault", "=", sql.lit(true))
            .orderBy("n.id")
            .limit(1),
        ).as("defaultNumbering"),
        e.selectFrom("Invoice as t").select("t.id").where("t.numberingId", "=", keys.numberingId!).where("t.no", "=", keys.no!).limit(1).as("takenBy"),
        d.jsonObject(e
            .selectFrom("Contractor as k")
            .select(["k.name", "k.fullName", "k.vatId", "k.identifierType", "k.street", "k.zipCode", "k.city", "k.countryCode", "k.accountingEmail"])
            .where("k.id", "=", keys.buyerId!),
        ).as("buyer"),
        e.selectFrom("CurrencyDictionary as c").select("c.code").where("c.code", "=", keys.currencyCode!).as("knownCurrency"),
        e.selectFrom("CurrencyDictionary as c").select("c.code").where("c.isDefault", "=", sql.lit(true)).orderBy("c.id").limit(1).as("defaultCurrency"),
        d.jsonObject(e.selectFrom("User as u").select(["u.firstName", "u.lastName"]).where("u.id", "=", keys.callerId!)).as("caller"),
        d.jsonObject(e.selectFrom("Task as tk").select(["tk.projectId", "tk.stageId", "tk.boardId"]).where("tk.id", "=", keys.taskId!)).as("task"),
        d.jsonObject(e.selectFrom("Board as b").select(["b.projectId", "b.stageId"]).where("b.id", "=", keys.boardId!)).as("board"),
        d.jsonObject(e.selectFrom("Stage as s").select(["s.projectId"]).where("s.id", "=", keys.stageId!)).as("stage"),
        e.selectFrom("Project as p").select("p.id").where("p.id", "=", keys.projectId!).as("project"),
        correctedJson(d, e, keys.correctedId).as("corrected"),
      ];
    })
    .executeTakeFirstOrThrow();
  const caller = json<{ firstName: string; lastName: string }>(row.caller);
  return {
    numbering: json<LookedUpNumbering>(row.numbering),
    defaultNumbering: json<LookedUpNumbering>(row.defaultNumbering),
    noTaken: row.takenBy != null,
    buyer: json<LookedUpContractor>(row.buyer),
    currencyKnown: row.knownCurrency != null,
    defaultCurrency: row.defaultCurrency ?? null,
    callerName: caller ? `${caller.firstName} ${caller.lastName}`.trim() : null,
    task: json(row.task),
    board: json(row.board),
    stage: json(row.stage),
    projectExists: row.project != null,
    corrected: toCorrected(row.corrected),
  };
}

/** The finance project of a cost's or income's invoice (`e`), for its read rule. */
const invoiceProject: Parameters<typeof readBy>[2] = (eb) => eb.selectFrom("Invoice as i").select("i.financeProjectId").whereRef("i.id", "=", "e.invoiceId");

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

/**
 * The Invoice entity: a batch in one statement (src/services/invoice/invoice.read.ts). The
 * batch brings the rest of its invoices' correction chains along, which the request's loader
 * keeps for the `invoice`, `corrects` and `prevCorrect` fields: they cost no further statement.
 */
export const invoiceEntity = defineEntity(Invoice, {
  read: readBy(rules.readInvoice, "Invoice", () => "e.financeProjectId"),
  loadMany: (read, ids) => readInvoices(read, ids, { chains: true }),
});

/**
 * An invoice's costs and incomes: one shape, one read (readInvoiceBookings), two entity types.
 */
export const invoiceCostEntity = defineEntity(InvoiceCost, {
  read: readBy(rules.readInvoice, "InvoiceCost", invoiceProject),
  loadMany: (read, ids) => readInvoiceBookings(read, "cost", ids),
});

export const invoiceIncomeEntity = defineEntity(InvoiceIncome, {
  read: readBy(rules.readInvoice, "InvoiceIncome", invoiceProject),
  loadMany: (read, ids) => readInvoiceBookings(read, "income", ids),
});

/** The InvoiceNumbering entity: a batch with its current counters in one statement (invoice.read.ts). */
export const invoiceNumberingEntity = defineEntity(InvoiceNumbering, {
  read: readBy(rules.invoiceNumberings),
  loadMany: (read, ids) => readInvoiceNumberings(read, ids),
});

export const currencyDictionaryEntity = defineEntity(CurrencyDictionary, {
  read: readBy(rules.signedIn),
  loadMany: (read, ids) => readCurrencyDictionaries(read, ids),
});
