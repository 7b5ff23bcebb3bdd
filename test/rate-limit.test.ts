/**
 * Cost-based rate limits per caller (issue 22): RATE_LIMIT_COST_PER_MINUTE points a minute per
 * caller, each operation charged its computed cost; a caller whose budget is spent gets 429 with
 * Retry-After and the budget in headers and `extensions.cost.budget`. Through the real HTTP
 * server (GraphQL and REST). Timing only ever helps these tests (the bucket refills while they
 * run), so they hold on a loaded machine.
 */
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from "./support/test-app";
import { sleep } from "./support/server-process";

const USERS = `{ users(itemsPerPage: 20, order: [{ lastName: ASC }]) { items { id firstName lastName } } }`;
const PER_MINUTE = 3_000;

interface Answer {
  status: number;
  headers: Headers;
  json: any;
}

async function post(url: string, body: unknown, token: string | null = TEST_ADMIN_TOKEN): Promise<Answer> {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

const budgetHeaders = (a: { headers: Headers }) =>
  ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"].map((h) => a.headers.get(h));

/** Sends `send` until it is refused (429), at most `max` times; the answers in order. */
async function untilRefused(send: () => Promise<Answer>, max: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  while (answers.length < max) {
    const answer = await send();
    answers.push(answer);
    if (answer.status === 429) break;
  }
  return answers;
}

describe("RATE_LIMIT_COST_PER_MINUTE unset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("limits nothing: no budget headers, no budget in extensions.cost", async () => {
    const url = await t.url();
    for (let i = 0; i < 3; i += 1) {
      const a = await post(url, { query: USERS });
      expect(a.status).toBe(200);
      expect(budgetHeaders(a)).toEqual([null, null, null]);
      expect(a.json.extensions.cost).toEqual({ requested: expect.any(Number), limit: t.config.maxQueryCost });
    }
  });
});

describe("RATE_LIMIT_COST_PER_MINUTE set", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_COST_PER_MINUTE: String(PER_MINUTE) });
    url = await t.url();
  });
  afterAll(() => t.close());

  it("charges each operation its computed cost, states the budget, and answers 429 with Retry-After once it is spent", async () => {
    const first = await post(url, { query: USERS });
    expect(first.status).toBe(200);
    const cost: number = first.json.extensions.cost.requested;
    expect(cost).toBeGreaterThan(20);
    // a fresh bucket holds a minute's budget; this operation took its cost from it
    expect(first.json.extensions.cost.budget).toEqual({
      limit: PER_MINUTE,
      remaining: PER_MINUTE - cost,
      reset: Math.ceil((cost * 60) / PER_MINUTE),
    });
    expect(budgetHeaders(first)).toEqual([String(PER_MINUTE), String(PER_MINUTE - cost), String(Math.ceil((cost * 60) / PER_MINUTE))]);

    const answers = await untilRefused(() => post(url, { query: USERS }), Math.ceil(PER_MINUTE / cost) + 10);
    const refused = answers[answers.length - 1];
    expect(refused.status).toBe(429);
    // every answer before it was served, each leaving less
    const served = answers.slice(0, -1);
    for (const a of served) expect(a.status).toBe(200);
    const remaining = served.map((a) => Number(a.headers.get("ratelimit-remaining")));
    for (let i = 1; i < remaining.length; i += 1) expect(remaining[i]).toBeLessThan(remaining[i - 1]);

    expect(refused.json.data).toBeUndefined();
    expect(refused.json.errors).toHaveLength(1);
    expect(refused.json.errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(refused.json.errors[0].message).toContain(`costs ${cost} points`);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.json.errors[0].extensions.retryAfter).toBe(retryAfter);
    const budget = refused.json.extensions.cost.budget;
    expect(budget.limit).toBe(PER_MINUTE);
    expect(budget.remaining).toBeLessThan(cost);
    // Retry-After is the time the refill takes to cover what is missing: at most the whole cost's
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((cost * 60) / PER_MINUTE));
    expect(budgetHeaders(refused)).toEqual([String(PER_MINUTE), String(budget.remaining), String(budget.reset)]);

    // another caller has a budget of their own
    const other = await post(url, { query: USERS }, t.userToken);
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit-remaining")).toBe(String(PER_MINUTE - cost));

    // once the refill has covered the cost, the operation runs again
    await sleep(1000 * retryAfter);
    const after = await post(url, { query: USERS });
    expect(after.status).toBe(200);
    expect(after.json.errors).toBeUndefined();
  });

  it("charges the REST paths the cost of their documents and answers 429 as a problem with Retry-After", async () => {
    const own = await createTestApp({ RATE_LIMIT_COST_PER_MINUTE: String(PER_MINUTE) });
    try {
      const base = await own.url();
      const get = async (): Promise<Answer> => {
        const res = await fetch(`${base}/user/users?itemsPerPage=30`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
        return { status: res.status, headers: res.headers, json: await res.json() };
      };
      const first = await get();
      expect(first.status).toBe(200);
      const spent = PER_MINUTE - Number(first.headers.get("ratelimit-remaining"));
      expect(spent).toBeGreaterThan(30);
      const answers = await untilRefused(get, Math.ceil(PER_MINUTE / spent) + 10);
      const refused = answers[answers.length - 1];
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(refused.json).toMatchObject({ status: 429, code: "RATE_LIMITED" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get("ratelimit-limit")).toBe(String(PER_MINUTE));
    } finally {
      await own.close();
    }
  });

  it("an operation dearer than a whole minute's budget runs on a full bucket and leaves it in debt", async () => {
    const small = await createTestApp({ RATE_LIMIT_COST_PER_MINUTE: "100" });
    try {
      const base = await small.url();
      const first = await post(base, { query: USERS });
      expect(first.status).toBe(200);
      const cost: number = first.json.extensions.cost.requested;
      expect(cost).toBeGreaterThan(100);
      expect(first.headers.get("ratelimit-remaining")).toBe("0");
      // in debt: even a mutation costing a few points is refused, and writes nothing
      const before = await small.db.shortcut.count();
      const second = await post(base, {
        query: `mutation { createShortcut(input: { name: "limited", viewUrl: "/", isOpenedInNewTab: false }) { id } }`,
      });
      expect(second.status).toBe(429);
      expect(second.json.errors[0].extensions.code).toBe("RATE_LIMITED");
      expect(await small.db.shortcut.count()).toBe(before);
      // the debt (cost - 100) must be refilled first, at 100 a minute
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThanOrEqual(Math.floor(((cost - 100) * 60) / 100));
    } finally {
      await small.close();
    }
  });

  it("anonymous operations (introspection, _service) are charged by the client's address, apart from signed-in callers", async () => {
    const small = await createTestApp({ RATE_LIMIT_COST_PER_MINUTE: "100" });
    try {
      const base = await small.url();
      const anonymous = await untilRefused(() => post(base, { query: "{ __schema { queryType { name } } }" }, null), 200);
      expect(anonymous[0].headers.get("ratelimit-limit")).toBe("100");
      expect(anonymous[anonymous.length - 1].status).toBe(429);
      // the admin's budget is untouched
      const admin = await post(base, { query: "{ __typename }" });
      expect(admin.status).toBe(200);
      expect(Number(admin.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(98);
    } finally {
      await small.close();
    }
  });
});
