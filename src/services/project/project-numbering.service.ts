import type { DbTx } from "../../db/client";
import { ConflictError } from "../../errors/errors";
import { NEVER_RESET_PERIOD, takeNextNumber, type CounterStore } from "../shared/numbering";

/**
 * Project counters live on the numbering row itself (the interface shows `counterNextValue`):
 * `counterNextValue` is the next value to give and `counterPeriod` the period it belongs to
 * (null for a numbering that never resets).
 */
const projectCounters: CounterStore = {
  async increment(tx, numberingId, period) {
    const stored = period === NEVER_RESET_PERIOD ? null : period;
    // At most two rounds: a period change raced by another creation is seen on the second.
    for (let round = 0; round < 3; round += 1) {
      // one atomic statement, as for invoices: counterNextValue = counterNextValue + 1 (row lock until commit)
      const same = await tx.projectNumbering.updateMany({
        where: stored === null ? { id: numberingId } : { id: numberingId, counterPeriod: stored },
        data: { counterNextValue: { increment: 1 } },
      });
      if (same.count === 1) {
        const row = await tx.projectNumbering.findUniqueOrThrow({ where: { id: numberingId }, select: { counterNextValue: true } });
        return row.counterNextValue - 1;
      }
      // a new period starts at 1; the condition makes the reset happen once however many creations race for it
      const fresh = await tx.projectNumbering.updateMany({
        where: { id: numberingId, OR: [{ counterPeriod: null }, { counterPeriod: { not: stored! } }] },
        data: { counterNextValue: 2, counterPeriod: stored },
      });
      if (fresh.count === 1) return 1;
    }
    throw new ConflictError("The project numbering changed while a number was taken; try again.", "input.numbering");
  },
  async isTaken(tx, _numberingId, no) {
    // project numbers are unique among all projects, whichever numbering gave them
    return (await tx.project.findFirst({ where: { no }, select: { id: true } })) !== null;
  },
};

/** Takes the numbering's next number inside the caller's transaction (see src/services/shared/numbering.ts). */
export async function takeProjectNo(tx: DbTx, numberingId: string, at: Date): Promise<string> {
  const row = await tx.projectNumbering.findUniqueOrThrow({ where: { id: numberingId } });
  const numbering = { id: row.id, pattern: row.pattern, resetInterval: row.counterInterval, leadingZero: row.counterPadLength };
  return (await takeNextNumber(tx, projectCounters, numbering, at, "input.numbering")).no;
}
