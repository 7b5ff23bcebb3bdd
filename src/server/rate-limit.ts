import {
  type ApolloServerPlugin,
  type GraphQLRequestContextResponseForOperation,
  type GraphQLRequestContextWillSendResponse,
  type GraphQLRequestListener,
  type GraphQLResponse,
} from "@apollo/server";
import type { Context } from "../context";
import { ErrorCode, singleResponse } from "../errors/errors";
import { costOf } from "./plugins";

/** A caller's budget after a charge, as answers report it. */
export interface BudgetState {
  /** Points per minute, and what a full bucket holds (RATE_LIMIT_COST_PER_MINUTE). */
  limit: number;
  /** Points left now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  reset: number;
}

export type Charge = { allowed: true; budget: BudgetState } | { allowed: false; budget: BudgetState; retryAfter: number };

interface Bucket {
  points: number;
  /** performance.now() when `points` was last brought up to date */
  at: number;
}

/**
 * One points bucket per caller, refilled continuously at `perMinute` points a minute up to
 * `perMinute` (a token bucket: bursts up to a minute's budget, then the refill rate). An
 * operation is charged its computed cost when the bucket holds that much; one costing more
 * than a whole bucket runs when the bucket is full and leaves it in debt, so a caller may still
 * send the dearest document MAX_QUERY_COST admits, at the refill rate. The state lives in this
 * process (see the README, Rate limits).
 */
export class CostBuckets {
  private readonly buckets = new Map<string, Bucket>();
  /** points per millisecond */
  private readonly rate: number;
  private sweepAt = 10_000;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.rate = perMinute / 60_000;
  }

  charge(caller: string, cost: number): Charge {
    const now = this.now();
    const bucket = this.buckets.get(caller) ?? { points: this.perMinute, at: now };
    bucket.points = Math.min(this.perMinute, bucket.points + (now - bucket.at) * this.rate);
    bucket.at = now;
    this.buckets.set(caller, bucket);
    const needed = Math.min(cost, this.perMinute);
    if (bucket.points < needed) {
      return { allowed: false, budget: this.state(bucket), retryAfter: Math.max(1, this.secondsToRefill(needed - bucket.points)) };
    }
    bucket.points -= cost;
    this.sweep(now);
    return { allowed: true, budget: this.state(bucket) };
  }

  private state(bucket: Bucket): BudgetState {
    return {
      limit: this.perMinute,
      remaining: Math.max(0, Math.floor(bucket.points)),
      reset: this.secondsToRefill(this.perMinute - bucket.points),
    };
  }

  /** Whole seconds the refill takes to add `points`. */
  private secondsToRefill(points: number): number {
    return Math.ceil((points * 60) / this.perMinute);
  }

  /** Forgets the buckets that are full again (they read as new ones), once there are many: memory stays bounded by the callers of the last minute. */
  private sweep(now: number): void {
    if (this.buckets.size < this.sweepAt) return;
    for (const [caller, bucket] of this.buckets) {
      if (bucket.points + (now - bucket.at) * this.rate >= this.perMinute) this.buckets.delete(caller);
    }
    this.sweepAt = Math.max(10_000, 2 * this.buckets.size);
  }
}

/**
 * Cost-based rate limits per caller (RATE_LIMIT_COST_PER_MINUTE): every operation admitted to
 * run is charged its computed cost (src/server/cost.ts; REST requests run GraphQL documents and
 * are charged alike) to its caller's bucket: the token's user, or for anonymous operations (only
 * introspection and `_service` run without a token) the client's address. Every charged answer
 * carries the budget in `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (the IETF
 * draft's headers) and in `extensions.cost.budget`; an operation the bucket cannot pay is
 * answered HTTP 429 RATE_LIMITED with `Retry-After` and runs not at all.
 */
export function rateLimitPlugin(buckets: CostBuckets): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return new RateLimitedRequest(buckets);
    },
  };
}

/** One request under the rate limit (a class: its hooks are shared methods, not closures per request). */
class RateLimitedRequest implements GraphQLRequestListener<Context> {
  private charge?: Charge;

  constructor(private readonly buckets: CostBuckets) {}

  async responseForOperation({
    request,
    contextValue,
  }: GraphQLRequestContextResponseForOperation<Context>): Promise<GraphQLResponse | null> {
    const caller = contextValue.viewer ? `user:${contextValue.viewer.id}` : `address:${contextValue.request?.clientAddress ?? "unknown"}`;
    // every operation costs the server something: at least one point
    const cost = Math.max(1, costOf(request) ?? 1);
    const charge = (this.charge = this.buckets.charge(caller, cost));
    if (charge.allowed) return null;
    const { budget, retryAfter } = charge;
    const message = `Rate limit: this operation costs ${cost} points and ${budget.remaining} of your ${budget.limit} per minute are left; send it again in ${retryAfter} s.`;
    return singleResponse(429, { errors: [{ message, extensions: { code: ErrorCode.RATE_LIMITED, retryAfter } }] }, [
      ["retry-after", String(retryAfter)],
    ]);
  }

  async willSendResponse({ response }: GraphQLRequestContextWillSendResponse<Context>): Promise<void> {
    if (!this.charge) return;
    const { budget } = this.charge;
    // RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset: the budget's three figures
    for (const [name, value] of Object.entries(budget)) response.http.headers.set(`ratelimit-${name}`, String(value));
    if (response.body.kind !== "single") return;
    const result = response.body.singleResult;
    // beside the price the complexity plugin states (`requested`, `limit`)
    const cost = (result.extensions?.cost ?? {}) as Record<string, unknown>;
    result.extensions = { ...result.extensions, cost: { ...cost, budget } };
  }
}
