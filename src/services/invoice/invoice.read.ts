import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { SqlDialect } from "../../db/sql";
import type { ReadPort } from "../../db/database";
import type { ContractorTable, InvoiceNumberingTable, InvoiceTable, Tables } from "../../db/tables";
import { parseJson, stringList, toBool, toDateRequired } from "../../db/row-values";
import { statement } from "../../db/statements";
import { CurrencyDictionary } from "../../types/invoice/currency-dictionary.type";
import {
  Invoice,
  InvoiceItem,
  type InvoiceFinanceBoard,
  InvoiceFinanceProject,
  type InvoiceFinanceStage,
  type InvoiceFinanceTask,
  InvoiceCost,
  InvoiceIncome,
  InvoiceNumbering,
} from "../../types/invoice/invoice.type";
import type { UserRef } from "../../types/people/user-summaries.type";
import { column, columns, columnsOf, computed, entityOf, list, object, orNull, readModel, rowsOf, value } from "../shared/read-model";
import { userSummary } from "../shared/user-refs";
import { Decimal } from "../shared/money";
import { periodKey } from "../shared/numbering";
import type { EntitySubject } from "../../auth/rule";
import { rules } from "../../auth/rules";

/**
 * The invoice area's reads: the read models of invoices with everything they show, their
 * numberings, costs and incomes, and the currency dictionary (each entity a batch in one
 * statement, src/services/shared/read-model.ts), and the look-ups of a new invoice (createInvoice).
 * Decimals stay exact: PostgreSQL numerics are read as text, also inside JSON, where they would
 * otherwise become JSON numbers.
 */

type Eb = ExpressionBuilder<Tables, never>;

/** A correlated `inner = outer` condition between two column references. */
const refEq = (inner: string, outer: string) => sql<boolean>`${sql.ref(inner)} = ${sql.ref(outer)}`;

const json = <T>(v: unknown): T | null => parseJson<T | null | undefined>(v) ?? null;
const ids = (v: unknown): string[] => (json<Array<{ id: string }>>(v) ?? []).map((r) => r.id);

// ─── numberings ───

const RESET_INTERVALS = ["", "P1Y", "P3M", "P1M", "P1D"] as const;

/** A numbering (`n`) with the counter of the period now falls in under its reset interval (each interval's period a parameter). */
const numberingModel = readModel<InvoiceNumbering>({
  ...columnsOf(InvoiceNumbering, "n"),
  closestCounter: value((m, eb) => {
    const periods = RESET_INTERVALS.map(
      (interval) => sql`when ${sql.lit(interval)} then ${m.b.param(() => periodKey(interval, new Date()))}`,
    );
    const period = sql`case coalesce(${sql.ref("n.resetInterval")}, '') ${sql.join(periods, sql` `)} end`;
    return eb
      .selectFrom("InvoiceNumberingCounter as nc")
      .select("nc.lastValue")
      .whereRef("nc.numberingId", "=", "n.id")
      .where(sql<boolean>`${sql.ref("nc.period")} = ${period}`);
  }, orNull),
});

// ─── invoices, their costs and incomes ───

const costModel = readModel<InvoiceCost>(columnsOf(InvoiceCost, "b"));
const incomeModel = readModel<InvoiceIncome>(columnsOf(InvoiceIncome, "b"));
const itemModel = readModel<InvoiceItem>(columnsOf(InvoiceItem, "it"));

/** The invoice's items of now (`previous` false) or before the correction (true). */
const items = (previous: boolean) =>
  list(
    itemModel,
    (_m, eb) =>
      eb
        .selectFrom("InvoiceItem as it")
        .whereRef("it.invoiceId", "=", "i.id")
        .where("it.isPrevious", "=", sql.lit(previous))
        .orderBy("it.order") as never,
  );

/** The ids of the corrections of the invoice `of` names, in creation order. */
const correctionIds = (m: Parameters<Parameters<typeof value>[0]>[0], eb: Eb, of: string) =>
  m.b.jsonArray(
    eb.selectFrom("Invoice as c").select("c.id").where(refEq("c.correctedInvoiceId", of)).orderBy("c.createdAt").orderBy("c.id"),
  );

/** A correction's place among the corrections of the same invoice (its siblings), for isLastCorrect and prevCorrectId. */
const amongSiblings = <V>(answer: (siblings: string[], position: number) => V) =>
  computed(
    (m, eb) => ({ id: sql.ref("i.id"), siblings: correctionIds(m, eb as never, "i.correctedInvoiceId") }),
    (raw) => {
      const siblings = ids(raw("siblings"));
      return answer(siblings, siblings.indexOf(raw("id") as string));
    },
  );

const VAT_ID_TYPES = new Set(["nip", "vat_eu"]);
const exists = (table: string) =>
  value(
    (_m, eb) =>
      eb.exists(
        eb
          .selectFrom(`${table} as x` as "InvoiceCost as x")
          .select(sql.lit(1).as("one"))
          .whereRef("x.invoiceId", "=", "i.id"),
      ),
    toBool,
  );
/** The seller's and the buyer's data as an invoice keeps them: a new invoice takes them from the invoice it names. */
export const SELLER_FIELDS = [
  "sellerName",
  "sellerIdentifier",
  "sellerStreet",
  "sellerZipCode",
  "sellerCity",
  "sellerCountryCode",
] as const;
export const BUYER_FIELDS = [
  "buyerName",
  "buyerIdentifier",
  "buyerIdentifierType",
  "buyerStreet",
  "buyerZipCode",
  "buyerCity",
  "buyerCountryCode",
  "buyerRecipientName",
  "buyerAccountingEmail",
] as const;

/**
 * An invoice (`i`): its row, items, costs and incomes, numbering with the counter of now, the
 * buyer contractor's name, the project/stage/board/task it is booked to, its creator and last
 * editor, its corrections' ids and its place among its siblings.
 */
const invoiceModel = readModel<Invoice>({
  ...columnsOf(Invoice, "i"),
  ...columns("i", ["correctedInvoiceId", "relatedInvoiceId"]),
  isUpdated: computed(
    () => ({ c: sql.ref("i.createdAt"), u: sql.ref("i.updatedAt") }),
    (raw) => toDateRequired(raw("u") as string).getTime() > toDateRequired(raw("c") as string).getTime(),
  ),
  sellerVatId: column("i.sellerIdentifier"),
  buyerVatId: computed(
    () => ({ type: sql.ref("i.buyerIdentifierType"), id: sql.ref("i.buyerIdentifier") }),
    (raw) => (VAT_ID_TYPES.has(raw("type") as string) && raw("id") !== "" ? (raw("id") as string) : null),
  ),
  buyerContractorName: value((_m, eb) => eb.selectFrom("Contractor as k").select("k.name").whereRef("k.id", "=", "i.buyerId"), orNull),
  hasIncome: exists("InvoiceIncome"),
  hasCost: exists("InvoiceCost"),
  items: items(false),
  prevItems: items(true),
  costs: list(costModel, rowsOf("InvoiceCost as b", "b.invoiceId", "i.id", "b.date", "b.id")),
  incomes: list(incomeModel, rowsOf("InvoiceIncome as b", "b.invoiceId", "i.id", "b.date", "b.id")),
  numbering: object(numberingModel, rowsOf("InvoiceNumbering as n", "n.id", "i.numberingId")),
  financeProject: object(
    readModel<InvoiceFinanceProject>(columnsOf(InvoiceFinanceProject, "p")),
    rowsOf("Project as p", "p.id", "i.financeProjectId"),
  ),
  financeStage: object(
    readModel<InvoiceFinanceStage>({ id: column("s.id"), name: column("s.name"), financeProject: column("s.projectId") }),
    rowsOf("Stage as s", "s.id", "i.financeStageId"),
  ),
  financeBoard: object(
    readModel<InvoiceFinanceBoard>({
      ...columns("bd", ["id", "name", "shortCode"]),
      financeProject: column("bd.projectId"),
      financeStage: column("bd.stageId"),
    }),
    rowsOf("Board as bd", "bd.id", "i.financeBoardId"),
  ),
  financeTask: object(
    readModel<InvoiceFinanceTask>({
      ...columns("t", ["id", "name"]),
      number: column("t.no"),
      shortCode: column("t.shortCode"),
      financeProject: column("t.projectId"),
      financeStage: column("t.stageId"),
      financeBoard: column("t.boardId"),
    }),
    rowsOf("Task as t", "t.id", "i.financeTaskId"),
  ),
  createdBy: userSummary<UserRef>("i.createdById"),
  updatedBy: userSummary<UserRef>("i.updatedById"),
  thirdParties: column("i.thirdParties", stringList),
  correctionIds: value((m, eb) => correctionIds(m, eb as never, "i.id"), ids),
  isLastCorrect: amongSiblings((siblings, position) => position >= 0 && position === siblings.length - 1),
  prevCorrectId: amongSiblings((siblings, position) => (position > 0 ? siblings[position - 1] : null)),
});

/**
 * The invoices of a batch and every invoice of their correction chains (the original and all its
 * corrections), and the chain of the invoice each names as related (a settlement's advance
 * invoice, an invoice's pro forma): what the `invoice`, `corrects` and `prevCorrect` fields of
 * any of them lead to. Loading the chains with the batch answers those fields, at any depth of a
 * chain, from the same statement.
 */
function inChainsOf(d: SqlDialect, eb: Eb, ids: readonly string[]) {
  const ofBatch = (e: Eb) => e.selectFrom("Invoice as o").where((x) => d.inList(x.ref("o.id"), ids));
  const originals = ofBatch(eb)
    .select(sql<string>`coalesce(${sql.ref("o.correctedInvoiceId")}, ${sql.ref("o.id")})`.as("originalId"))
    .unionAll((e) =>
      ofBatch(e as unknown as Eb)
        .select("o.relatedInvoiceId as originalId")
        .where("o.relatedInvoiceId", "is not", null)
        .$narrowType<{ originalId: string }>(),
    );
  // PostgreSQL: `= any(array(...))` makes the originals a value computed first, so both terms
  // are index scans (a BitmapOr); `in (subquery)` under an OR would scan the table
  return eb.or([d.inSubquery(sql.ref("i.id"), originals), d.inSubquery(sql.ref("i.correctedInvoiceId"), originals)]);
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
  /** the invoice `input.invoice` names: the one a correction corrects, or a related one */
  relatedId: string | null;
}

const LOOKUP_NUMBERING = ["id", "kind", "pattern", "resetInterval", "leadingZero", "docTitle"] as const;
export type LookedUpNumbering = Pick<InvoiceNumberingTable, (typeof LOOKUP_NUMBERING)[number]>;
const LOOKUP_BUYER = [
  "name",
  "fullName",
  "vatId",
  "identifierType",
  "street",
  "zipCode",
  "city",
  "countryCode",
  "accountingEmail",
] as const;
export type LookedUpContractor = Pick<ContractorTable, (typeof LOOKUP_BUYER)[number]>;

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
  related: RelatedInvoice | null;
}

/** The decimals of an invoice item, read exact. */
const EXACT_ITEM_FIELDS = ["count", "priceUnit", "netAmount", "vatAmount", "grossAmount"] as const;

/** An item of a corrected invoice, exact: its decimals as Decimals. */
type StoredItem = { order: number; positionName: string; unit: string; tax: string; gtu: string | null } & Record<
  (typeof EXACT_ITEM_FIELDS)[number],
  Decimal
>;

const RELATED_COLUMNS = [
  "ci.id",
  "ci.correctedInvoiceId",
  "ci.invoiceType",
  "ci.direction",
  "ci.isDraft",
  "ci.currencyCode",
  "ci.buyerId",
  "ci.financeProjectId",
  "ci.financeStageId",
  "ci.financeBoardId",
  "ci.financeTaskId",
  ...[...SELLER_FIELDS, ...BUYER_FIELDS].map((field) => `ci.${field}` as const),
] as const;

/** What a new invoice takes from the invoice it names (the one a correction corrects, or a related one): the RELATED_COLUMNS of its row. */
export interface RelatedInvoice extends Omit<Pick<InvoiceTable, Unaliased<(typeof RELATED_COLUMNS)[number]>>, "isDraft"> {
  isDraft: boolean;
  /** its items as they stand now: those of its latest correction, else its own */
  currentItems: StoredItem[];
  /** how many corrections it has already */
  correctionCount: number;
}
type Unaliased<C> = C extends `ci.${infer Column}` ? Column : never;

/** The current (not previous) items of the invoice whose id column is `invoiceId`, exact, in order. */
function storedItems(d: SqlDialect, e: Eb, invoiceId: RawBuilder<unknown> | string) {
  return d.jsonArray(
    e
      .selectFrom("InvoiceItem as si")
      .select(["si.order", "si.positionName", "si.unit", "si.tax", "si.gtu"])
      .select(EXACT_ITEM_FIELDS.map((field) => d.exact(`si.${field}`).as(field)))
      .where(sql<boolean>`${sql.ref("si.invoiceId")} = ${typeof invoiceId === "string" ? sql.ref(invoiceId) : invoiceId}`)
      .where("si.isPrevious", "=", sql.lit(false))
      .orderBy("si.order"),
  );
}

/** The named invoice with its own items and those of its latest correction (ties broken by id, as the corrections' order). */
function relatedJson(d: SqlDialect, e: Eb, id: string) {
  const latest = e
    .selectFrom("Invoice as lc")
    .select("lc.id")
    .where(refEq("lc.correctedInvoiceId", "ci.id"))
    .orderBy("lc.createdAt", "desc")
    .orderBy("lc.id", "desc")
    .limit(1);
  return d.jsonObject(
    e
      .selectFrom("Invoice as ci")
      .select(RELATED_COLUMNS)
      .select((x) => [
        storedItems(d, x as unknown as Eb, "ci.id").as("ownItems"),
        storedItems(d, x as unknown as Eb, sql`(${latest})`).as("latestItems"),
        latest.as("latestId"),
        e
          .selectFrom("Invoice as cc")
          .select((c) => c.fn.countAll().as("n"))
          .where(refEq("cc.correctedInvoiceId", "ci.id"))
          .as("correctionCount"),
      ])
      .where("ci.id", "=", id),
  );
}

function toRelated(value: unknown): RelatedInvoice | null {
  const row = json<
    Omit<RelatedInvoice, "currentItems" | "isDraft" | "correctionCount"> & {
      isDraft: boolean | number;
      ownItems: unknown;
      latestItems: unknown;
      latestId: string | null;
      correctionCount: number | string;
    }
  >(value);
  if (!row) return null;
  const { ownItems, latestItems, latestId, isDraft, correctionCount, ...rest } = row;
  const exact = (items: unknown): StoredItem[] =>
    (json<Array<Record<string, string | number>>>(items) ?? []).map(
      (i) => ({ ...i, ...Object.fromEntries(EXACT_ITEM_FIELDS.map((field) => [field, new Decimal(i[field])])) }) as StoredItem,
    );
  return {
    ...rest,
    isDraft: toBool(isDraft),
    currentItems: exact(latestId ? latestItems : ownItems),
    correctionCount: Number(correctionCount),
  };
}

const numberingColumns = LOOKUP_NUMBERING.map((column) => `n.${column}` as const);

/**
 * Everything a new invoice refers to, in ONE statement whatever the input names: the numbering
 * (or the direction's default one), whether a hand-given number is taken, the buyer contractor,
 * the currency (the given code's presence, and the default), the creator's name, the
 * finance task, board, stage and project, and the invoice `input.invoice` names (the one a
 * correction corrects, or a related one) with its current items. A key left null makes its
 * subquery find nothing, so the statement is built once and its prepared plan is always the same.
 */
const LOOKUPS = statement(
  "Invoice.lookups",
  (_keys: InvoiceLookupKeys) => ({}),
  (b) => {
    const key = (name: keyof InvoiceLookupKeys) => b.param((keys) => keys[name])!;
    return b.db.selectNoFrom((eb) => {
      const e = eb as unknown as Eb;
      return [
        b.jsonObject(e.selectFrom("InvoiceNumbering as n").select(numberingColumns).where("n.id", "=", key("numberingId"))).as("numbering"),
        b
          .jsonObject(
            e
              .selectFrom("InvoiceNumbering as n")
              .select(numberingColumns)
              .where("n.kind", "=", key("defaultNumberingOf"))
              .where("n.isDefault", "=", sql.lit(true))
              .orderBy("n.id")
              .limit(1),
          )
          .as("defaultNumbering"),
        e
          .selectFrom("Invoice as t")
          .select("t.id")
          .where("t.numberingId", "=", key("numberingId"))
          .where("t.no", "=", key("no"))
          .limit(1)
          .as("takenBy"),
        b
          .jsonObject(
            e
              .selectFrom("Contractor as k")
              .select(LOOKUP_BUYER.map((column) => `k.${column}` as const))
              .where("k.id", "=", key("buyerId")),
          )
          .as("buyer"),
        e.selectFrom("CurrencyDictionary as c").select("c.code").where("c.code", "=", key("currencyCode")).as("knownCurrency"),
        e
          .selectFrom("CurrencyDictionary as c")
          .select("c.code")
          .where("c.isDefault", "=", sql.lit(true))
          .orderBy("c.id")
          .limit(1)
          .as("defaultCurrency"),
        b.jsonObject(e.selectFrom("User as u").select(["u.firstName", "u.lastName"]).where("u.id", "=", key("callerId"))).as("caller"),
        b
          .jsonObject(e.selectFrom("Task as tk").select(["tk.projectId", "tk.stageId", "tk.boardId"]).where("tk.id", "=", key("taskId")))
          .as("task"),
        b.jsonObject(e.selectFrom("Board as b").select(["b.projectId", "b.stageId"]).where("b.id", "=", key("boardId"))).as("board"),
        b.jsonObject(e.selectFrom("Stage as s").select(["s.projectId"]).where("s.id", "=", key("stageId"))).as("stage"),
        e.selectFrom("Project as p").select("p.id").where("p.id", "=", key("projectId")).as("project"),
        relatedJson(b, e, key("relatedId")).as("related"),
      ];
    });
  },
);

export async function readInvoiceLookups(read: ReadPort, keys: InvoiceLookupKeys): Promise<InvoiceLookups> {
  const row = (await read.first(LOOKUPS, keys))!;
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
    related: toRelated(row.related),
  };
}

/** The finance project of a cost's or income's invoice (`e`), for its read rule. */
const invoiceProject: EntitySubject = (eb) =>
  eb.selectFrom("Invoice as i").select("i.financeProjectId").whereRef("i.id", "=", "e.invoiceId");

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

/**
 * The Invoice entity. A batch of every field brings the rest of its invoices' correction chains
 * along, which the request's loader keeps for the `invoice`, `corrects` and `prevCorrect` fields:
 * they cost no further statement. A selection without those fields (createInvoice's answer, a
 * reference) reads its invoices alone, and only what it selects.
 */
export const invoiceEntity = entityOf(Invoice, invoiceModel, "Invoice as i", rules.readInvoice, {
  subject: "financeProjectId",
  by: { rows: (b, eb, ids) => inChainsOf(b, eb as never, ids), follows: ["invoice", "corrects", "prevCorrect"] },
});
export const invoiceCostEntity = entityOf(InvoiceCost, costModel, "InvoiceCost as b", rules.readInvoice, { subject: invoiceProject });
export const invoiceIncomeEntity = entityOf(InvoiceIncome, incomeModel, "InvoiceIncome as b", rules.readInvoice, {
  subject: invoiceProject,
});
export const invoiceNumberingEntity = entityOf(InvoiceNumbering, numberingModel, "InvoiceNumbering as n", rules.invoiceNumberings);
export const currencyDictionaryEntity = entityOf(
  CurrencyDictionary,
  readModel<CurrencyDictionary>(columnsOf(CurrencyDictionary, "c")),
  "CurrencyDictionary as c",
  rules.signedIn,
);
