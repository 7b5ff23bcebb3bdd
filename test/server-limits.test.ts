import { connect, type Socket } from "node:net";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { demoIds, TEST_ADMIN_TOKEN } from "./support/test-app";
import { startServer, type ServerProcess } from "./support/server-process";
import { servedCopy, type ServedCopy } from "./support/served-copy";
import { STATEMENT_COST } from "../src/server/cost";
import { MAX_CORRECTIONS } from "../src/domain/list-cost";

/**
 * Issue 9 against a real server process (`src/main.ts`, NODE_ENV=production as `npm start` runs
 * it) over real HTTP: the two reproducers refused in under 100 ms, HTTP hygiene (JSON errors,
 * headers, slow clients, the connection cap), the request log, the metrics and probes, and the
 * event loop staying responsive under the heaviest admitted document.
 */
jest.setTimeout(180_000);

const HEADERS_TIMEOUT_MS = 1_500;
const BODY_TIMEOUT_MS = 2_500;
const MAX_CONNECTIONS = 40;
const MAX_QUERY_COST = 200_000; // the default

let copy: ServedCopy;
let server: ServerProcess;
let url: string;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  copy = await servedCopy();
  // every limit at its default
  server = await startServer({ ...copy.env, NODE_ENV: "production" });
  await server.ready();
  url = server.url;
});

afterAll(async () => {
  if (process.env.SHOW_SERVER_OUTPUT)
    console.log(
      server
        ?.output()
        .split("\n")
        .filter((l) => l.includes("__typename") || !l.includes('"msg":"request"'))
        .slice(-30)
        .join("\n"),
    );
  const code = await server?.stop();
  await copy?.drop();
  expect(code).toBe(0);
});

async function post(body: unknown, headers: Record<string, string> = bearer(TEST_ADMIN_TOKEN)) {
  const started = performance.now();
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  }).catch((e: Error) => {
    throw new Error(
      `fetch failed after ${(performance.now() - started).toFixed(0)} ms: ${String((e.cause as Error)?.message ?? e.message)}`,
    );
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`HTTP ${response.status} without a JSON body: ${JSON.stringify(text.slice(0, 200))}`);
  }
  return { status: response.status, headers: response.headers, text, json, ms: performance.now() - started };
}

/** The JSON log lines the server printed after `mark` characters of output. */
function logLinesSince(mark: number): Array<Record<string, any>> {
  return server
    .output()
    .slice(mark)
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, any>);
}

async function waitForLog(mark: number, predicate: (line: Record<string, any>) => boolean): Promise<Record<string, any>[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const lines = logLinesSince(mark).filter(predicate);
    if (lines.length > 0 || Date.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The first of up to eight tries (each a distinct document, so no cache helps) that is under
 * 100 ms, else the quickest: the machines these tests run on are shared (two jest workers on two
 * cores), and a try can lose its core to another process; a refusal that does real work fails all.
 */
async function quickest<T extends { ms: number }>(attempt: (n: number) => Promise<T>): Promise<T> {
  let best: T | undefined;
  for (let n = 0; n < 8; n++) {
    const r = await attempt(n);
    if (!best || r.ms < best.ms) best = r;
    if (r.ms < 100) break;
  }
  return best!;
}

describe("the issue's reproducers, refused before execution", () => {
  it("1,000 aliases of vacations(pagination: false): 400 QUERY_TOO_COMPLEX with cost and limit, in under 100 ms", async () => {
    const aliases = (prefix: string) =>
      `{ ${Array.from({ length: 1000 }, (_, i) => `${prefix}${i}: vacations(pagination: false) { items { id } }`).join(" ")} }`;
    // the same shape once first (connection, JIT); distinct aliases, so nothing is cached for the measured one
    await post({ query: aliases("warm") });
    const r = await quickest((n) => post({ query: aliases(`a${n}_`) }));
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      {
        message: expect.stringContaining(`limit is ${MAX_QUERY_COST}`),
        extensions: { code: "QUERY_TOO_COMPLEX", cost: 1000 * (2001 + STATEMENT_COST), limit: MAX_QUERY_COST },
      },
    ]);
    console.log(`1,000 aliases refused in ${r.ms.toFixed(1)} ms`);
    expect(r.ms).toBeLessThan(100);
  });

  it("corrects { invoice { corrects ... } } 12 levels deep through _entities with every correction an invoice takes, as an ordinary user: in under 100 ms", async () => {
    for (let refused = false; !refused;) {
      const created = await post({
        query: `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`,
        variables: { input: { invoiceType: "Kor", invoice: demoIds.invoiceId, fileGeneratedLanguage: "pl", items: [] } },
      });
      refused = created.json.errors !== undefined;
    }
    const representations = [{ __typename: "Invoice", id: demoIds.invoiceId }];
    const nest = (leaf: string) => {
      let nested = leaf;
      for (let i = 0; i < 6; i++) nested = `corrects { invoice { ${nested} } }`;
      return `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Invoice { ${nested} } } }`;
    };
    const count = await post({
      query: `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Invoice { corrects { id } } } }`,
      variables: { r: representations },
    });
    expect(count.json.data._entities[0].corrects).toHaveLength(MAX_CORRECTIONS);

    await post({ query: nest("no"), variables: { r: representations } }, bearer(copy.userToken)); // warm-up, as above
    const leaves = ["id", "isDraft", "grossAmount"];
    const r = await quickest((n) => post({ query: nest(leaves[n]), variables: { r: representations } }, bearer(copy.userToken)));
    expect(r.status).toBe(400);
    expect(r.json.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX", cost: expect.any(Number), limit: MAX_QUERY_COST });
    // each `corrects` counts its cap (10) of items: 10^6 and more
    expect(r.json.errors[0].extensions.cost).toBeGreaterThan(10 ** 6);
    console.log(`nested corrects refused in ${r.ms.toFixed(1)} ms`);
    expect(r.ms).toBeLessThan(100);
  });

  it("answers every request-level refusal with 4xx: too deep, too wide, unauthenticated", async () => {
    let deep = "name";
    for (let i = 0; i < 25; i++) deep = `ofType { ${deep} }`;
    expect((await post({ query: `{ __schema { types { fields { type { ${deep} } } } } }` })).status).toBe(400);
    expect((await post({ query: `{ ${Array.from({ length: 6000 }, (_, i) => `a${i}: __typename`).join(" ")} }` })).status).toBe(400);
    expect((await post({ query: `{ users { items { id } } }` }, { accept: "application/graphql-response+json" })).status).toBe(401);
  });
});

describe("HTTP hygiene", () => {
  it("answers malformed JSON with 400 and oversized bodies with 413, as GraphQL-style JSON, each logged as one line without the body", async () => {
    const mark = server.output().length;
    const malformed = await post(`{"query": "{ __typename }", "variables": {"secret": "SECRET-BODY-1"`, {
      ...bearer(TEST_ADMIN_TOKEN),
      "x-request-id": "malformed-1",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("content-type")).toMatch(/^application\/json/);
    expect(malformed.json).toEqual({ errors: [{ message: "The request body is not valid JSON.", extensions: { code: "BAD_REQUEST" } }] });

    const big = await post(
      { query: "{ __typename }", variables: { pad: "SECRET-BODY-2".repeat(100_000) } },
      { ...bearer(TEST_ADMIN_TOKEN), "x-request-id": "oversized-1" },
    );
    expect(big.status).toBe(413);
    expect(big.json.errors[0].extensions).toEqual({ code: "PAYLOAD_TOO_LARGE" });

    const lines = await waitForLog(mark, (l) => l.reqId === "oversized-1");
    const forMalformed = logLinesSince(mark).filter((l) => l.reqId === "malformed-1");
    expect(forMalformed).toHaveLength(1);
    expect(forMalformed[0]).toMatchObject({ status: 400, errorCode: "BAD_REQUEST", path: "/graphql" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 413, errorCode: "PAYLOAD_TOO_LARGE" });
    const output = server.output().slice(mark);
    expect(output).not.toContain("SECRET-BODY");
    expect(output).not.toContain(TEST_ADMIN_TOKEN);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("marks API answers nosniff and no-store, and gives each request an id", async () => {
    for (const path of ["/graphql", "/health", "/metrics"]) {
      const response =
        path === "/graphql"
          ? await fetch(`${url}${path}`, {
              method: "POST",
              headers: { "content-type": "application/json", ...bearer(TEST_ADMIN_TOKEN) },
              body: `{"query":"{ __typename }"}`,
            })
          : await fetch(`${url}${path}`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      await response.arrayBuffer();
    }
    const echoed = await post({ query: "{ __typename }" }, { ...bearer(TEST_ADMIN_TOKEN), "x-request-id": "client-chosen.id-1" });
    expect(echoed.headers.get("x-request-id")).toBe("client-chosen.id-1");
    const refused = await post({ query: "{ __typename }" }, { ...bearer(TEST_ADMIN_TOKEN), "x-request-id": "no spaces or\tcontrols" });
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs a structured line for a failed GraphQL request: request id, operation, duration, caller, error codes, cost; never the token", async () => {
    // (a quick success has its line at debug: test/logging.test.ts)
    const mark = server.output().length;
    await post({ query: `{ note(id: "${demoIds.projectId}") { id } }` }, { ...bearer(copy.userToken), "x-request-id": "log-err-1" });
    const [failed] = await waitForLog(mark, (l) => l.reqId === "log-err-1");
    expect(failed).toMatchObject({
      level: "info",
      msg: "request",
      method: "POST",
      path: "/graphql",
      status: 200,
      durationMs: expect.any(Number),
      callerId: demoIds.userId,
      operations: [{ name: "note", cost: expect.any(Number), errorCodes: ["NOT_FOUND"] }],
    });
    expect(server.output()).not.toContain(copy.userToken);
  });
});

describe("probes and metrics", () => {
  it("answers /health, /health/live and /health/ready", async () => {
    for (const path of ["/health", "/health/ready"]) {
      const r = await fetch(`${url}${path}`);
      expect([path, r.status, await r.json()]).toEqual([path, 200, { status: "ok", database: "up" }]);
    }
    const live = await fetch(`${url}/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { status: "ok" }]);
  });

  it("exposes Prometheus metrics: requests by operation and outcome, latency, cost, pool use, event-loop lag", async () => {
    await post({ query: `{ users(itemsPerPage: 1) { items { id } } }` });
    await post({ query: `{ note(id: "${demoIds.projectId}") { id } }` });
    const response = await fetch(`${url}/metrics`);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^graphql_requests_total\{operation="users",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^graphql_requests_total\{operation="note",outcome="NOT_FOUND"\} [1-9]/m);
    expect(text).toMatch(/^graphql_requests_total\{operation="[^"]*",outcome="QUERY_TOO_COMPLEX"\} [1-9]/m);
    expect(text).toMatch(/^graphql_request_duration_seconds_bucket\{le="0.1",operation="users"\} [1-9]/m);
    expect(text).toMatch(/^graphql_query_cost_bucket\{le="\+Inf",operation="users"\} [1-9]/m);
    const gauge = (line: RegExp) => Number(line.exec(text)?.[1] ?? NaN);
    expect(gauge(/^db_pool_connections\{state="in_use"\} (\d+)$/m) + gauge(/^db_pool_connections\{state="idle"\} (\d+)$/m)).toBeGreaterThan(
      0,
    );
    expect(gauge(/^db_pool_requests_waiting (\d+)$/m)).toBeGreaterThanOrEqual(0);
    expect(gauge(/^graphql_cost_in_use (\d+)$/m)).toBeGreaterThanOrEqual(0);
    expect(gauge(/^graphql_operations_waiting (\d+)$/m)).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [0-9.e-]+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [0-9.e-]+$/m);
  });

  it("names its metrics the Prometheus way: one unit each, _total on counters, base units (issue 24)", async () => {
    const text = await (await fetch(`${url}/metrics`)).text();
    const types = new Map([...text.matchAll(/^# TYPE (\w+) (\w+)$/gm)].map((m) => [m[1], m[2]]));
    // this server's own metrics (Node's process metrics come from prom-client)
    const own = [...types.keys()].filter((name) => /^(graphql|db|http)_/.test(name)).sort();
    expect(own).toEqual([
      "db_pool_connections",
      "db_pool_requests_waiting",
      "graphql_cost_in_use",
      "graphql_operations_waiting",
      "graphql_query_cost",
      "graphql_request_duration_seconds",
      "graphql_requests_total",
      "http_requests_refused_total",
    ]);
    for (const name of own) {
      expect([name, types.get(name) === "counter"]).toEqual([name, name.endsWith("_total")]);
      expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      // base units only: seconds and bytes, never their multiples
      expect(name).not.toMatch(/_(milli|micro|nano)?(ms|us|ns|minutes|hours|kb|mb|gb|kilobytes|megabytes|milliseconds|microseconds)(_|$)/);
    }
    // a labelled gauge's states are one kind of thing: they add up (open connections), nothing else rides along
    const states = [...text.matchAll(/^db_pool_connections\{state="(\w+)"\}/gm)].map((m) => m[1]).sort();
    expect(states).toEqual(["idle", "in_use"]);
  });
});

describe("the event loop under the heaviest admitted document", () => {
  it("keeps answering a trivial query while several clients loop the heaviest document the cost limit admits", async () => {
    // n x (1 + 1000 x 2 + statements): just under the limit, and the most rows a document can make the server read
    const heavy = `{ ${Array.from({ length: Math.floor(MAX_QUERY_COST / (2001 + STATEMENT_COST)) }, (_, i) => `a${i}: vacations(pagination: false) { items { id } }`).join(" ")} }`;
    const probe = await post({ query: heavy });
    expect(probe.status).toBe(200);
    expect(probe.json.extensions.cost.requested).toBeGreaterThan(0.95 * MAX_QUERY_COST);
    expect(probe.json.extensions.cost.requested).toBeLessThanOrEqual(MAX_QUERY_COST);

    const CLIENTS = 4;
    const DURATION_MS = 8_000;
    const end = Date.now() + DURATION_MS;
    let heavyDone = 0;
    let heavyTimedOut = 0;
    const loops = Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const r = await post({ query: heavy });
        // heavy documents take turns; one that waited past REQUEST_TIMEOUT_MS is refused, nothing else
        if (r.status === 503) {
          expect(r.json.errors[0].extensions.code).toBe("REQUEST_TIMEOUT");
          heavyTimedOut += 1;
        } else {
          expect(r.status).toBe(200);
          expect(r.json.errors).toBeUndefined();
          heavyDone += 1;
        }
      }
    });
    const latencies: number[] = [];
    const trivial = (async () => {
      await new Promise((r) => setTimeout(r, 300));
      while (Date.now() < end) {
        const r = await post({ query: "{ __typename }" });
        expect(r.json.data).toEqual({ __typename: "Query" });
        latencies.push(r.ms);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await Promise.all([...loops, trivial]);
    latencies.sort((a, b) => a - b);
    const p50 = latencies[Math.floor(latencies.length * 0.5)];
    const p95 = latencies[Math.floor(latencies.length * 0.95)];
    const max = latencies[latencies.length - 1];
    const summary = `${CLIENTS} clients looping the heaviest admitted document (${heavyDone} answered, ${heavyTimedOut} timed out waiting, in ${DURATION_MS / 1000} s); trivial query: ${latencies.length} answered, p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms`;
    console.log(summary);
    writeFileSync(join(tmpdir(), "wm-event-loop-figures.txt"), `${summary}\n`);
    expect(heavyDone).toBeGreaterThanOrEqual(2);
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    // the stated, generous bound (README, Limits; bench/RESULTS.md has the figures): a trivial
    // query waits at most 5 s behind the heaviest documents (before: 22 s behind one request)
    expect(max).toBeLessThan(5_000);
  });
});

describe("slow clients and the connection cap (short limits)", () => {
  let slow: ServerProcess;
  beforeAll(async () => {
    // the whole-request timeout is checked from the request's start: kept above the time budget
    slow = await startServer({
      ...copy.env,
      NODE_ENV: "production",
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: "2000",
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    });
    await slow.ready();
  });
  afterAll(async () => {
    expect(await slow?.stop()).toBe(0);
  });
  const open = () => openTo(slow.url);
  const postSlow = async (query: string) =>
    (
      await fetch(`${slow.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(TEST_ADMIN_TOKEN) },
        body: JSON.stringify({ query }),
      })
    ).status;

  it("closes a connection whose headers do not arrive within HTTP_HEADERS_TIMEOUT_MS", async () => {
    const socket = await open();
    socket.write("POST /graphql HTTP/1.1\r\nHost: x\r\n"); // and nothing more
    const ms = await closedWithin(socket, 10_000);
    expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 200);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500);
  });

  it("answers 408 and closes a connection whose body does not arrive within HTTP_BODY_TIMEOUT_MS", async () => {
    const socket = await open();
    let received = "";
    socket.on("data", (d) => (received += d));
    socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":');
    const ms = await closedWithin(socket, 15_000);
    expect(ms).toBeLessThan(BODY_TIMEOUT_MS + 2_500);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes connections beyond MAX_CONNECTIONS at once, and serves again when they go", async () => {
    const held: Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS; i++) held.push(await open());
      await new Promise((r) => setTimeout(r, 100));
      const extra = await open();
      expect(await closedWithin(extra, 1_000)).toBeLessThan(1_000);
    } finally {
      for (const s of held) s.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await postSlow("{ __typename }")).toBe(200);
    const metrics = await (await fetch(`${slow.url}/metrics`)).text();
    expect(metrics).toMatch(/http_requests_refused_total\{reason="max_connections"\} [1-9]/);
  });
});

function openTo(base: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Milliseconds until the server closes `socket` (rejects after `limitMs`). */
function closedWithin(socket: Socket, limitMs: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${limitMs} ms`));
    }, limitMs);
    socket.on("error", () => undefined);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    socket.resume();
  });
}
