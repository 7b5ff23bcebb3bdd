/**
 * Cooperative turns. The SQLite driver is synchronous and promise chains never yield to the
 * event loop by themselves, so one heavy document could run for seconds without letting another
 * request in (measured: a trivial query waited 3-17 s behind heavy ones). A heavy request (one
 * costing more than a light operation) takes turns: its resolvers of objects, each of its
 * statements (src/db/budget.ts, src/db/kysely.ts) and the writing of its answer
 * (src/server/result-budget.ts) check how long the current turn has run and, past TURN_MS,
 * continue on a later turn of the event loop (setImmediate), after pending I/O. Light requests
 * never wait for a turn: they run in between the slices of the heavy ones (measured: a light
 * query behind a heavy document that queued 88 pieces of work waited 2-5 s in the queue of turns
 * when it took turns too). The completion of objects is not cut into turns: graphql-js would then
 * hold every object of a wide answer half-done at once (measured: out of memory in 192 MB).
 */
const TURN_MS = 10;
let turnStarted = performance.now();

/** Whether the current turn has run past TURN_MS. */
export function turnExpired(): boolean {
  return performance.now() - turnStarted > TURN_MS;
}

let next: Promise<void> | undefined;

/**
 * Resolves on a later turn of the event loop, after pending I/O. Everything that waits for the
 * same next turn shares one promise (a burst of resolvers past the slice would otherwise queue
 * one timer each).
 */
export function nextTurn(): Promise<void> {
  next ??= new Promise((resolve) =>
    setImmediate(() => {
      turnStarted = performance.now();
      next = undefined;
      resolve();
    }),
  );
  return next;
}

/** Pieces of work waiting for a turn, first come first served (`head` is the next one). */
let queue: Array<() => void> = [];
let head = 0;
let draining = false;

/**
 * `work` now if the current turn has time left and nothing waits before it, else once its turn
 * comes: the pieces waiting run one after the other, each with its promise's continuations, while
 * a turn lasts; the rest wait for the next turn. Many pieces deferred at once (700 root fields of
 * one document) are so cut into slices instead of running back to back in one turn (measured:
 * 500 ms), at a constant cost per piece however long it waits.
 */
export function inTurn<T>(work: () => T | Promise<T>): T | Promise<T> {
  if (head === queue.length && !turnExpired()) return work();
  return new Promise<T>((resolve, reject) => {
    queue.push(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error);
      }
    });
    if (!draining) void drain();
  });
}

async function drain(): Promise<void> {
  draining = true;
  while (head < queue.length) {
    if (turnExpired()) await nextTurn();
    const piece = queue[head];
    queue[head] = undefined as never;
    head += 1;
    piece();
    // the piece's continuations run before the next piece starts
    await Promise.resolve();
  }
  // nothing of the pieces run stays referenced
  queue = [];
  head = 0;
  draining = false;
}
