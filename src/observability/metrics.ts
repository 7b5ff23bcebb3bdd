import { collectDefaultMetrics, Counter, Gauge, type Histogram, Registry } from "prom-client";

/** What the pool gauge reads: connections open, idle, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  registry: Registry;
  /** One finished GraphQL operation: its label (root field), outcome (ok or an error code), duration and cost. */
  observeOperation(operation: string, outcome: string, seconds: number, cost: number | undefined): void;
  /** One HTTP request refused before GraphQL ran (malformed JSON, too large, shutting down...). */
  observeRefusal(outcome: string): void;
}

/**
 * Prometheus metrics (prom-client) of one server, in a registry of its own so several servers in
 * one process (tests) do not collide. The operation label is the root field selected (bounded by
 * the schema), never the client-chosen operation name; the outcome is `ok` or the error code.
 * The default process metrics include the event-loop lag (`nodejs_eventloop_lag_seconds` and its
 * percentiles).
 */
export function createMetrics(poolStats: () => PoolStats, admissionStats: () => { inUse: number; waiting: number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // counted here and added to the counter when it is read (a scrape): prom-client's `inc`
  // validates and hashes its labels on every call (see LabelledHistogram)
  const answered = new Map<string, { labels: { operation: string; outcome: string }; count: number }>();
  new Counter({
    name: "graphql_requests_total",
    help: "GraphQL operations answered, by root field and outcome (ok or the first error code).",
    labelNames: ["operation", "outcome"],
    registers: [registry],
    collect() {
      for (const { labels, count } of answered.values()) this.inc(labels, count);
      answered.clear();
    },
  });
  const duration = new LabelledHistogram(
    registry,
    "graphql_request_duration_seconds",
    "Time from arrival to answer of GraphQL operations, by root field.",
    "operation",
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const cost = new LabelledHistogram(
    registry,
    "graphql_query_cost",
    "Computed cost of the GraphQL operations admitted or refused (see README, Limits).",
    "operation",
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
  new Gauge({
    name: "db_pool_requests_waiting",
    help: "Database requests waiting for a free pool connection.",
    registers: [registry],
    collect() {
      this.set(poolStats().waiting);
    },
  });
  new Gauge({
    name: "graphql_cost_in_use",
    help: "Cost of the GraphQL operations executing now (at most MAX_CONCURRENT_COST; see README, Limits).",
    registers: [registry],
    collect() {
      this.set(admissionStats().inUse);
    },
  });
  new Gauge({
    name: "graphql_operations_waiting",
    help: "GraphQL operations waiting for their turn to execute (their cost does not fit in MAX_CONCURRENT_COST now).",
    registers: [registry],
    collect() {
      this.set(admissionStats().waiting);
    },
  });
  return {
    registry,
    observeOperation(operation, outcome, seconds, requestCost) {
      // in the order each pair first came, as the counter lists them
      const key = `${operation} ${outcome}`;
      const counted = answered.get(key);
      if (counted) counted.count += 1;
      else answered.set(key, { labels: { operation, outcome }, count: 1 });
      duration.observe(operation, seconds);
      if (requestCost !== undefined) cost.observe(operation, requestCost);
    },
    observeRefusal(reason) {
      refusals.inc({ reason });
    },
  };
}

/**
 * A histogram by one label, exposed as prom-client's Histogram exposes one (the same lines in the
 * same order: per label value, in the order the values first came, its cumulative buckets, `+Inf`,
 * `_sum` and `_count`), observed with a Map look-up and three additions: prom-client's `observe`
 * validates and hashes its labels on every call, and its two histograms and the counter were 2-3%
 * of the CPU of `{ __typename }` (profiled; 0.6-1.2 µs a call). The registry only asks a metric
 * for its values (`get`).
 */
class LabelledHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, { buckets: number[]; sum: number; count: number }>();

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    private readonly label: string,
    private readonly bounds: readonly number[],
  ) {
    registry.registerMetric(this as unknown as Histogram);
  }

  observe(labelValue: string, value: number): void {
    let series = this.series.get(labelValue);
    if (!series) this.series.set(labelValue, (series = { buckets: this.bounds.map(() => 0), sum: 0, count: 0 }));
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        series.buckets[i] += 1;
        break;
      }
    }
    series.sum += value;
    series.count += 1;
  }

  async get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    const bucket = `${this.name}_bucket`;
    for (const [labelValue, { buckets, sum, count }] of this.series) {
      const labels = { [this.label]: labelValue };
      let below = 0;
      this.bounds.forEach((le, i) => values.push({ labels: { le, ...labels }, value: (below += buckets[i]), metricName: bucket }));
      values.push(
        { labels: { le: "+Inf", ...labels }, value: count, metricName: bucket },
        { labels, value: sum, metricName: `${this.name}_sum` },
        { labels, value: count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
