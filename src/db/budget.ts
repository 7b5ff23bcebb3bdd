import { isPoolExhausted, type Db } from "./client";
import { RequestTimeoutError, ServiceUnavailableError } from "../errors/errors";
import { nextTurn, turnExpired } from "./turns";
import type { RequestScope } from "../observability/request-scope";
import type { StatementTracing } from "./statement-hook";

/** No free connection: the client may send the request again later, it is no server failure. */
const unavailable = (error: unknown): Promise<never> => Promise.reject(isPoolExhausted(error) ? new ServiceUnavailableError() : error);

type TransactionFn = (arg: unknown, options?: { timeout?: number; maxWait?: number; isolationLevel?: unknown }) => Promise<unknown>;

/**
 * The database client as one request sees it: every interactive transaction it opens gets the
 * request's remaining budget as its timeout, so Prisma rolls it back when the budget runs out
 * (whatever the service does, and on either database), and none opens once the budget is spent.
 * Everything else is the shared client itself.
 */
export function budgetedDb(db: Db, scope: RequestScope, tracing?: StatementTracing): Db {
  // a traced request's Prisma calls run where the driver adapter's statement hook finds the request
  const call = <T>(send: () => T): T => (tracing ? tracing.within(scope, send) : send());
  const transaction: TransactionFn = (arg, options) => {
    const $transaction = db.$transaction.bind(db) as unknown as TransactionFn;
    if (typeof arg !== "function") return call(() => $transaction(arg, options));
    const remaining = scope.deadline - Date.now();
    if (scope.stopped) return Promise.reject(scope.stopped);
    if (remaining <= 0) return Promise.reject(new RequestTimeoutError(scope.budgetMs));
    const work = arg as (tx: unknown) => Promise<unknown>;
    let release: (() => void) | undefined;
    // guarded: a transaction waiting (on a row lock, say) when the budget runs out is answered at
    // the deadline; Prisma still rolls it back on its connection (its timeout is the same budget).
    // From its commit on, the deadline is held: a commit is never given up.
    return scope.guard(
      call(() =>
        $transaction(
          async (tx: unknown) => {
            const value = await work(tx);
            // work that ended after the deadline is not committed: the client was already told
            if (scope.stopped) throw scope.stopped;
            if (Date.now() >= scope.deadline) throw new RequestTimeoutError(scope.budgetMs);
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
        ),
      ).catch((error: unknown) => {
        // Committed, the request is answered in full whatever the clock says (the hold is kept), so
        // a client told REQUEST_TIMEOUT can rely on nothing having been written. Not committed:
        release?.();
        // Prisma's own timeout (the remaining budget) closed it: the same outcome as the deadline
        if (scope.stopped) throw scope.stopped;
        if (Date.now() >= scope.deadline) throw new RequestTimeoutError(scope.budgetMs);
        return unavailable(error);
      }),
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
        if (scope.stopped) return Promise.reject(scope.stopped);
        if (commits) {
          const release = scope.holdDeadline();
          return call(() => fn.apply(self, args) as Promise<unknown>).catch((error: unknown) => {
            release();
            throw error;
          });
        }
        const sent = call(() => fn.apply(self, args));
        if (typeof (sent as PromiseLike<unknown> | undefined)?.then !== "function") return sent;
        return scope.guard((sent as Promise<unknown>).catch(unavailable));
      };
      // a heavy request's statements take turns (SQLite runs them synchronously)
      return scope.heavy && turnExpired() ? nextTurn().then(send) : send();
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
