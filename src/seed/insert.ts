import type { DbTx, Prisma } from "../db/client";

/** The client's model accessors: `user`, `taskComment`... */
export type ModelKey = Uncapitalize<Prisma.ModelName>;

/** The row shape `createMany` accepts for a model. */
export type RowOf<K extends ModelKey> = ElementOf<Prisma.Args<DbTx[K], "createMany">["data"]>;
// `data` is "one row or an array of rows": keep the array's element, drop the single-row branch.
type ElementOf<T> = T extends readonly (infer R)[] ? R : never;

/**
 * Rows per statement: SQLite binds at most 32,766 parameters per statement (PostgreSQL 65,535),
 * so wide tables (invoices have ~60 columns) get smaller batches than narrow ones.
 */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 500;

/** Writes rows with batched `createMany` and tallies how many each model received. */
export class Inserter {
  readonly counts: Record<string, number> = {};

  /** The client (or transaction) written to; for the rare statement that is not a bulk insert. */
  constructor(readonly db: DbTx) {}

  async insert<K extends ModelKey>(model: K, rows: readonly RowOf<K>[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0] as object).length;
    const batchSize = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / Math.max(1, columns))));
    // The delegates are typed one by one; their common `createMany` shape is all this needs.
    const delegate = this.db[model] as unknown as { createMany(args: { data: unknown[] }): Promise<{ count: number }> };
    for (let i = 0; i < rows.length; i += batchSize) {
      await delegate.createMany({ data: rows.slice(i, i + batchSize) as unknown[] });
    }
    const name = model.charAt(0).toUpperCase() + model.slice(1);
    this.counts[name] = (this.counts[name] ?? 0) + rows.length;
  }
}
