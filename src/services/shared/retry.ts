import { ConflictError } from "../../errors/errors";

/** Whether a Prisma error is a unique-constraint violation (P2002), whichever database raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
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
