/** Gives back what an admission took (call it exactly once). */
export type Release = () => void;

/** What one request holds of the gate: its statements in flight. */
export interface GateHolder {
  held: number;
}

/**
 * Fair shares of the PostgreSQL pool (its `size` connections). Heavy requests (documents past
 * the light threshold of the cost admission) reach the pool through this gate, one admission per
 * statement: together they hold at most `shared` connections and each at most `perRequest` of
 * them, in arrival order. Everything else (light requests, authentication, writes, probes) goes
 * to the pool directly, so the other connections (a quarter of the pool) are always left to it:
 * a light request never queues behind the statements of a heavy one (measured before: the aliases
 * of one document took every connection, and authentication then failed).
 */
export class StatementGate {
  /** Connections heavy requests may hold together. */
  private readonly shared: number;
  /** Connections one heavy request may hold at once. */
  private readonly perRequest: number;
  private inUse = 0;
  private readonly waiting: Array<{ holder: GateHolder; admit: () => void }> = [];

  constructor(size: number) {
    this.shared = size - (size >= 2 ? Math.max(1, Math.floor(size / 4)) : 0);
    this.perRequest = Math.max(1, Math.ceil(this.shared / 2));
  }

  /**
   * Waits until `holder` may send one more statement; resolves with its release. Rejects with
   * `reason()` when `signal` aborts first (the request was abandoned).
   */
  admit(holder: GateHolder, signal: AbortSignal, reason: () => Error): Promise<Release> {
    if (signal.aborted) return Promise.reject(reason());
    // nobody earlier that could go instead (a waiter at its own request's share is no reason to wait)
    if (this.fits(holder) && !this.waiting.some((w) => this.fits(w.holder))) return Promise.resolve(this.take(holder));
    return new Promise<Release>((resolve, reject) => {
      const entry = {
        holder,
        admit: () => {
          signal.removeEventListener("abort", onAbort);
          resolve(this.take(holder));
        },
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(reason());
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private fits(holder: GateHolder): boolean {
    return this.inUse < this.shared && holder.held < this.perRequest;
  }

  private take(holder: GateHolder): Release {
    this.inUse += 1;
    holder.held += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= 1;
      holder.held -= 1;
      this.drain();
    };
  }

  /** Admits the earliest waiters that fit; one at its own request's share lets later requests by. */
  private drain(): void {
    for (let i = 0; i < this.waiting.length && this.inUse < this.shared;) {
      const next = this.waiting[i];
      if (!this.fits(next.holder)) {
        i += 1;
        continue;
      }
      this.waiting.splice(i, 1);
      next.admit();
    }
  }
}
