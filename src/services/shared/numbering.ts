import type { DbTx } from "../../db/client";
import { ConflictError } from "../../errors/errors";
import { badInput } from "./violations";

/**
 * Document numbers (invoices, projects, and the seed that writes both): the counter period a
 * date falls in, the pattern a number is written in, and taking the next number of a numbering
 * inside the transaction that stores the document.
 *
 * One concurrency scheme for every kind: the counter is moved by one atomic statement
 * (`lastValue = lastValue + 1`) in the same transaction that stores the document, or in the one
 * statement that stores it (createInvoice on PostgreSQL: data-modifying CTEs). A failed creation
 * rolls the increment back, so numbers are consecutive and without gaps per numbering and
 * period; concurrent creations serialize on the counter row (PostgreSQL: the row lock the
 * increment takes, across processes; SQLite: one writer at a time), so no two get one value.
 */

/**
 * Options of a transaction that takes a number. Concurrent creations queue for the counter row
 * (PostgreSQL, across processes) or for the single SQLite writer; Prisma's defaults (2 s to
 * start, 5 s to finish) would fail a burst of a few dozen, so the transaction may wait and run longer.
 */
export const COUNTER_TX_OPTIONS = { maxWait: 60_000, timeout: 60_000 } as const;

/** The period of a numbering that never resets. */
export const NEVER_RESET_PERIOD = "all";

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * The counter period `date` (a calendar date, UTC) falls in for a reset interval: "2026-11" for
 * P1M, "2026" for P1Y, "2026-11-02" for P1D, "2026-Q4" for P3M, "all" for none. Undefined for an
 * interval the numbering cannot use.
 */
export function periodKey(resetInterval: string | null, date: Date): string | undefined {
  const year = String(date.getUTCFullYear());
  const month = date.getUTCMonth() + 1;
  switch (resetInterval) {
    case null:
    case "":
      return NEVER_RESET_PERIOD;
    case "P1Y":
      return year;
    case "P3M":
      return `${year}-Q${Math.ceil(month / 3)}`;
    case "P1M":
      return `${year}-${pad2(month)}`;
    case "P1D":
      return `${year}-${pad2(month)}-${pad2(date.getUTCDate())}`;
    default:
      return undefined;
  }
}

const DATE_TOKEN = /\{(YYYY|YY|MM|DD)\}/g;
const NUMBER_TOKEN = "{number}";

/**
 * A pattern with its date tokens written out for `date` ({YYYY}, {YY}, {MM}, {DD} of the issue
 * date) and {number} left in place for the counter value: formatNumber fills it in here, and
 * `numberSql` inside the statement that takes the value from the counter.
 */
export function formatDateTokens(pattern: string, date: Date): string {
  return pattern.replace(DATE_TOKEN, (_, token: keyof typeof DATE_PARTS) => DATE_PARTS[token](date));
}

const DATE_PARTS = {
  YYYY: (date: Date) => String(date.getUTCFullYear()),
  YY: (date: Date) => pad2(date.getUTCFullYear() % 100),
  MM: (date: Date) => pad2(date.getUTCMonth() + 1),
  DD: (date: Date) => pad2(date.getUTCDate()),
};

/**
 * Writes a number in a numbering's pattern: {number} is the counter padded with zeros to
 * `leadingZero` digits; {YYYY}, {YY}, {MM}, {DD} come from the issue date. Other text is kept.
 * (Neither kind of token can produce the other, so writing the dates first is the same as one pass.)
 */
export function formatNumber(pattern: string, value: number, leadingZero: number, date: Date): string {
  return formatDateTokens(pattern, date).replaceAll(NUMBER_TOKEN, String(value).padStart(Math.max(0, leadingZero), "0"));
}

/**
 * formatNumber in PostgreSQL, for a statement that takes the counter value itself: `value` (an
 * integer SQL expression) padded with zeros to `leadingZero` digits (never cut: lpad would cut a
 * longer number) put in place of every {number} of `datedPattern` (formatDateTokens' output).
 * The three arguments are SQL expressions (parameters or column references).
 */
export function numberSql(datedPattern: string, leadingZero: string, value: string): string {
  const digits = `(${value})::text`;
  return `replace(${datedPattern}, '${NUMBER_TOKEN}', lpad(${digits}, greatest(${leadingZero}, length(${digits})), '0'))`;
}

/** What numbers a numbering gives, whatever the kind of document it numbers. */
export interface NumberingRules {
  id: string;
  pattern: string;
  resetInterval: string | null;
  leadingZero: number;
}

export interface GivenNumber {
  no: string;
  period: string;
  /** the counter value the number carries */
  value: number;
}

/**
 * Where a kind of document keeps its counters and its numbers. `increment` moves the counter of
 * `period` by one in one atomic statement (a new period starts at 1) and returns the value
 * taken; `isTaken` says whether a document of the numbering carries `no` already.
 */
export interface CounterStore {
  increment(tx: DbTx, numberingId: string, period: string): Promise<number>;
  isTaken(tx: DbTx, numberingId: string, no: string): Promise<boolean>;
}

/** A number typed in by hand may already hold the next counter value; the counter moves past such numbers (bounded). */
const MAX_TAKEN_SKIPS = 1000;

/** Refuses (BAD_USER_INPUT on `field`) a numbering that cannot number: an unknown reset interval, no {number} token. */
export function checkNumbering(numbering: NumberingRules, field: string): void {
  // any date will do: the interval alone decides whether a period exists
  if (periodKey(numbering.resetInterval, new Date(0)) === undefined) {
    throw badInput(
      field,
      "resetInterval",
      `the numbering's reset interval ${numbering.resetInterval} is not supported (P1D, P1M, P3M, P1Y or none)`,
    );
  }
  if (!numbering.pattern.includes("{number}")) {
    throw badInput(field, "pattern", "the numbering's pattern has no {number} token, so it cannot give distinct numbers");
  }
}

/**
 * Takes the next number of a numbering for a document dated `date`. Must run inside the
 * transaction that stores the document (see the scheme above). `field` names the input field
 * blamed when the numbering cannot number. With `checkTaken`, a number that exists already
 * (given by hand) is skipped: one more statement per number taken.
 */
export async function takeNextNumber(
  tx: DbTx,
  store: CounterStore,
  numbering: NumberingRules,
  date: Date,
  field: string,
  checkTaken = true,
): Promise<GivenNumber> {
  checkNumbering(numbering, field);
  const period = periodKey(numbering.resetInterval, date)!;
  for (let attempt = 0; attempt < MAX_TAKEN_SKIPS; attempt++) {
    const value = await store.increment(tx, numbering.id, period);
    const no = formatNumber(numbering.pattern, value, numbering.leadingZero, date);
    // Unchecked, a number given by hand before makes the document's INSERT fail on a unique
    // index; the caller then runs again with the check (createInvoice).
    if (!checkTaken || !(await store.isTaken(tx, numbering.id, no))) return { no, period, value };
  }
  throw new ConflictError("The numbering's next numbers are all taken by numbers given by hand; give the number explicitly.", field);
}
