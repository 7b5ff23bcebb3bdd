import { Prisma, type DbTx } from "../../db/client";
import { ConflictError } from "../../errors/errors";

// Races between concurrent writes: the rules every service uses to end them in success or
// CONFLICT, never in a raw database error (INTERNAL_SERVER_ERROR).

/**
 * Whether a Prisma error is a unique-constraint violation, whichever database raised it: P2002
 * from a model method, P2010 ("raw query failed") with the driver adapter's
 * UniqueConstraintViolation from a raw statement.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } };
  return code === "P2002" || (code === "P2010" && meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation");
}

interface RaceRetry {
  /** how many times `run` may run in all */
  attempts: number;
  /** what the client reads when every attempt lost its race (CONFLICT) */
  conflict: string;
  /** the input field the conflict is about, when there is one */
  field?: string;
  /** called after a lost race, before the next attempt (e.g. to check more carefully) */
  onRace?: () => void;
}

/**
 * Runs `run` (one whole transaction) again after it lost a race on a unique index: the loser
 * rolled back, and running it again lets its checks see the winner's row. A race lost on every
 * attempt ends in CONFLICT, never in the raw database error (which clients would see as
 * INTERNAL_SERVER_ERROR). Other errors pass through at once.
 */
export async function retryOnUniqueViolation<T>(options: RaceRetry, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= options.attempts) throw new ConflictError(options.conflict, options.field);
      options.onRace?.();
    }
  }
}

/** The rows lockRow can lock, each with a column no index or key covers (writing a key onto itself costs foreign-key checks). */
const LOCKABLE = { TaskType: "decorator", User: "decorator" } as const;

/**
 * Holds the write lock of one row until the transaction ends, without changing the row: the
 * transactions that lock the same row run one after the other, each seeing what the one before
 * committed. Under PostgreSQL's READ COMMITTED, two transactions that read a state and then
 * write from it (replace a set of links, take the next weight) otherwise both read the same
 * state. On SQLite every transaction already holds the database's write lock
 * (src/db/sqlite-write-lock.ts); there the statement changes nothing. False when there is no such row.
 */
export async function lockRow(tx: DbTx, table: keyof typeof LOCKABLE, id: string): Promise<boolean> {
  const column = Prisma.raw(`"${LOCKABLE[table]}"`);
  return (await tx.$executeRaw`UPDATE ${Prisma.raw(`"${table}"`)} SET ${column} = ${column} WHERE "id" = ${id}`) === 1;
}
