import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { servedCopy, type ServedCopy } from "./support/served-copy";
import { startServer, waitFor, type ServerProcess } from "./support/server-process";
import { demoIds as d, TEST_ADMIN_TOKEN } from "./support/test-app";
import { onPostgres } from "./support/databases";
import { tracingRequested } from "../src/server/tracing";
import { prismaClient } from "../src/db/client";

/**
 * OpenTelemetry traces (issue 22, item 3) as an operator gets them: a real server configured only
 * by the standard OTEL_* variables exports over OTLP/HTTP to a collector, here a plain HTTP
 * server decoding the JSON encoding of OTLP. One query (continuing a caller's traceparent) and
 * one mutation are checked span by span: the server span, the GraphQL phases, a span per SQL
 * statement under execute without any value, the caller and the cost; the trace id in the
 * traceresponse header and in the request's log line.
 */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number; message?: string };
}

const received: ReceivedSpan[] = [];
const resources: Array<Record<string, unknown>> = [];
let collector: Server;
let copy: ServedCopy;
let server: ServerProcess;

/** An OTLP attribute value (`{ stringValue }`, `{ intValue }`, `{ arrayValue: { values } }`...) as plain JSON. */
function value(v: Record<string, any>): unknown {
  if ("stringValue" in v) return v.stringValue;
  if ("intValue" in v) return Number(v.intValue);
  if ("doubleValue" in v) return v.doubleValue;
  if ("boolValue" in v) return v.boolValue;
  if ("arrayValue" in v) return (v.arrayValue.values ?? []).map(value);
  return undefined;
}
const attributes = (list: Array<{ key: string; value: Record<string, any> }> = []) =>
  Object.fromEntries(list.map((a) => [a.key, value(a.value)]));

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces" && req.headers["content-type"]?.startsWith("application/json")) {
        for (const rs of JSON.parse(body).resourceSpans ?? []) {
          resources.push(attributes(rs.resource?.attributes));
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              received.push({
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId || undefined,
                name: s.name,
                kind: s.kind,
                attributes: attributes(s.attributes),
                status: s.status,
              });
            }
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  copy = await servedCopy();
  server = await startServer({
    ...copy.env,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "wm-under-test",
    // spans leave in batches; a short delay keeps the test short
    OTEL_BSP_SCHEDULE_DELAY: "100",
    AUTH_CACHE_TTL_MS: "0",
  });
  await server.ready();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await copy?.drop();
  await new Promise((resolve) => collector?.close(resolve));
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TEST_ADMIN_TOKEN}`, ...headers },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json()) as any };
}

/** The spans of one trace, once the server span (the root of what this server did) has arrived. */
async function traceOf(traceId: string): Promise<ReceivedSpan[]> {
  const spans = await waitFor(
    async () => {
      const spans = received.filter((s) => s.traceId === traceId);
      const root = spans.find((s) => s.kind === 2);
      // the server span ends last: once it is here, so is everything under it (one batch or earlier ones)
      return root ? spans : undefined;
    },
    20_000,
    `the spans of trace ${traceId}`,
  );
  return spans!;
}

/** The server's first JSON log line that `matches`, once it is written (lines go out within 100 ms). */
function logLine(matches: (line: Record<string, unknown>) => boolean, what: string): Promise<Record<string, unknown> | undefined> {
  return waitFor(
    async () =>
      server
        .output()
        .split("\n")
        .map((l) => (l.startsWith("{") ? (JSON.parse(l) as Record<string, unknown>) : {}))
        .find(matches),
    10_000,
    what,
  );
}

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
const system = onPostgres ? "postgresql" : "sqlite";

describe("traces over OTLP/HTTP, configured by OTEL_* only", () => {
  it("continues the caller's traceparent through a query: server span, parse, validate, execute, its SQL, no values", async () => {
    const callerTrace = randomBytes(16).toString("hex");
    const callerSpan = randomBytes(8).toString("hex");
    const needle = `needle${randomBytes(4).toString("hex")}`;
    const query =
      "query TracedUsers($search: String) { users(filter: { search: $search }, itemsPerPage: 5) { items { id } paginationInfo { totalCount } } }";
    const { response, body } = await post(
      { query, operationName: "TracedUsers", variables: { search: needle } },
      { traceparent: `00-${callerTrace}-${callerSpan}-01`, "x-request-id": "traced-query-1" },
    );
    expect(body.errors).toBeUndefined();
    // the trace goes on: same trace id, and the answer names the span that served it
    const traceresponse = response.headers.get("traceresponse") ?? "";
    expect(traceresponse).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));
    expect(response.headers.get("x-request-id")).toBe("traced-query-1");

    const spans = await traceOf(callerTrace);
    const root = spans.find((s) => s.kind === 2)!;
    expect(root.spanId).toBe(traceresponse.split("-")[2]);
    expect(root.parentSpanId).toBe(callerSpan);
    expect(root.name).toBe("POST /graphql");
    expect(root.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/graphql",
      "http.response.status_code": 200,
      "graphql.operation.name": "TracedUsers",
      "graphql.operation.type": "query",
      "enduser.id": d.adminUserId,
    });
    expect(root.attributes["graphql.cost"]).toBe(body.extensions.cost.requested);

    const phases = childrenOf(spans, root);
    const named = (name: string) => phases.find((s) => s.name === name)!;
    for (const name of ["graphql.parse", "graphql.validate", "graphql.execute"]) {
      expect(named(name)).toBeDefined();
      expect(named(name).attributes).toMatchObject({ "graphql.operation.name": "TracedUsers", "graphql.operation.type": "query" });
    }
    expect(named("graphql.execute").attributes["graphql.cost"]).toBe(body.extensions.cost.requested);
    // the token's look-up ran before the document was parsed: a statement of the request, under the server span
    expect(phases.some((s) => s.kind === 3 && s.attributes["db.system"] === system)).toBe(true);

    // the page and its count (one statement on either database): statements of the execution, with their text
    // and without the search value
    const statements = childrenOf(spans, named("graphql.execute"));
    expect(statements.length).toBe(1);
    for (const s of statements) {
      expect(s.kind).toBe(3); // CLIENT
      expect(s.attributes["db.system"]).toBe(system);
      expect(s.name).toBe("SELECT");
      expect(String(s.attributes["db.query.text"])).toMatch(/^\s*select /i);
    }
    expect(JSON.stringify(spans)).not.toContain(needle);
    expect(resources.some((r) => r["service.name"] === "wm-under-test")).toBe(true);
  });

  it("traces a mutation: a new trace, its writes under execute, no written value in any span", async () => {
    const name = `Traced ${randomBytes(4).toString("hex")}`;
    const { response, body } = await post({
      query: "mutation TracedShortcut($input: CreateShortcutInput!) { createShortcut(input: $input) { id name } }",
      variables: { input: { name, viewUrl: "/traced", isOpenedInNewTab: false } },
    });
    expect(body.errors).toBeUndefined();
    const [, traceId, spanId] = (response.headers.get("traceresponse") ?? "").split("-");
    const spans = await traceOf(traceId);
    const root = spans.find((s) => s.spanId === spanId)!;
    expect(root.parentSpanId).toBeUndefined();
    expect(root.attributes).toMatchObject({
      "graphql.operation.type": "mutation",
      "graphql.operation.name": "TracedShortcut",
      "enduser.id": d.adminUserId,
    });
    const execute = childrenOf(spans, root).find((s) => s.name === "graphql.execute")!;
    const writes = childrenOf(spans, execute);
    // the transaction's statements, each a span: BEGIN, the INSERT, COMMIT
    expect(writes.map((s) => s.name)).toEqual(expect.arrayContaining(["BEGIN", "INSERT", "COMMIT"]));
    expect(writes.every((s) => s.attributes["db.system"] === system)).toBe(true);
    expect(JSON.stringify(spans)).not.toContain(name);
    expect(JSON.stringify(spans)).not.toContain("/traced");
  });

  it("follows a write with an Idempotency-Key whole: its claim's statements are spans of the request", async () => {
    const { response, body } = await post(
      {
        query: "mutation KeyedShortcut($input: CreateShortcutInput!) { createShortcut(input: $input) { id } }",
        variables: { input: { name: `Keyed ${randomBytes(4).toString("hex")}`, viewUrl: "/keyed", isOpenedInNewTab: false } },
      },
      { "idempotency-key": `trace-${randomBytes(6).toString("hex")}` },
    );
    expect(body.errors).toBeUndefined();
    const [, traceId] = (response.headers.get("traceresponse") ?? "").split("-");
    const spans = await traceOf(traceId);
    // the claim (before execution) and the stored answer (after it), sent through the shared client
    const claims = spans.filter((s) => s.kind === 3 && /IdempotencyKey/.test(String(s.attributes["db.query.text"])));
    expect(claims.length).toBeGreaterThanOrEqual(2);
    const execute = spans.find((s) => s.name === "graphql.execute")!;
    expect(childrenOf(spans, execute).map((s) => s.name)).toEqual(expect.arrayContaining(["BEGIN", "INSERT", "COMMIT"]));
    // a read after the write: its statements still under its own execute (parented from the request, not a context)
    const after = await post({ query: "query After { users(itemsPerPage: 1) { items { id } } }" });
    const [, afterTrace] = (after.response.headers.get("traceresponse") ?? "").split("-");
    const afterSpans = await traceOf(afterTrace);
    const afterExecute = afterSpans.find((s) => s.name === "graphql.execute")!;
    expect(childrenOf(afterSpans, afterExecute).some((s) => s.name === "SELECT")).toBe(true);
  });

  it("marks a failed operation's spans, with its code and never its message; its log line carries the trace id", async () => {
    const { response, body } = await post(
      { query: "{ users(itemsPerPage: 1) { items { nope } } }" },
      { "x-request-id": "traced-failure-1" },
    );
    expect(body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    const [, traceId] = (response.headers.get("traceresponse") ?? "").split("-");
    const spans = await traceOf(traceId);
    const validate = spans.find((s) => s.name === "graphql.validate")!;
    expect(validate.status?.code).toBe(2); // ERROR
    expect(validate.attributes["error.type"]).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(spans.find((s) => s.kind === 2)!.attributes["graphql.error.codes"]).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
    expect(JSON.stringify(spans)).not.toContain("nope");
    // a failed request's line is written at the default level (a quick success's is not)
    const line = await logLine((l) => l.reqId === "traced-failure-1", "the failed request's log line");
    expect(line).toMatchObject({ level: "info", msg: "request", traceId, operations: [{ errorCodes: ["GRAPHQL_VALIDATION_FAILED"] }] });
  });

  it("traces a REST call like its GraphQL operation, and leaves the probes out", async () => {
    const response = await fetch(`${server.url}/user/users?itemsPerPage=1`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(response.status).toBe(200);
    const [, traceId] = (response.headers.get("traceresponse") ?? "").split("-");
    const spans = await traceOf(traceId);
    const root = spans.find((s) => s.kind === 2)!;
    expect(root.name).toBe("GET /user");
    expect(root.attributes["url.path"]).toBe("/user/users");
    expect(childrenOf(spans, root).map((s) => s.name)).toContain("graphql.execute");
    const probe = await fetch(`${server.url}/health`);
    expect(probe.headers.get("traceresponse")).toBeNull();
  });
});

describe("an unexpected failure of a traced request", () => {
  it("is logged with the request's trace id", async () => {
    // last of the server's tests: the copy loses a table
    const db = prismaClient({ url: copy.databaseUrl }).client;
    try {
      await db.$executeRawUnsafe(`DROP TABLE "Shortcut"`);
    } finally {
      await db.$disconnect();
    }
    const { response, body } = await post({
      query: 'mutation { createShortcut(input: { name: "x", viewUrl: "/", isOpenedInNewTab: false }) { id } }',
    });
    expect(body.errors[0].extensions.code).toBe("INTERNAL_SERVER_ERROR");
    const [, traceId] = (response.headers.get("traceresponse") ?? "").split("-");
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const line = await logLine((l) => l.msg === "unexpected error", "the error's log line");
    expect(line).toMatchObject({ level: "error", traceId });
    expect(line!.spanId).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("the default protocol", () => {
  it("is OTLP/HTTP protobuf, as the specification's default, to the same endpoint", async () => {
    const bodies: Array<{ type?: string; bytes: number }> = [];
    const sink = createServer((req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => {
        if (req.url === "/v1/traces") bodies.push({ type: req.headers["content-type"], bytes });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    const own = await startServer({
      ...copy.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`,
      OTEL_BSP_SCHEDULE_DELAY: "100",
    });
    try {
      await own.ready();
      const response = await fetch(`${own.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        body: JSON.stringify({ query: "{ users(itemsPerPage: 1) { items { id } } }" }),
      });
      expect(response.headers.get("traceresponse")).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      const sent = await waitFor(async () => bodies.find((b) => b.bytes > 0), 20_000, "a protobuf export");
      expect(sent!.type).toBe("application/x-protobuf");
    } finally {
      await own.stop();
      await new Promise((resolve) => sink.close(resolve));
    }
  }, 120_000);
});

describe("when traces are asked for", () => {
  it("only with an OTLP endpoint or exporter, never when disabled, and refuses what it cannot export", () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: "x" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: "otlp" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
    expect(() => tracingRequested({ OTEL_TRACES_EXPORTER: "zipkin" })).toThrow(/OTEL_TRACES_EXPORTER must be otlp or none/);
  });
});
