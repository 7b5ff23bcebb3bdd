const tails = new Map<string, Promise<void>>();
const settled = () => undefined;

/**
 * Runs `task` after every task queued before it under the same key has settled, within this
 * process. Waiting happens here, in memory, instead of in the database: callers that would
 * only queue for the same row lock do not each hold a pooled connection while they wait.
 */
export function runSerially<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const result = previous.then(task);
  const tail = result.then(settled, settled);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}
