import { onPostgres } from "./support/databases";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The result budget (issue 23), over HTTP: what one request may answer is enforced while it
 * executes, whatever the cost said before. The cost limit is lifted here so that documents the
 * default limit would refuse reach execution; the budgets are small.
 */
const MAX_NODES = 1_000;
const MAX_BYTES = 4_096;
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({
    MAX_QUERY_COST: "100000000",
    MAX_CONCURRENT_COST: "100000000",
    MAX_RESULT_NODES: String(MAX_NODES),
    MAX_RESULT_BYTES: String(MAX_BYTES),
  });
  url = await t.url();
});
afterAll(() => t.close());

async function post(body: unknown) {
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${t.adminToken}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as any, text };
}

/** Every vacation with its dates, `n` times over: far more objects than MAX_NODES. */
const manyObjects = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: vacations(pagination: false) { items { id vacationDates { id } } }`).join(" ")} }`;

describe("MAX_RESULT_NODES", () => {
  it("stops a document whose answer outgrows it: one RESULT_TOO_LARGE (HTTP 400) with the limit, no partial data", async () => {
    const r = await post({ query: manyObjects(5) });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      errors: [
        {
          message: expect.stringContaining(`more than ${MAX_NODES} objects`),
          extensions: { code: "RESULT_TOO_LARGE", maxNodes: MAX_NODES },
        },
      ],
    });
  });

  it("stops reading: the statements of the fields not reached are never sent", async () => {
    // 200 root fields, each its own statement of 150 vacations: a few lists outgrow the budget, so
    // the rest are never sent. SQLite: a heavy request's next statement leaves once the objects
    // of its previous one were counted (src/db/kysely.ts), 5 or 6 statements at any load (sent as
    // the read worker came free: 17-72 at load 3-12, 203 once). PostgreSQL: the request's share of
    // the pool frees once the objects of its statement were counted (src/db/kysely.ts), 11 at load
    // 13-15 (sent as the share freed: 52-62 on a quiet machine, 76-104 at load 11-16).
    const statements = await t.countStatements(() => post({ query: manyObjects(200) }));
    expect(statements).toBeLessThan(onPostgres ? 30 : 15);
  });

  it("lets an answer within it through, and the next request starts afresh", async () => {
    const r = await post({ query: `{ users(itemsPerPage: 5) { items { id } } }` });
    expect([r.status, r.json.errors, r.json.data.users.items.length]).toEqual([200, undefined, 5]);
  });
});

describe("MAX_RESULT_BYTES", () => {
  it("refuses an answer whose JSON is larger: RESULT_TOO_LARGE (HTTP 400) with the limit, no data", async () => {
    const r = await post({ query: `{ users(itemsPerPage: 100) { items { id email firstName lastName } } }` });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      errors: [
        {
          message: expect.stringContaining(`larger than ${MAX_BYTES} bytes`),
          extensions: { code: "RESULT_TOO_LARGE", maxBytes: MAX_BYTES },
        },
      ],
    });
  });

  it("counts the operations of a batch together: those past the budget are refused, the others answered", async () => {
    const op = { query: `{ users(itemsPerPage: 20) { items { id email } } }` };
    const one = await post(op);
    expect(one.status).toBe(200);
    const n = Math.ceil(MAX_BYTES / one.text.length) + 1;
    const r = await post(Array.from({ length: n }, () => op));
    const answers = r.json as any[];
    const codes = new Set(answers.map((a) => a.errors?.[0]?.extensions?.code ?? "ok"));
    expect(codes).toEqual(new Set(["ok", "RESULT_TOO_LARGE"]));
    // the operations of a batch run side by side: which ones fit is the order they finish in
    const answered = answers.filter((a) => !a.errors).reduce((sum, a) => sum + JSON.stringify(a).length, 0);
    expect(answered).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("answers compact JSON (no pretty-printing)", async () => {
    const r = await post({ query: `{ users(itemsPerPage: 2) { items { id } } }` });
    expect(r.text).toBe(`${JSON.stringify(r.json)}\n`);
  });
});
