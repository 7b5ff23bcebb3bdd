import type { DbTx } from "../../db/client";
import { ConflictError } from "../../errors/errors";
import { defineEntity } from "../../federation/entity-registry";
import type { ProjectNumbering } from "../../types/project/project-numbering.type";
import { readProjectNumberings } from "./project.read";

export const projectNumberingEntity = defineEntity<ProjectNumbering>({
  typeName: "ProjectNumbering",
  loadMany: (_db, ids, _viewer, read) => readProjectNumberings(read, ids),
});

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * The counter period a moment falls in, for an ISO 8601 interval of years, months, weeks or days
 * (P1Y -> "2026", P1M -> "2026-11", P3M -> "2026-10" (the quarter's first month), P1D ->
 * "2026-11-22"). Periods are counted from the epoch in UTC. null: the counter never resets
 * (no interval, or one in a form other than PnY, PnM, PnW, PnD).
 */
export function counterPeriod(interval: string | null, at: Date): string | null {
  const match = interval ? /^P(\d+)([YMWD])$/.exec(interval) : null;
  if (!match) return null;
  const n = Number(match[1]);
  if (n < 1) return null;
  const year = at.getUTCFullYear();
  switch (match[2]) {
    case "Y":
      return String(year - (year % n));
    case "M": {
      const months = year * 12 + at.getUTCMonth();
      const start = months - (months % n);
      return `${Math.floor(start / 12)}-${pad2((start % 12) + 1)}`;
    }
    default: {
      const days = Math.floor(at.getTime() / 86_400_000);
      const weekly = match[2] === "W";
      const size = weekly ? n * 7 : n;
      // 1970-01-01 was a Thursday: shifting by 3 days makes weekly periods start on Mondays
      const shift = weekly ? 3 : 0;
      const start = days - ((days + shift) % size);
      return new Date(start * 86_400_000).toISOString().slice(0, 10);
    }
  }
}

/** The pattern with {number} (padded to padLength), {YYYY}, {YY}, {MM} and {DD} (UTC) filled in. */
export function renderProjectNo(pattern: string, value: number, padLength: number, at: Date): string {
  const year = String(at.getUTCFullYear());
  return pattern
    .replaceAll("{number}", String(value).padStart(padLength, "0"))
    .replaceAll("{YYYY}", year)
    .replaceAll("{YY}", year.slice(-2))
    .replaceAll("{MM}", pad2(at.getUTCMonth() + 1))
    .replaceAll("{DD}", pad2(at.getUTCDate()));
}

const MAX_ATTEMPTS = 50;

/**
 * Takes the numbering's next number inside the caller's transaction. The counter is claimed with
 * a compare-and-set update (it only succeeds if nobody moved the counter since it was read), so
 * two concurrent creations never get the same value; a new period starts the counter at 1.
 * Numbers some project carries already (given by hand) are skipped.
 */
export async function takeProjectNo(tx: DbTx, numberingId: string, at: Date): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const numbering = await tx.projectNumbering.findUniqueOrThrow({ where: { id: numberingId } });
    const period = counterPeriod(numbering.counterInterval, at);
    const value = period !== null && numbering.counterPeriod !== period ? 1 : numbering.counterNextValue;
    const claimed = await tx.projectNumbering.updateMany({
      where: { id: numberingId, counterNextValue: numbering.counterNextValue, counterPeriod: numbering.counterPeriod },
      data: { counterNextValue: value + 1, ...(period !== null ? { counterPeriod: period } : {}) },
    });
    if (claimed.count === 0) continue;
    const no = renderProjectNo(numbering.pattern, value, numbering.counterPadLength, at);
    if (!(await tx.project.findFirst({ where: { no }, select: { id: true } }))) return no;
  }
  throw new ConflictError("The numbering found no free project number; give `no` explicitly.", "input.no");
}
