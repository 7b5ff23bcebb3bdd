import { createMetrics } from "../src/observability/metrics";

/**
 * The operations' metrics as a scrape reads them: counts kept between scrapes are added to the
 * counter when it is collected, so every scrape shows the running totals.
 */
describe("operation metrics", () => {
  const metrics = () =>
    createMetrics(
      () => ({ total: 1, idle: 0, waiting: 0 }),
      () => ({ inUse: 0, waiting: 0 }),
    );
  const line = (text: string, series: string) => new RegExp(`^${series} (\\S+)$`, "m").exec(text)?.[1];

  it("counts operations by root field and outcome across scrapes", async () => {
    const { registry, observeOperation } = metrics();
    observeOperation("users", "ok", 0.002, 10);
    observeOperation("users", "ok", 0.02, 600);
    observeOperation("note", "NOT_FOUND", 0.001, undefined);
    let text = await registry.metrics();
    expect(line(text, 'graphql_requests_total\\{operation="users",outcome="ok"\\}')).toBe("2");
    expect(line(text, 'graphql_requests_total\\{operation="note",outcome="NOT_FOUND"\\}')).toBe("1");
    expect(line(text, 'graphql_request_duration_seconds_bucket\\{le="0.005",operation="users"\\}')).toBe("1");
    expect(line(text, 'graphql_request_duration_seconds_count\\{operation="users"\\}')).toBe("2");
    expect(line(text, 'graphql_query_cost_bucket\\{le="10",operation="users"\\}')).toBe("1");
    expect(line(text, 'graphql_query_cost_sum\\{operation="users"\\}')).toBe("610");
    // no cost observed for an operation without one
    expect(line(text, 'graphql_query_cost_count\\{operation="note"\\}')).toBeUndefined();

    observeOperation("users", "ok", 0.002, 10);
    observeOperation("users", "BAD_USER_INPUT", 0.002, 10);
    text = await registry.metrics();
    expect(line(text, 'graphql_requests_total\\{operation="users",outcome="ok"\\}')).toBe("3");
    expect(line(text, 'graphql_requests_total\\{operation="users",outcome="BAD_USER_INPUT"\\}')).toBe("1");
    expect(line(text, 'graphql_requests_total\\{operation="note",outcome="NOT_FOUND"\\}')).toBe("1");
    expect(line(text, 'graphql_request_duration_seconds_count\\{operation="users"\\}')).toBe("4");
    // a scrape with nothing new changes nothing
    expect(await registry.metrics()).toContain('graphql_requests_total{operation="users",outcome="ok"} 3\n');
  });
});
