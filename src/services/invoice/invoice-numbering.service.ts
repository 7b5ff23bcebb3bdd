import { randomUUID } from "node:crypto";
import type { SqlDialect } from "../../db/sql";
import type { CounterStore } from "../shared/numbering";

/**
 * The counter upsert, one atomic statement: a new period starts at 1, an existing one moves by
 * one; the value taken comes back. `source` gives the row to insert ("id", "numberingId",
 * "period", "lastValue" 1, "updatedAt"): a VALUES list, or (PostgreSQL's one-statement creation,
 * invoice-store.ts) a SELECT of one row or none.
 */
export function counterUpsertSql(source: string): string {
  return `INSERT INTO "InvoiceNumberingCounter" ("id", "numberingId", "period", "lastValue", "updatedAt") ${source}
  ON CONFLICT ("numberingId", "period") DO UPDATE SET "lastValue" = "InvoiceNumberingCounter"."lastValue" + 1, "updatedAt" = excluded."updatedAt"
  RETURNING "lastValue"`;
}

const INCREMENT = {
  postgres: counterUpsertSql("VALUES ($1::uuid, $2::uuid, $3::text, 1, $4::timestamptz)"),
  sqlite: counterUpsertSql("VALUES (?, ?, ?, 1, ?)"),
} as const;

/** Invoice counters: one row per numbering and period holding the last value given (InvoiceNumberingCounter). */
export function invoiceCounters(dialect: SqlDialect): CounterStore {
  return {
    async increment(tx, numberingId, period) {
      const rows = await tx.$queryRawUnsafe<Array<{ lastValue: number | bigint }>>(
        INCREMENT[dialect.kind],
        randomUUID(),
        numberingId,
        period,
        dialect.timestampText(new Date()),
      );
      return Number(rows[0].lastValue);
    },
    async isTaken(tx, numberingId, no) {
      return (await tx.invoice.findFirst({ where: { numberingId, no }, select: { id: true } })) !== null;
    },
  };
}
