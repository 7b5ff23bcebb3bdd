import { randomUUID } from "node:crypto";
import { isObjectType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from "graphql";
import type { Db } from "../db/client";
import { RequestTimeoutError } from "../errors/errors";
import { nextTurn, turnExpired } from "./turns";

/**
 * What one HTTP request carries through the server: its id (for logs), its time budget and the
 * signal that fires when the budget runs out. Operations of one batched request share it.
 */
export interface RequestScope {
  id: string;
  /** performance.now() at arrival, for durations. */
  startedAt: number;
  /** Date.now() past which the request is abandoned. */
  deadline: number;
  budgetMs: number;
  /** Aborted when the budget runs out (or the server gives up on the request). */
  signal: AbortSignal;
  /** Rejects with a RequestTimeoutError when `signal` aborts; never settles otherwise. */
  expired: Promise<never>;
  /** Filled in by the GraphQL plugins, for the request's log line and metrics. */
  operations: Array<{ name: string; cost?: number; errorCodes: string[] }>;
  /** The authenticated caller's id, once known. */
  callerId?: string;
  /** Stops the budget's timer (the response is out). */
  finish(): void;
  /**
   * From a transaction's commit on, the deadline waits (returns the function that lets it go;
   * a committed mutation never lets go): a commit that began before the deadline is reported
   * as done, never as REQUEST_TIMEOUT.
   */
  holdDeadline(): () => void;
  /** Set by the HTTP layer: asks for the connection to close after this answer (shutdown). */
  closeConnectionAfter?: () => void;
  /** Gives up on the request now (the client went away, or shutdown ran out of time): as if its budget ran out. */
  cancel(): void;
}

/** A client's own request id is echoed when it looks like one (no control characters, bounded). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function createRequestScope(budgetMs: number, clientRequestId?: string): RequestScope {
  const controller = new AbortController();
  let reject!: (error: Error) => void;
  const expired = new Promise<never>((_, r) => (reject = r));
  // nobody may be listening when it fires (the response went out first): not an unhandled rejection
  expired.catch(() => undefined);
  let holds = 0;
  let expireWhenReleased = false;
  const expire = () => {
    if (controller.signal.aborted) return;
    if (holds > 0) {
      expireWhenReleased = true;
      return;
    }
    controller.abort();
    reject(new RequestTimeoutError(budgetMs));
  };
  const timer = setTimeout(expire, budgetMs);
  return {
    id: clientRequestId && REQUEST_ID.test(clientRequestId) ? clientRequestId : randomUUID(),
    startedAt: performance.now(),
    deadline: Date.now() + budgetMs,
    budgetMs,
    signal: controller.signal,
    expired,
    operations: [],
    finish: () => clearTimeout(timer),
    holdDeadline: () => {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0 && expireWhenReleased) setImmediate(expire); // after the commit's result is delivered
      };
    },
    cancel: () => {
      clearTimeout(timer);
      expire();
    },
  };
}

const WRAPPED = Symbol("deadline-aware resolver");



/**
 * Makes every resolver of `schema` give up when its request's budget runs out: a resolver that
 * starts after the deadline throws REQUEST_TIMEOUT at once, and one still waiting (on the
 * database, a loader) when the deadline passes is answered with REQUEST_TIMEOUT then, so the
 * whole response goes out at the deadline instead of whenever the slowest piece finishes.
 * Idempotent (tests build many servers on one schema).
 */
export function applyDeadlines(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve as (GraphQLFieldResolver<unknown, unknown> & { [WRAPPED]?: true }) | undefined;
      if (!resolve || resolve[WRAPPED]) continue;
      const run = (source: unknown, args: Record<string, unknown>, ctx: { request?: RequestScope }, info: GraphQLResolveInfo): unknown => {
        const scope = ctx?.request;
        if (scope?.signal.aborted) throw new RequestTimeoutError(scope.budgetMs);
        const result = resolve(source, args, ctx, info);
        if (scope && result instanceof Promise) return Promise.race([result, scope.expired]);
        return result;
      };
      const wrapped: GraphQLFieldResolver<unknown, { request?: RequestScope }> & { [WRAPPED]?: true } = (source, args, ctx, info) =>
        ctx?.request && turnExpired() ? nextTurn().then(() => run(source, args, ctx, info)) : run(source, args, ctx, info);
      wrapped[WRAPPED] = true;
      field.resolve = wrapped as GraphQLFieldResolver<unknown, unknown>;
    }
  }
}

type TransactionFn = (arg: unknown, options?: { timeout?: number; maxWait?: number; isolationLevel?: unknown }) => Promise<unknown>;

/**
 * The database client as one request sees it: every interactive transaction it opens gets the
 * request's remaining budget as its timeout, so Prisma rolls it back when the budget runs out
 * (whatever the service does, and on either database), and none opens once the budget is spent.
 * Everything else is the shared client itself.
 */
export function budgetedDb(db: Db, scope: RequestScope): Db {
  const transaction: TransactionFn = (arg, options) => {
    const $transaction = db.$transaction.bind(db) as unknown as TransactionFn;
    if (typeof arg !== "function") return $transaction(arg, options);
    const remaining = scope.deadline - Date.now();
    if (remaining <= 0 || scope.signal.aborted) return Promise.reject(new RequestTimeoutError(scope.budgetMs));
    const work = arg as (tx: unknown) => Promise<unknown>;
    let release: (() => void) | undefined;
    return $transaction(
      async (tx: unknown) => {
        const value = await work(tx);
        // work that ended after the deadline is not committed: the client was already told
        if (scope.signal.aborted || Date.now() >= scope.deadline) throw new RequestTimeoutError(scope.budgetMs);
        release = scope.holdDeadline();
        return value;
      },
      {
        ...options,
        timeout: Math.min(options?.timeout ?? Number.POSITIVE_INFINITY, remaining),
        // waiting for its turn (another transaction of this process on SQLite, another
        // process's write lock) may take the rest of the budget, never Prisma's 2 s default:
        // a wait that outlasts the budget is REQUEST_TIMEOUT below, not an internal error
        maxWait: Math.min(options?.maxWait ?? remaining, remaining),
      },
    ).then(
      // Committed: the request is now answered in full, whatever the clock says (the hold is
      // kept), so a client told REQUEST_TIMEOUT can rely on nothing having been written.
      (value) => value,
      (error: unknown) => {
        release?.();
        // Prisma's own timeout (the remaining budget) closed it: the same outcome as the deadline
        if (scope.signal.aborted || Date.now() >= scope.deadline) throw new RequestTimeoutError(scope.budgetMs);
        throw error;
      },
    );
  };
  // A statement not yet sent when the budget runs out is never sent: model methods
  // (`db.user.findMany`) and raw queries check the signal first. One already sent runs to its end.
  // A raw statement run for its effect ($executeRaw) outside a transaction commits by itself when
  // it ends (createInvoice's one statement on PostgreSQL): like a commit, the deadline waits for it
  // from its sending on, and for good once it succeeded, so REQUEST_TIMEOUT still means nothing was written.
  const guard = <F extends (...a: unknown[]) => unknown>(fn: F, self: unknown, commits = false) =>
    ((...args: unknown[]) => {
      const send = () => {
        if (scope.signal.aborted) return Promise.reject(new RequestTimeoutError(scope.budgetMs));
        if (!commits) return fn.apply(self, args);
        const release = scope.holdDeadline();
        return (fn.apply(self, args) as Promise<unknown>).catch((error: unknown) => {
          release();
          throw error;
        });
      };
      return turnExpired() ? nextTurn().then(send) : send();
    }) as F;
  const delegates = new Map<PropertyKey, unknown>();
  return new Proxy(db, {
    get(target, property) {
      if (property === "$transaction") return transaction;
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value === "function") {
        const bound = (value as (...a: unknown[]) => unknown).bind(target);
        return typeof property === "string" && property.startsWith("$") && /Raw/.test(property)
          ? guard(bound, undefined, property.startsWith("$executeRaw"))
          : bound;
      }
      if (typeof value === "object" && value !== null && typeof (value as { findMany?: unknown }).findMany === "function") {
        if (!delegates.has(property)) {
          delegates.set(
            property,
            new Proxy(value, {
              get(delegate, method) {
                const fn = Reflect.get(delegate, method, delegate) as unknown;
                return typeof fn === "function" ? guard(fn as (...a: unknown[]) => unknown, delegate) : fn;
              },
            }),
          );
        }
        return delegates.get(property);
      }
      return value;
    },
  });
}
