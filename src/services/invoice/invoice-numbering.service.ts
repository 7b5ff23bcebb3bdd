import type { Prisma } from "../../db/client";
import { defineEntity } from "../../federation/entity-registry";
import type { InvoiceNumbering } from "../../types/invoice/invoice-numbering.type";
import { periodKey } from "./invoice-numbering";

const RESET_INTERVALS = [null, "P1Y", "P3M", "P1M", "P1D"] as const;

/** The period keys `now` falls in under every supported reset interval: where a numbering's current counter may sit. */
function currentPeriods(now: Date): string[] {
  return RESET_INTERVALS.map((interval) => periodKey(interval, now)!);
}

/** What to include with a numbering row to shape it: its counters of the current periods (one statement for any number of rows). */
export function invoiceNumberingInclude(now: Date) {
  return {
    counters: { where: { period: { in: currentPeriods(now) } }, select: { period: true, lastValue: true } },
  } satisfies Prisma.InvoiceNumberingInclude;
}

type NumberingRow = Prisma.InvoiceNumberingGetPayload<{ include: ReturnType<typeof invoiceNumberingInclude> }>;

export function toInvoiceNumbering(row: NumberingRow, now: Date): InvoiceNumbering {
  const period = periodKey(row.resetInterval, now);
  return {
    id: row.id,
    kind: row.kind,
    pattern: row.pattern,
    resetInterval: row.resetInterval,
    leadingZero: row.leadingZero,
    isDefault: row.isDefault,
    docTitle: row.docTitle,
    closestCounter: row.counters.find((c) => c.period === period)?.lastValue ?? null,
  };
}

export const invoiceNumberingEntity = defineEntity<InvoiceNumbering>({
  typeName: "InvoiceNumbering",
  async loadMany(db, ids) {
    const now = new Date();
    const rows = await db.invoiceNumbering.findMany({ where: { id: { in: [...ids] } }, include: invoiceNumberingInclude(now) });
    return rows.map((row) => toInvoiceNumbering(row, now));
  },
});
