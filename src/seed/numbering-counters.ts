import { formatNumber, periodKey, type GivenNumber, type NumberingRules } from "../services/shared/numbering";

/**
 * Numbers documents in memory the way `takeNextNumber` numbers them in the database, for the
 * seed: call `next` in issue order; `counters` then holds the last value per numbering and period.
 */
export class NumberingCounters {
  readonly counters = new Map<string, { numberingId: string; period: string; lastValue: number }>();

  next(numbering: NumberingRules, date: Date): GivenNumber {
    const period = periodKey(numbering.resetInterval, date);
    if (period === undefined) throw new Error(`unsupported reset interval ${numbering.resetInterval}`);
    const key = `${numbering.id}/${period}`;
    const value = (this.counters.get(key)?.lastValue ?? 0) + 1;
    this.counters.set(key, { numberingId: numbering.id, period, lastValue: value });
    return { no: formatNumber(numbering.pattern, value, numbering.leadingZero, date), period, value };
  }

  /** The last value given in `period` (0 when none was). */
  last(numberingId: string, period: string): number {
    return this.counters.get(`${numberingId}/${period}`)?.lastValue ?? 0;
  }
}
