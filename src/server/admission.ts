import { RequestTimeoutError } from "../errors/errors";

/**
 * The most a light operation costs (a page or two of anything): 2.5% of MAX_QUERY_COST, 5,000 at
 * the default. Light operations never wait for admission, never take turns, and reach the pool
 * directly; heavier ones do all three. At 1% a page of 30 users with their departments (2,891)
 * and a project's gantt (4,653) were heavy: under load their objects' fields each waited for a
 * turn (a promise per object and the queue's drain: about a fifth of the bytes allocated under load)
 * and their statements queued for three quarters of the pool.
 */
export function lightCost(maxQueryCost: number): number {
  return Math.floor(maxQueryCost / 40);
}

/**
 * Admission by cost: the operations executing at once in this process may together cost at
 * most `capacity` (MAX_CONCURRENT_COST); an operation that does not fit waits, without using
 * the CPU, in arrival order until earlier ones finish, or until its own time budget runs out.
 * Operations costing at most `freeBelow` (a page or two of anything) never wait. Node runs
 * JavaScript on one thread, so heavy documents executed side by side only slow each other and
 * everyone else down; queuing them keeps the event loop free for the light requests.
 */
export class CostAdmission {
  private inUse = 0;
  private readonly waiting: Array<{ cost: number; admit: () => void }> = [];

  constructor(
    private readonly capacity: number,
    private readonly freeBelow: number,
  ) {}

  /**
   * Waits for room for `cost`; resolves with the function that gives it back (call it exactly
   * once). The wait ends with REQUEST_TIMEOUT when the request's signal aborts (read only when
   * the operation has to wait). Undefined for an operation that never waits (at most
   * `freeBelow`): it takes no room, and its caller goes on without awaiting anything.
   */
  acquire(cost: number, request?: { readonly signal: AbortSignal; budgetMs: number }): Promise<() => void> | undefined {
    if (cost <= this.freeBelow) return undefined;
    const weight = Math.min(cost, this.capacity);
    if (this.waiting.length === 0 && this.inUse + weight <= this.capacity) {
      this.inUse += weight;
      return Promise.resolve(this.releaser(weight));
    }
    const signal = request?.signal;
    return new Promise<() => void>((resolve, reject) => {
      const entry = {
        cost: weight,
        admit: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(this.releaser(weight));
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        this.drain();
        reject(new RequestTimeoutError(request?.budgetMs ?? 0));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Cost of the operations executing now, and how many wait (for metrics and tests). */
  stats(): { inUse: number; waiting: number } {
    return { inUse: this.inUse, waiting: this.waiting.length };
  }

  private releaser(weight: number): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= weight;
      this.drain();
    };
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.inUse + this.waiting[0].cost <= this.capacity) {
      const next = this.waiting.shift()!;
      this.inUse += next.cost;
      next.admit();
    }
  }
}
