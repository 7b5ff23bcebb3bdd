import type { RequestScope } from "../observability/request-scope";

/**
 * Every SQL statement the server sends passes one of two places: Prisma's driver adapter (the
 * write side, transactions included) and the read side's driver (src/db/kysely.ts). A hook sees
 * each statement as it is sent: its text (values are always bound parameters, never part of it)
 * and `run`, which sends it and answers what the driver answers (a promise, or the value itself
 * for SQLite's synchronous reads). Tracing wraps each in a span (src/server/tracing.ts). Without
 * tracing nothing is wrapped.
 */
export type StatementHook = <T>(sql: string, run: () => T) => T;

/**
 * How tracing reaches the statements of a request (given to openDatabase, src/db/database.ts).
 * The read side is the request's own (its port): its statements are given their request
 * explicitly. Prisma's driver adapter is shared by every request: a statement it sends finds its
 * request only through the async context of the Prisma call that sent it, which `within` makes
 * (an AsyncLocalStorage, enabled only while such a call runs: its hooks cost on every promise of
 * the process, src/server/tracing.ts).
 */
export interface StatementTracing {
  /** The hook of one request's read-side statements; undefined when the request is not traced. */
  forRequest(scope: RequestScope): StatementHook | undefined;
  /** The hook installed in Prisma's driver adapter: a statement of the Prisma call `within` runs, else none. */
  adapter: StatementHook;
  /** Runs one Prisma call (or any work sending through the shared client) of request `scope`, so that the adapter's statements find it. */
  within<T>(scope: RequestScope, call: () => T): T;
}

/**
 * `target` with `members` in place of its own, everything else read from it (its methods bound to
 * it, once each: the write path reads them on every statement): how the driver adapters are
 * wrapped, through their public API only.
 */
export function withMembers<T extends object>(target: T, members: Record<string, unknown>): T {
  const bound = new WeakMap<(...a: unknown[]) => unknown, unknown>();
  return new Proxy(target, {
    get(t, property) {
      if (Object.hasOwn(members, property)) return members[property as string];
      const value = Reflect.get(t, property, t) as unknown;
      if (typeof value !== "function") return value;
      const method = value as (...a: unknown[]) => unknown;
      if (!bound.has(method)) bound.set(method, method.bind(t));
      return bound.get(method);
    },
  });
}

/** An adapter or transaction whose queryRaw/executeRaw go through `hook`; startTransaction (its BEGIN) too. */
function hookQueries<Q extends object>(target: Q, hook: StatementHook): Q {
  const queries = target as unknown as Record<"queryRaw" | "executeRaw", (query: { sql: string }) => Promise<unknown>> & {
    startTransaction(...args: unknown[]): Promise<object>;
  };
  return withMembers(target, {
    queryRaw: (query: { sql: string }) => hook(query.sql, () => queries.queryRaw(query)),
    executeRaw: (query: { sql: string }) => hook(query.sql, () => queries.executeRaw(query)),
    // the adapter sends BEGIN itself (and the engine COMMIT or ROLLBACK through executeRaw)
    startTransaction: (...args: unknown[]) => hook("BEGIN", () => queries.startTransaction(...args)).then((tx) => hookQueries(tx, hook)),
  });
}

/** A Prisma driver adapter factory whose adapters send every statement through `hook`. */
export function hookedAdapter<F extends { connect(): Promise<object> }>(factory: F, hook: StatementHook): F {
  return withMembers(factory, { connect: async () => hookQueries(await factory.connect(), hook) });
}
