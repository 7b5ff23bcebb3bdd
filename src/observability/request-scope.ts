import { randomUUID } from "node:crypto";
import { RequestTimeoutError } from "../errors/errors";

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
