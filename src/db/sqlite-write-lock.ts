import type { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { withMembers } from "./statement-hook";

type Adapter = Awaited<ReturnType<PrismaBetterSqlite3["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/** How long a statement of this process waits, blocking, for a lock another process holds briefly (a commit, a read). */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

const statement = (sql: string) => ({ sql, args: [], argTypes: [] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SQLITE_BUSY (and its extended codes) as Prisma's adapter reports it. */
function isBusy(error: unknown): boolean {
  const cause = (error as { cause?: { originalCode?: unknown } } | undefined)?.cause;
  return typeof cause?.originalCode === "string" && cause.originalCode.startsWith("SQLITE_BUSY");
}

/**
 * Several processes on one SQLite file (two servers, a server and a script beside it) take turns
 * through SQLite's file lock. The adapter opens a DEFERRED transaction, which takes the write lock
 * only at its first write: it waits for it in SQLite's busy handler, which blocks the whole
 * process, and past the busy timeout (or at once, when it has read and another process is
 * committing, so neither can go on) the statement fails with SQLITE_BUSY, a failed request. So
 * every transaction takes the write lock at its start instead (BEGIN IMMEDIATE) and waits for it
 * here, polling without the busy handler: the event loop keeps serving other requests while a
 * write waits for another process's transaction. Inside the transaction nothing waits long any
 * more (the commit waits only for the statements of readers).
 *
 * Transactions of one process are already serialised by the adapter's own mutex, so this only
 * ever waits for other processes (measured: no cost per transaction within one process). A wait
 * longer than `lockWaitMs` fails with the driver's SQLITE_BUSY; the server passes its request
 * budget, so the request's deadline comes first.
 */
export function immediateTransactions(factory: PrismaBetterSqlite3, lockWaitMs: number): PrismaBetterSqlite3 {
  return withMembers(factory, {
    connect: async (): Promise<Adapter> => {
      const adapter = await factory.connect();
      return withMembers(adapter, {
        startTransaction: async (isolationLevel?: Parameters<Adapter["startTransaction"]>[0]) => {
          const tx = await adapter.startTransaction(isolationLevel);
          try {
            // the adapter's BEGIN (DEFERRED) has taken no lock yet: replace it
            await tx.executeRaw(statement("ROLLBACK"));
            await beginImmediate(tx, lockWaitMs);
            return tx;
          } catch (error) {
            await tx.rollback(); // releases the adapter's mutex; no transaction is open
            throw error;
          }
        },
      });
    },
  });
}

async function beginImmediate(tx: Transaction, lockWaitMs: number): Promise<void> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    // Without the busy handler (busy_timeout 0) for this one statement: a busy lock is waited for
    // below, without blocking. The connection is shared with this process's statements outside
    // transactions, which need the busy timeout; better-sqlite3 runs a statement when it is called,
    // so these three run back to back and none of those ever runs in between.
    const [off, begin, on] = await Promise.allSettled([
      tx.queryRaw(statement("PRAGMA busy_timeout = 0")),
      tx.executeRaw(statement("BEGIN IMMEDIATE")),
      tx.queryRaw(statement(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)),
    ]);
    for (const step of [off, on]) if (step.status === "rejected") throw step.reason;
    if (begin.status === "fulfilled") return;
    if (!isBusy(begin.reason) || Date.now() - started >= lockWaitMs) throw begin.reason;
    // 1, 2, 4 ... 16 ms, with jitter so that two waiting processes do not poll in step
    await sleep(Math.min(2 ** attempt, 16) * (0.5 + Math.random()));
  }
}
