import type { Db } from "./client";

export type Probe = { ok: true } | { ok: false; reason: string };

/** Whether the database answers a trivial query within `timeoutMs`, and if not why; never hangs. */
export async function probeDatabase(db: Db, timeoutMs = 2_000): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Probe>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([db.$queryRawUnsafe("SELECT 1").then((): Probe => ({ ok: true })), timeout]);
  } catch (error) {
    return { ok: false, reason: describeDbError(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database answers a trivial query within `timeoutMs`; never hangs. */
export async function checkDatabase(db: Db, timeoutMs = 2_000): Promise<boolean> {
  return (await probeDatabase(db, timeoutMs)).ok;
}

/**
 * A one-line cause for operators (start-up messages), never a stack: Prisma wraps driver errors
 * as P2010 "Raw query failed ... Message: `<driver message>`" with the driver adapter's error
 * kind in `meta` (DatabaseNotReachable, DatabaseAccessDenied, DatabaseDoesNotExist, ...).
 */
export function describeDbError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { kind?: string } } } }).meta?.driverAdapterError?.cause;
  const driverMessage = /Message: `([^`]*)`/.exec(error.message)?.[1];
  const firstLine = error.message.split("\n").find((l) => l.trim().length > 0)?.trim() ?? error.name;
  const text = driverMessage ?? firstLine;
  return cause?.kind ? `${cause.kind}: ${text}` : text;
}
