import { Client } from "pg";
import { databaseKind } from "../config/config";

/** Advisory-lock key of "preparing the database" (migrate, then seed an empty one); not Prisma's 72707369. */
export const STARTUP_LOCK_KEY = 727274;

/**
 * Runs `fn` while no other replica of the service runs its own start-up preparation on the same
 * PostgreSQL database. Without it, N replicas starting together against an empty database would
 * all find it empty and all seed it.
 *
 * The lock is a session lock on one dedicated connection (outside the Prisma pool, whose
 * connections are shared and may be swapped between statements); it is released when `fn` ends
 * or, should the process die, when that connection closes. SQLite needs nothing: a file belongs
 * to one machine, and its writers are serialised by SQLite itself.
 */
export async function withStartupLock<T>(url: string, fn: () => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
  if (databaseKind(url) !== "postgres") return fn();
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: "work-management-api startup" });
  // a broken lock connection must surface as an error of this call, not crash the process
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(options.timeoutMs ?? 300_000))}`);
    await client.query(`SELECT pg_advisory_lock($1)`, [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query(`SELECT pg_advisory_unlock($1)`, [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
