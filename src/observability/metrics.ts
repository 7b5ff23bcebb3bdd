import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** What the pool gauge reads: connections open, idle, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Prometheus metrics (prom-client) of one server, in a registry of its own so several servers in
 * one process (tests) do not collide. The operation label is the root field selected (bounded by
 * the schema), never the client-chosen operation name; the outcome is `ok` or the error code.
 * The default process metrics include the event-loop lag (`nodejs_eventloop_lag_seconds` and its
 * percentiles).
 */
export function createMetrics(poolStats: () => PoolStats, admissionStats: () => { inUse: number; waiting: number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // counted in plain numbers and handed to prom-client when scraped (its documented collect hook):
  // Counter.inc validates and hashes its labels on every call, and this runs on every operation
  new Counter({
    name: "graphql_requests_total",
    help: "GraphQL operations answered, by root field and outcome (ok or the first error code).",
    labelNames: ["operation", "outcome"],
    registers: [registry],
    collect() {
      for (const { outcomes } of byOperation.values()) {
        for (const series of outcomes.values()) {
          if (series.count === 0) continue;
          this.inc(series.labels, series.count);
          series.count = 0;
        }
      }
    },
  });
  const perOperation = (name: string, help: string, buckets: number[]) =>
    new Histogram({ name, help, labelNames: ["operation"], buckets, registers: [registry] });
  const duration = perOperation(
    "graphql_request_duration_seconds",
    "Time from arrival to answer of GraphQL operations, by root field.",
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const cost = perOperation(
    "graphql_query_cost",
    "Computed cost of the GraphQL operations admitted or refused (see README, Limits).",
    [10, 50, 100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 1_000_000],
  );
  const refusals = new Counter({
    name: "http_requests_refused_total",
    help: "HTTP requests refused before GraphQL ran, by reason.",
    labelNames: ["reason"],
    registers: [registry],
  });
  // one unit per metric (Prometheus naming): connections, requests, cost and operations are
  // separate gauges, and the states of a labelled one add up to something (open connections)
  new Gauge({
    name: "db_pool_connections",
    help: "Open database connections, in use or idle (they add up to the open connections; SQLite: one embedded connection, in use).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = poolStats();
      this.set({ state: "in_use" }, stats.total - stats.idle);
      this.set({ state: "idle" }, stats.idle);
    },
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge("db_pool_requests_waiting", "Database requests waiting for a free pool connection.", () => poolStats().waiting);
  gauge(
    "graphql_cost_in_use",
    "Cost of the GraphQL operations executing now (at most MAX_CONCURRENT_COST; see README, Limits).",
    () => admissionStats().inUse,
  );
  gauge(
    "graphql_operations_waiting",
    "GraphQL operations waiting for their turn to execute (their cost does not fit in MAX_CONCURRENT_COST now).",
    () => admissionStats().waiting,
  );
  // per operation label (the schema's root fields bound them, and the error codes the outcomes):
  // its histograms' series and its outcomes' counts, found again rather than made on every operation
  const byOperation = new Map<string, Operation>();
  return {
    registry,
    /** One finished GraphQL operation: its label (root field), outcome (ok or an error code), duration and cost. */
    observeOperation(operation: string, outcome: string, seconds: number, requestCost: number | undefined): void {
      let series = byOperation.get(operation);
      if (!series) {
        series = { duration: duration.labels({ operation }), cost: cost.labels({ operation }), outcomes: new Map() };
        byOperation.set(operation, series);
      }
      let count = series.outcomes.get(outcome);
      if (!count) {
        count = { labels: { operation, outcome }, count: 0 };
        series.outcomes.set(outcome, count);
      }
      count.count += 1;
      series.duration.observe(seconds);
      if (requestCost !== undefined) series.cost.observe(requestCost);
    },
    /** One HTTP request refused before GraphQL ran (malformed JSON, too large, shutting down...). */
    observeRefusal(reason: string): void {
      refusals.inc({ reason });
    },
  };
}

/** Operations answered with one label pair since the last scrape. */
interface Answered {
  readonly labels: { operation: string; outcome: string };
  count: number;
}

interface Operation {
  readonly duration: { observe(value: number): void };
  readonly cost: { observe(value: number): void };
  readonly outcomes: Map<string, Answered>;
}
