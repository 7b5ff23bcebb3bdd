import { randomUUID } from "node:crypto";
import type { Db, Prisma } from "../../db/client";
import { DIALECTS, type SqlDialect } from "../../db/sql";
import { COUNTER_TX_OPTIONS, formatDateTokens, numberSql, periodKey, takeNextNumber, type NumberingRules } from "../shared/numbering";
import { counterUpsertSql, invoiceCounters } from "./invoice-numbering.service";
import { ITEM_FIELDS, type PricedItem } from "./invoice-items";

/** What `storeInvoice` writes, read and checked by `prepareInvoice`. */
export interface PreparedInvoice {
  /** the invoice row without the number, its period and the timestamps */
  row: Omit<Prisma.InvoiceCreateManyInput, "no" | "numberingPeriod" | "createdAt" | "updatedAt">;
  /** a number given by hand, or null */
  no: string | null;
  /** the numbering the counter number is taken from, when one is taken */
  series: NumberingRules | null;
  takesNumber: boolean;
  issueDate: Date | null;
  items: PricedItem[];
  prevItems: PricedItem[];
}

type InvoiceRow = Prisma.InvoiceCreateManyInput;
type ItemRow = Prisma.InvoiceItemCreateManyInput;

/**
 * Writes a new invoice, all or nothing: the counter (when a number is taken), the invoice and
 * its items. The ids are made here, so nothing needs to be read back. The rows travel as JSON
 * parameters read by column name inside the database, so each statement's text is the same
 * whatever the number of items, and it is prepared once.
 *
 * - PostgreSQL: ONE statement (`pgStatement`): the counter upsert, the invoice (its number
 *   written from the counter's new value inside the statement) and its items as data-modifying
 *   CTEs, atomic without BEGIN/COMMIT. The counter row is locked only while it runs.
 * - SQLite, and PostgreSQL when every number taken must be checked (`checkTaken`, after a number
 *   typed in by hand clashed with the counter's): one transaction of the same steps, the number
 *   written between them (`takeNextNumber`): BEGIN, counter upsert (and a check per number
 *   taken), INSERT invoice, INSERT items, COMMIT (on PostgreSQL the two INSERTs are the same one
 *   statement with its counter part idle).
 * A failure (a clash on the invoice's unique number, a foreign key gone) undoes everything: the
 * counter keeps its value, so a failed creation consumes no number.
 */
export async function storeInvoice(
  db: Db,
  dialect: SqlDialect,
  prepared: PreparedInvoice,
  now: Date,
  checkTaken: boolean,
): Promise<string> {
  const issueDate = prepared.issueDate ?? (prepared.row.isDraft ? null : today(now));
  const id = randomUUID();
  // completed in place (each attempt prepares a new row): a spread copy of its 60 fields, and the
  // JSON of that copy, took 3-5 times as long as the whole of the row's JSON does now
  const invoice: InvoiceRow = Object.assign(prepared.row, {
    id,
    no: prepared.no,
    numberingPeriod: null,
    issueDate,
    createdAt: now,
    updatedAt: now,
  });
  const items: ItemRow[] = [
    ...prepared.items.map((item) => ({ ...item, id: randomUUID(), invoiceId: id, isPrevious: false })),
    ...prepared.prevItems.map((item) => ({ ...item, id: randomUUID(), invoiceId: id, isPrevious: true })),
  ];
  if (dialect.kind === "postgres" && !checkTaken) {
    const series = prepared.takesNumber ? prepared.series! : null;
    invoice.numberingPeriod = series ? periodKey(series.resetInterval, issueDate!)! : null;
    const counter = series && {
      numberingId: series.id,
      now,
      datedPattern: formatDateTokens(series.pattern, issueDate!),
      leadingZero: series.leadingZero,
    };
    await db.$executeRawUnsafe(...pgStatement(invoice, items, counter));
    analyzeAsTheyGrow(db);
    return id;
  }
  await db.$transaction(async (tx) => {
    if (prepared.takesNumber) {
      const given = await takeNextNumber(tx, invoiceCounters(dialect), prepared.series!, issueDate!, "input.numbering", checkTaken);
      invoice.no = given.no;
      invoice.numberingPeriod = given.period;
    }
    if (dialect.kind === "postgres") {
      await tx.$executeRawUnsafe(...pgStatement(invoice, items, null));
      return;
    }
    await tx.$executeRawUnsafe(sqliteInsert("Invoice", definedColumns(invoice)), rowJson(dialect, invoice));
    if (items.length > 0) await tx.$executeRawUnsafe(sqliteInsert("InvoiceItem", ITEM_COLUMNS, true), rowJson(dialect, items));
  }, COUNTER_TX_OPTIONS);
  if (dialect.kind === "postgres") analyzeAsTheyGrow(db);
  return id;
}

/** Invoices this process has written, and at how many it has the tables analyzed next. */
let written = 0;
let analyzeAt = 64;

/**
 * PostgreSQL keeps the plan of a named statement (src/db/kysely.ts) until the tables it reads are
 * analyzed again, and the one made while Invoice held the seed's few pages scans it whole however
 * much it has grown since: the invoice read-back took 0.7 ms at 250 invoices, 13 ms at 4,000, and
 * 0.3 ms once autovacuum had analyzed the table (it looks once a minute: 4,000 invoices at the
 * bench's rate). So each time the invoices this process wrote have doubled (64, 128, 256, ...), the
 * two tables they grow are analyzed in the background, and every connection plans those statements
 * again for the tables as they are (test/invoice-plans.test.ts): a few times in a process's life.
 * An ANALYZE refused (a role that does not own the tables) leaves things as they were.
 */
function analyzeAsTheyGrow(db: Db): void {
  if (++written < analyzeAt) return;
  analyzeAt *= 2;
  void db.$executeRawUnsafe(`ANALYZE "Invoice", "InvoiceItem"`).catch(() => undefined);
}

/** The counter a statement moves and what it needs to write the number it takes. */
interface CounterStep {
  numberingId: string;
  now: Date;
  /** the numbering's pattern with its date tokens written (formatDateTokens) */
  datedPattern: string;
  leadingZero: number;
}

const ITEM_COLUMNS = ["id", "invoiceId", "isPrevious", ...ITEM_FIELDS] as const satisfies readonly (keyof ItemRow)[];

/** The invoice columns the row sets: the others keep their defaults, as Prisma leaves them. */
function definedColumns(row: InvoiceRow): string[] {
  return Object.keys(row).filter((column) => row[column as keyof InvoiceRow] !== undefined);
}

/** Rows as a JSON parameter: moments in the text each database stores (see sqlTimestamp), decimals exact (as strings). */
function rowJson(dialect: SqlDialect, rows: object): string {
  return JSON.stringify(rows, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return original instanceof Date ? dialect.timestampText(original) : value;
  });
}

const quoted = (column: string) => `"${column}"`;
const texts = new Map<string, string>();
/** A statement's text, made once per key (the invoice's columns differ only when a field is left undefined). */
function text(key: string, make: () => string): string {
  let made = texts.get(key);
  if (made === undefined) texts.set(key, (made = make()));
  return made;
}

/**
 * PostgreSQL's one statement and its parameters: $1 the numbering whose counter moves (null: no
 * number is taken here), $2 the period, $3 now, $4 the pattern with its dates written, $5 the
 * leading zeros, $6 the invoice (JSON), $7 its items (a JSON array). The invoice takes its
 * number from the counter's new value when it has none (`numberSql`).
 */
function pgStatement(invoice: InvoiceRow, items: ItemRow[], counter: CounterStep | null): [string, ...unknown[]] {
  const columns = definedColumns(invoice);
  const sql = text(`pg:${columns.join(",")}`, () => {
    const values = columns.map((column) =>
      column === "no" ? `coalesce(r."no", ${numberSql("$4::text", "$5::int", `counter."lastValue"`)})` : `r.${quoted(column)}`,
    );
    return `WITH counter AS (
  ${counterUpsertSql("SELECT gen_random_uuid(), $1::uuid, $2::text, 1, $3::timestamptz WHERE $1::uuid IS NOT NULL")}
), invoice AS (
  INSERT INTO "Invoice" (${columns.map(quoted).join(", ")})
  SELECT ${values.join(", ")}
  FROM json_populate_record(null::"Invoice", $6::json) AS r LEFT JOIN counter ON true
)
INSERT INTO "InvoiceItem" (${ITEM_COLUMNS.map(quoted).join(", ")})
SELECT ${ITEM_COLUMNS.map((column) => `i.${quoted(column)}`).join(", ")}
FROM json_populate_recordset(null::"InvoiceItem", $7::json) AS i`;
  });
  return [
    sql,
    counter?.numberingId ?? null,
    invoice.numberingPeriod,
    counter?.now ?? null,
    counter?.datedPattern ?? null,
    counter?.leadingZero ?? 0,
    rowJson(DIALECTS.postgres, invoice),
    rowJson(DIALECTS.postgres, items),
  ];
}

/** SQLite: INSERT of one row (a JSON object parameter) or of many (a JSON array parameter), each column read by name. */
function sqliteInsert(table: "Invoice" | "InvoiceItem", columns: readonly string[], many = false): string {
  return text(`sqlite:${table}:${many}:${columns.join(",")}`, () => {
    const values = columns.map((column) => `json_extract(r.value, '$.${column}')`);
    const source = many ? "json_each(?) AS r" : "(SELECT ? AS value) AS r";
    return `INSERT INTO "${table}" (${columns.map(quoted).join(", ")}) SELECT ${values.join(", ")} FROM ${source}`;
  });
}

/** A calendar date (midnight UTC) of the given instant. */
function today(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
