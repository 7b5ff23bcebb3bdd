import { Worker } from "node:worker_threads";
import type { CompiledQuery, QueryResult } from "kysely";

/**
 * The read side's SQLite statements run on a worker thread of their own, not on the event loop.
 *
 * better-sqlite3 is synchronous: on the event loop every read statement held the whole process
 * while SQLite ran it (profile of the users and vacations pages at 16 connections: the driver's
 * `executeQuery` 18.5% of the server's CPU, self), so on a 2-core machine the SQLite server used
 * one core where the PostgreSQL one used two (node and PostgreSQL), and a request's statement
 * added to every other request's latency. On the worker the statement runs beside the event loop,
 * which meanwhile executes and answers other requests; the rows come back by structured clone.
 *
 * One worker, one read-only handle on the file (writes go through Prisma on the main thread), its
 * statements prepared once per SQL text and kept (SQLite compiles a statement on prepare). The
 * worker runs one statement at a time, in the order they were sent: no lock is needed on this
 * side. It is created at the first read (the file exists and is migrated by then), holds the
 * process open only while a statement is under way, and is created anew after it fails.
 */

/** Distinct statement texts prepared and kept by the worker; past it the oldest is dropped. */
const MAX_PREPARED = 2_000;

/** What the worker runs (CommonJS, evaluated: the same code under tsc's build, swc and jest). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, timeout: workerData.timeout });
const prepared = new Map();
const run = ({ id, sql, parameters }) => {
  try {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (prepared.size >= ${MAX_PREPARED}) prepared.delete(prepared.keys().next().value);
      prepared.set(sql, statement);
    }
    // the handle is read-only: a write fails here (SQLITE_READONLY), writes go through Prisma
    if (!statement.reader) statement.run(parameters);
    return { id, rows: statement.reader ? statement.all(parameters) : [] };
  } catch (error) {
    return { id, error: { message: String(error && error.message), code: error && error.code } };
  }
};
// each answer leaves as soon as it is read: the worker's heap holds one statement's rows at a time
parentPort.on("message", (batch) => {
  for (const statement of batch) parentPort.postMessage(run(statement));
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

interface Pending {
  resolve(result: QueryResult<unknown>): void;
  reject(error: Error): void;
  /** the last statement of its batch: its answer frees the batch's place */
  last?: boolean;
}

interface Queued extends Pending {
  sql: string;
  parameters: readonly unknown[];
  /** the request's stop (its budget spent), if any: a statement not yet sent is then never sent */
  stopped?: () => unknown;
}

/**
 * Batches sent to the worker at once: one running and one waiting, so that the worker never
 * waits for the event loop between two. The rest wait here, where a request that stops in the
 * meantime (its time or result budget spent) takes its statements back unsent: sent all at once,
 * the 200 root fields of a document cut by MAX_RESULT_NODES all ran (test/result-budget.test.ts).
 */
const IN_FLIGHT = 2;

/**
 * Statements per batch: those a turn queued leave together, in one message (a heavy request sends
 * one at a time, src/db/kysely.ts, so a batch holds light requests' few). Each answer comes back
 * on its own as soon as it is read, so that the worker's heap never holds two statements' rows
 * (answered in one message, the fairness workload's heavy documents left the process at 252-271
 * MB against main's 221-239). One statement a message, the event loop spent 11-14% of its time
 * in `postMessage` at 16 connections on the users page (waking the worker: 4 us of CPU alone, far
 * more on a loaded machine, where the woken thread takes the core) while the worker idled 84-88%.
 */
const MAX_BATCH = 16;

interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
  /** batches sent and not yet answered */
  batches: number;
}

/** The worker and its statements under way. */
export class SqliteReader {
  private current?: Running;
  private nextId = 0;
  private readonly queue: Queued[] = [];
  /** Set by `close`: a statement sent later is refused (the worker is not started again). */
  private closed?: Error;

  constructor(
    private readonly path: string,
    private readonly busyTimeoutMs: number,
  ) {}

  /** Runs a statement on the worker; `stopped` is asked again when its turn to be sent comes. */
  run(query: CompiledQuery, stopped?: () => unknown): Promise<QueryResult<unknown>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ sql: query.sql, parameters: query.parameters, stopped, resolve, reject });
      if (this.queue.length === 1) setImmediate(this.sendQueued);
    });
  }

  /**
   * Sends what the turn queued, at its end (setImmediate): the statements of every request the
   * turn served leave in one message, so the worker is woken once for them, not once each.
   */
  private readonly sendQueued = () => this.send();

  private send(): void {
    while (this.queue.length > 0 && (this.current?.batches ?? 0) < IN_FLIGHT) {
      const batch: Array<{ id: number; sql: string; parameters: readonly unknown[] }> = [];
      while (this.queue.length > 0 && batch.length < MAX_BATCH) {
        const next = this.queue.shift()!;
        const stop = this.closed ?? next.stopped?.();
        if (stop) {
          next.reject(stop as Error);
          continue;
        }
        const { pending } = (this.current ??= this.start());
        const id = this.nextId++;
        if (pending.size === 0) this.current.worker.ref();
        pending.set(id, next);
        batch.push({ id, sql: next.sql, parameters: next.parameters });
      }
      if (batch.length === 0) continue;
      this.current!.pending.get(batch.at(-1)!.id)!.last = true;
      this.current!.batches += 1;
      this.current!.worker.postMessage(batch);
    }
  }

  private start(): Running {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: require.resolve("better-sqlite3"), path: this.path, timeout: this.busyTimeoutMs },
      // its heap holds a statement's rows only until they are posted: a young generation of 2 MB
      // instead of V8's default (up to 48) keeps the process's memory near what it was without it
      // (every SQLite workload of the bench in turn, resident memory at the end: 257 MB with 8 MB,
      // 248 and 251 with 2; the same throughput)
      resourceLimits: { maxYoungGenerationSizeMb: 2 },
    });
    const running: Running = { worker, pending: new Map(), batches: 0 };
    const { pending } = running;
    worker.on("message", (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if (waiting.last) {
        running.batches -= 1;
        // the next batch first, so the worker does not wait for this one's continuations
        this.send();
      }
      if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else waiting.resolve({ rows: reply.rows! });
    });
    const stopped = (error: Error) => {
      if (this.current === running) this.current = undefined;
      for (const waiting of pending.values()) waiting.reject(this.closed ?? error);
      pending.clear();
      this.send();
    };
    worker.on("error", stopped);
    worker.on("exit", (code) => stopped(new Error(`The SQLite read worker stopped (exit code ${code})`)));
    worker.unref();
    return running;
  }

  /**
   * Stops the worker (its handle closes with it) at the process's shutdown: the statements under
   * way and those still waiting are refused, as is any sent later.
   */
  async close(): Promise<void> {
    this.closed = new Error("The SQLite read side is closed");
    const worker = this.current?.worker;
    this.current = undefined;
    this.send();
    await worker?.terminate();
  }
}
