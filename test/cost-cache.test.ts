import { CostCache } from "../src/server/plugins";
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from "./support/test-app";

/**
 * The cost guard (at the HTTP door) and the complexity plugin (after validation) share one cost
 * per document text, operation name and variables (src/server/plugins.ts, CostCache): these tests
 * prove the shared figure is the right one for each set of variables, over real HTTP.
 */
describe("one cost calculation per operation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const post = async (body: unknown) => {
    const res = await fetch(`${await t.url()}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: TEST_ADMIN_TOKEN },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        data?: unknown;
        errors?: Array<{ extensions?: Record<string, unknown> }>;
        extensions?: { cost?: { requested: number } };
      },
    };
  };
  const query = "query Page($n: Int) { users(itemsPerPage: $n) { items { id userDepartments { id } } } }";

  it("gives each set of variables its own cost, the same on every repetition", async () => {
    const small = await post({ query, variables: { n: 2 } });
    const large = await post({ query, variables: { n: 50 } });
    const smallAgain = await post({ query, variables: { n: 2 } });
    expect(small.body.errors).toBeUndefined();
    expect(large.body.extensions!.cost!.requested).toBeGreaterThan(small.body.extensions!.cost!.requested);
    expect(smallAgain.body.extensions!.cost).toEqual(small.body.extensions!.cost);
  });

  it("still refuses at the door a known document whose variables make it too costly", async () => {
    const ok = await post({ query, variables: { n: 1 } });
    expect(ok.status).toBe(200);
    const refused = await post({ query, variables: { n: 10_000_000 } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors![0].extensions!.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("keeps at most its capacity, dropping the least recently used entry", () => {
    const cache = new CostCache(2);
    let computed = 0;
    const cost = (text: string) => cache.cost(cache.key(text, undefined, undefined), () => ++computed);
    expect(cost("{ a }")).toBe(1);
    expect(cost("{ b }")).toBe(2);
    expect(cost("{ a }")).toBe(1); // known: not computed again, and now the most recent
    expect(cost("{ c }")).toBe(3); // drops { b }
    expect(cache.size).toBe(2);
    expect(cost("{ a }")).toBe(1);
    expect(cost("{ b }")).toBe(4); // computed again
    expect(cache.key("x".repeat(CostCache.KEY_LIMIT + 1), undefined, undefined)).toBeUndefined();
  });
});
