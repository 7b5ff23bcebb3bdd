import type { DbTx } from "../../db/client";
import { badInput, ConflictError } from "../../errors/errors";

/**
 * Invoice numbers: the counter period a date falls in, the pattern a number is written in, and
 * taking the next number of a numbering inside the invoice's transaction.
 *
 * Numbers are unique, consecutive and without gaps per numbering and period because the counter
 * row is incremented by the same transaction that stores the invoice: a failed creation rolls
 * the increment back, and concurrent creations serialize on the counter row (PostgreSQL: the
 * row lock the increment takes; SQLite: one writer at a time).
 */

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

const TOKEN = /\{(number|YYYY|YY|MM|DD)\}/g;

/**
 * Writes a number in a numbering's pattern: {number} is the counter padded with zeros to
 * `leadingZero` digits; {YYYY}, {YY}, {MM}, {DD} come from the issue date. Other text is kept.
 */
export function formatNumber(pattern: string, value: number, leadingZero: number, date: Date): string {
  return pattern.replace(TOKEN, (_, token: string) => {
    switch (token) {
      case "number":
        return String(value).padStart(Math.max(0, leadingZero), "0");
      case "YYYY":
        return String(date.getUTCFullYear());
      case "YY":
        return String(date.getUTCFullYear() % 100).padStart(2, "0");
      case "MM":
        return pad2(date.getUTCMonth() + 1);
      default:
        return pad2(date.getUTCDate());
    }
  });
}

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

/** A number typed in by hand may already hold the next counter value; the counter moves past such numbers (bounded). */
const MAX_TAKEN_SKIPS = 1000;

/** Refuses (BAD_USER_INPUT on `field`) a numbering that cannot number: an unknown reset interval, no {number} token. */
export function checkNumbering(numbering: NumberingRules, field: string): void {
  // any date will do: the interval alone decides whether a period exists
  if (periodKey(numbering.resetInterval, new Date(0)) === undefined) {
    throw badInput(field, "resetInterval", `the numbering's reset interval ${numbering.resetInterval} is not supported (P1D, P1M, P3M, P1Y or none)`);
  }
  if (!numbering.pattern.includes("{number}")) {
    throw badInput(field, "pattern", "the numbering's pattern has no {number} token, so it cannot give distinct numbers");
  }
}

/**
 * Takes the next number of a numbering for an invoice issued on `issueDate`. Must run inside
 * the transaction that stores the invoice. The upsert is one atomic statement on the counter
 * row (INSERT ... ON CONFLICT DO UPDATE SET lastValue = lastValue + 1, or an UPDATE of the
 * existing row), so two transactions never read the same value. `field` names the input field
 * blamed when the numbering cannot number. With `checkTaken`, a number that exists already
 * (given by hand) is skipped: one more statement per number taken.
 */
export async function takeNextNumber(
  tx: DbTx,
  numbering: NumberingRules,
  issueDate: Date,
  field: string,
  checkTaken = true,
): Promise<GivenNumber> {
  checkNumbering(numbering, field);
  const period = periodKey(numbering.resetInterval, issueDate)!;
  for (let attempt = 0; attempt < MAX_TAKEN_SKIPS; attempt++) {
    const counter = await tx.invoiceNumberingCounter.upsert({
      where: { numberingId_period: { numberingId: numbering.id, period } },
      create: { numberingId: numbering.id, period, lastValue: 1 },
      update: { lastValue: { increment: 1 } },
      select: { lastValue: true },
    });
    const no = formatNumber(numbering.pattern, counter.lastValue, numbering.leadingZero, issueDate);
    // Unchecked, a number given by hand before makes the invoice's INSERT fail on the unique
    // index (numberingId, no); the caller then runs again with the check (createInvoice).
    if (!checkTaken) return { no, period, value: counter.lastValue };
    const taken = await tx.invoice.findFirst({ where: { numberingId: numbering.id, no }, select: { id: true } });
    if (!taken) return { no, period, value: counter.lastValue };
  }
  throw new ConflictError("The numbering's next numbers are all taken by numbers given by hand.", field);
}
