import { ConflictError } from "../../errors/errors";

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
