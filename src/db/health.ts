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
 * A one-line cause for operators (start-up messages): the driver's error kind or code, never a
 * stack. Driver adapter errors carry their cause in `cause` ({ kind, originalCode, ... }).
 */
export function describeDbError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: Record<string, unknown> }).cause;
  const parts = [cause?.kind, cause?.originalCode ?? (error as { code?: string }).code, cause?.originalMessage]
    .filter((p) => typeof p === "string" && p.length > 0);
  const first = error.message.split("\n").find((l) => l.trim().length > 0)?.trim() ?? error.name;
  return parts.length > 0 ? Array.from(new Set(parts)).join(": ") : first;
}
