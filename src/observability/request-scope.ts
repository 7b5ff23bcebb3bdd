import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { GraphQLError } from "graphql";
import { RequestTimeoutError, ResultTooLargeError } from "../errors/errors";

/** A client's own request id is echoed when it looks like one (no control characters, bounded). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** How many nodes pass between looks at the clock (see countNode). */
const CLOCK_EVERY = 1024;

/**
 * What one HTTP request carries through the server: its id (for logs), its time budget and the
 * signal that fires when the budget runs out. Operations of one batched request share it. A
 * class: its methods are shared, so a request allocates its fields and one timer, not a dozen
 * closures (the profile of `{ __typename }` counted them among the garbage every request leaves).
 */
export class RequestScope {
  readonly id: string;
  /** performance.now() at arrival, for durations. */
  readonly startedAt = performance.now();
  /** Date.now() past which the request is abandoned. */
  readonly deadline: number;
  /**
   * Why execution was abandoned (REQUEST_TIMEOUT, RESULT_TOO_LARGE), once it was: one error for
   * the whole request, which every resolver and every object still to complete throws at once,
   * so graphql-js unwinds without doing (or allocating) anything more.
   */
  stopped?: GraphQLError;
  /** The cost of the request's operations, priced at the door (costGuard); 0 until then. */
  cost = 0;
  /** A lone operation as the door priced it, for the complexity plugin to find its cost again. */
  priced?: { query: string; name?: string; variables?: unknown; cost: number };
  /**
   * Whether it costs more than a light operation (src/server/admission.ts): then it takes turns
   * for the event loop (src/db/turns.ts) and for PostgreSQL connections; light requests never wait.
   */
  heavy = false;
  /** The result budget: nodes spent and bytes answered so far, and their limits (MAX_RESULT_NODES, MAX_RESULT_BYTES). */
  readonly result: { nodes: number; bytes: number; maxNodes: number; maxBytes: number };
  /** Filled in by the GraphQL plugins, for the request's log line and metrics. */
  readonly operations: Array<{ name: string; cost?: number; errorCodes: string[] }> = [];
  /** The authenticated caller's id, once known. */
  callerId?: string;
  /** The request's trace id when tracing is on (src/server/tracing.ts), for its log line. */
  traceId?: string;
  /** The request's trace when tracing is on: what src/server/tracing.ts keeps for its spans (opaque elsewhere). */
  trace?: object;
  /** Set by the HTTP layer: the answer being prepared, for closeConnectionAfter. */
  answer?: { readonly headersSent: boolean; setHeader(name: string, value: string): unknown };
  /** The client's address (the peer of the connection), for what anonymous requests are counted by. */
  declare clientAddress?: string;
  /** Made on first use: only a request that waits (admission, its share of the pool) listens for the abort, and most never wait. */
  private controller?: AbortController;
  /**
   * The rejecters of the guarded work still pending (not a race with one long-lived promise,
   * which would keep a reaction for every resolver call until the request ends).
   */
  private waiting?: Set<(error: Error) => void>;
  private holds = 0;
  private expireWhenReleased = false;
  private readonly deadlines: Deadlines;

  /** `limits`: what the request may answer (MAX_RESULT_NODES, MAX_RESULT_BYTES); unlimited when absent. */
  constructor(
    readonly budgetMs: number,
    clientRequestId?: string,
    limits?: { maxNodes: number; maxBytes: number },
  ) {
    this.id = clientRequestId && REQUEST_ID.test(clientRequestId) ? clientRequestId : randomUUID();
    this.deadline = Date.now() + budgetMs;
    this.result = { nodes: 0, bytes: 0, maxNodes: limits?.maxNodes ?? Infinity, maxBytes: limits?.maxBytes ?? Infinity };
    let deadlines = queues.get(budgetMs);
    if (!deadlines) queues.set(budgetMs, (deadlines = new Deadlines()));
    this.deadlines = deadlines;
    deadlines.add(this);
  }

  /** Aborted when execution is abandoned: the budget ran out, the answer outgrew its budget, or the server gave up on the request. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      // every statement of a heavy request waiting for its share of the pool listens (and stops
      // listening once admitted): not a leak, however many wait
      setMaxListeners(0, this.controller.signal);
      if (this.stopped) this.controller.abort();
    }
    return this.controller.signal;
  }

  /**
   * `work` as the request waits for it: settled by `work`, or rejected with `stopped` as soon as
   * execution is abandoned, whichever comes first (statements are guarded: one that hangs is given
   * up at the deadline, and so is every resolver waiting on it). Keeps nothing once `work` settles.
   */
  guard<T>(work: Promise<T>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const waiting = (this.waiting ??= new Set());
    const guarded = new Promise<T>((resolve, reject) => {
      waiting.add(reject);
      work.then(
        (value) => {
          waiting.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          waiting.delete(reject);
          reject(error);
        },
      );
    });
    // statements are sent at once (Prisma's are lazy otherwise): one a service started but no
    // longer waits for (it gave up on the request first) must not end the process unhandled
    guarded.catch(() => undefined);
    return guarded;
  }

  /** Abandons execution with `error` (the first reason wins) and aborts `signal`. */
  stop(error: GraphQLError): void {
    if (this.stopped) return;
    // located (it has a path): graphql-js then passes this one instance on at every abandoned
    // position of the result, instead of wrapping it anew (and capturing a stack) at each
    (error as { path?: readonly unknown[] }).path ??= [];
    this.stopped = error;
    this.controller?.abort();
    for (const reject of this.waiting ?? []) reject(error);
    this.waiting?.clear();
  }

  /**
   * Spends one node of the result budget: an object completed (the cost model prices every
   * object at least 1, so an admitted document never runs out). Answers `stopped` once the request
   * is abandoned (this node one too many, or the time is up), else nothing.
   */
  countNode(): GraphQLError | undefined {
    if (!this.stopped) {
      const result = this.result;
      result.nodes += 1;
      if (result.nodes > result.maxNodes) this.stop(new ResultTooLargeError("nodes", result.maxNodes));
      // a synchronous list completion never lets the budget's timer run: look at the clock now and then
      else if (result.nodes % CLOCK_EVERY === 0 && Date.now() >= this.deadline) this.expire();
    }
    return this.stopped;
  }

  /** Stops the budget's timer (the response is out). */
  finish(): void {
    this.deadlines.delete(this);
  }

  /** Asks for the connection to close after this answer, unless its headers are out already (shutdown). */
  closeConnectionAfter(): void {
    if (this.answer && !this.answer.headersSent) this.answer.setHeader("Connection", "close");
  }

  /**
   * From a transaction's commit on, the deadline waits (returns the function that lets it go;
   * a committed mutation never lets go): a commit that began before the deadline is reported
   * as done, never as REQUEST_TIMEOUT.
   */
  holdDeadline(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && this.expireWhenReleased) setImmediate(expireScope, this); // after the commit's result is delivered
    };
  }

  /** Gives up on the request now (the client went away, or shutdown ran out of time): as if its budget ran out. */
  cancel(): void {
    this.deadlines.delete(this);
    this.expire();
  }

  /** The budget ran out: stop, unless a commit holds the deadline (then once it lets go). */
  expire(): void {
    if (this.stopped) return;
    if (this.holds > 0) {
      this.expireWhenReleased = true;
      return;
    }
    this.stop(new RequestTimeoutError(this.budgetMs));
  }
}

function expireScope(scope: RequestScope): void {
  scope.expire();
}

/**
 * The running scopes of one budget, in the order they began, which is the order their deadlines
 * come: one timer, set for the oldest one's deadline, serves them all. A timer per request
 * (made, inserted into Node's timer list, cancelled) was about 1% of the CPU of `{ __typename }`
 * (profiled); the shared one fires about once per budget under steady load. A scope that
 * finished early only leaves the queue; the timer, when it comes, moves on to the next one.
 */
class Deadlines {
  private readonly running = new Set<RequestScope>();
  private timer?: NodeJS.Timeout;

  add(scope: RequestScope): void {
    this.running.add(scope);
    if (!this.timer) this.arm(scope);
  }

  delete(scope: RequestScope): void {
    this.running.delete(scope);
  }

  /** Set for `oldest`'s deadline; unref'd: a request keeps the process alive by its connection, not its budget. */
  private arm(oldest: RequestScope): void {
    this.timer = setTimeout(fireDeadlines, Math.max(1, oldest.deadline - Date.now()), this);
    this.timer.unref();
  }

  fire(): void {
    this.timer = undefined;
    const now = Date.now();
    for (const scope of this.running) {
      if (scope.deadline > now) return this.arm(scope);
      this.running.delete(scope);
      scope.expire();
    }
  }
}

function fireDeadlines(deadlines: Deadlines): void {
  deadlines.fire();
}

/** One queue per budget (the server's requests share REQUEST_TIMEOUT_MS; tests use a few others). */
const queues = new Map<number, Deadlines>();
