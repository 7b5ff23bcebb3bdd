/**
 * Cooperative turns. The SQLite driver is synchronous and promise chains never yield to the
 * event loop by themselves, so one heavy document could run for seconds without letting another
 * request in (measured: a trivial query waited 3-17 s behind heavy ones). Resolvers, and each
 * SQLite statement (see src/db/client.ts), check how long the current turn has run and, past
 * TURN_MS, continue on a later turn of the event loop (setImmediate), after pending I/O: other
 * requests get in between the chunks of a heavy one.
 */
const TURN_MS = 10;
let turnStarted = performance.now();

/** Whether the current turn has run past TURN_MS. */
export function turnExpired(): boolean {
  return performance.now() - turnStarted > TURN_MS;
}

/** Resolves on a later turn of the event loop, after pending I/O. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    setImmediate(() => {
      turnStarted = performance.now();
      resolve();
    }),
  );
}

/**
 * A driver adapter (or transaction) whose statements take turns: before each one, past TURN_MS,
 * wait for the next turn. Works on any object with `queryRaw`/`executeRaw`, and on the
 * transactions its `startTransaction` opens.
 */
export function takingTurns<T extends object>(adapter: T): T {
  return new Proxy(adapter, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      if (property === "queryRaw" || property === "executeRaw") {
        return async (...args: unknown[]) => {
          if (turnExpired()) await nextTurn();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (property === "startTransaction" || property === "connect") {
        return async (...args: unknown[]) => takingTurns((await (value as (...a: unknown[]) => Promise<object>).apply(target, args)) as object);
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
