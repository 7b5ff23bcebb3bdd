import { statSync } from "node:fs";
import { databaseKind } from "../config/config";
import { sqlitePath, type Db } from "./client";

export type Probe = { ok: true } | { ok: false; reason: string };

/** Whether the database answers a trivial query within `timeoutMs`, and if not why; never hangs. */
export function probeDatabase(db: Db, timeoutMs = 2_000): Promise<Probe> {
  return probe(() => db.$queryRawUnsafe("SELECT 1").then((): Probe => ({ ok: true })), timeoutMs);
}

/** `check`'s answer, or why it failed: its error, or no answer within `timeoutMs`. */
async function probe(check: () => Promise<Probe>, timeoutMs: number): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Probe>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch (error) {
    return { ok: false, reason: describeDbError(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A one-line cause for operators (start-up messages), never a stack: Prisma wraps driver errors
 * as P2010 "Raw query failed ... Message: `<driver message>`" with the driver adapter's error
 * kind in `meta` (DatabaseNotReachable, DatabaseAccessDenied, DatabaseDoesNotExist, ...).
 */
export function describeDbError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { kind?: string } } } }).meta?.driverAdapterError?.cause;
  const text = /Message: `([^`]*)`/.exec(error.message)?.[1] ?? (error.message.trim().split("\n")[0].trim() || error.name);
  return cause?.kind ? `${cause.kind}: ${text}` : text;
}

/**
 * Whether the database can be written, not just read: `/health` and `/health/ready` fail when
 * it cannot, since every mutation would. PostgreSQL: the session's read-only flag (a hot
 * standby, or `default_transaction_read_only`). SQLite: the file must still be the one opened
 * at start (not deleted or replaced under the running server, whose writes would then go to a
 * file nobody will read again), must not be marked read-only, and a cheap write (rewriting the
 * header's user_version with its own value) must succeed.
 */
export function createWriteProbe(db: Db, databaseUrl: string): (timeoutMs?: number) => Promise<Probe> {
  const kind = databaseKind(databaseUrl);
  const path = kind === "sqlite" ? sqlitePath(databaseUrl) : "";
  let inode: number | undefined;
  const check = async (): Promise<Probe> => {
    if (kind === "postgres") {
      const rows = await db.$queryRawUnsafe<Array<{ ro: string }>>("SELECT current_setting('transaction_read_only') AS ro");
      return rows[0]?.ro === "off" ? { ok: true } : { ok: false, reason: "the database is read-only" };
    }
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return { ok: false, reason: "the database file is missing" };
    inode ??= stat.ino;
    if (stat.ino !== inode) return { ok: false, reason: "the database file was replaced since start" };
    if ((stat.mode & 0o222) === 0) return { ok: false, reason: "the database file is read-only" };
    const rows = await db.$queryRawUnsafe<Array<{ user_version: bigint | number }>>("PRAGMA user_version");
    await db.$executeRawUnsafe(`PRAGMA user_version = ${Number(rows[0]?.user_version ?? 0)}`);
    return { ok: true };
  };
  // the file as it is when the server starts is the one it must keep writing (missing: the first probe reports it)
  if (kind === "sqlite") inode = statSync(path, { throwIfNoEntry: false })?.ino;
  return (timeoutMs = 2_000) => probe(check, timeoutMs);
}
