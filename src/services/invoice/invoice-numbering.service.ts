import type { CounterStore } from "../shared/numbering";

/** Invoice counters: one row per numbering and period holding the last value given (InvoiceNumberingCounter). */
export const invoiceCounters: CounterStore = {
  async increment(tx, numberingId, period) {
    // one atomic statement: INSERT ... ON CONFLICT DO UPDATE SET lastValue = lastValue + 1
    const counter = await tx.invoiceNumberingCounter.upsert({
      where: { numberingId_period: { numberingId, period } },
      create: { numberingId, period, lastValue: 1 },
      update: { lastValue: { increment: 1 } },
      select: { lastValue: true },
    });
    return counter.lastValue;
  },
  async isTaken(tx, numberingId, no) {
    return (await tx.invoice.findFirst({ where: { numberingId, no }, select: { id: true } })) !== null;
  },
};
