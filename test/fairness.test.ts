import { Client } from "pg";
import { onPostgres } from "./support/databases";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";
import { demoIds, TEST_ADMIN_TOKEN } from "./support/test-app";
import { httpGql, sleep, startServer, waitFor, type ServerProcess } from "./support/server-process";
import { servedCopy, type ServedCopy } from "./support/served-copy";
import { STATEMENT_COST } from "../src/server/cost";

/**
 * Issue 23, finding 2, on PostgreSQL (the pool is what is shared; SQLite has none, and
 * server-limits.test.ts covers its event loop): light requests never queue behind the statements
 * of heavy ones, and an exhausted pool is HTTP 503 SERVICE_UNAVAILABLE with Retry-After. Another
 * session locks the Vacation table, so that statements reading it wait where they are, holding
 * their connections; the test then looks at who holds what, not at timings.
 */
describeIf(onPostgres, NEEDS_POSTGRES)("fair shares of the PostgreSQL pool", tests);

const ADMIN = `Bearer ${TEST_ADMIN_TOKEN}`;
const LIGHT = `{ users(itemsPerPage: 5) { items { id } } }`;
/** About half of MAX_QUERY_COST: two run side by side (MAX_CONCURRENT_COST), each a heavy request. */
const HEAVY = `{ ${Array.from({ length: Math.floor(100_000 / (2001 + STATEMENT_COST)) }, (_, i) => `a${i}: vacations(pagination: false) { items { id } }`).join(" ")} }`;

function tests() {
  jest.setTimeout(180_000);
  let copy: ServedCopy;
  /** Holds the lock. */
  let sql: Client;
  /** Watches (pg_stat_activity is a snapshot per transaction: not from the locking one). */
  let watch: Client;

  beforeAll(async () => {
    copy = await servedCopy();
    sql = new Client({ connectionString: copy.databaseUrl });
    watch = new Client({ connectionString: copy.databaseUrl });
    await Promise.all([sql.connect(), watch.connect()]);
  });
  afterAll(async () => {
    await Promise.all([sql?.end(), watch?.end()]);
    await copy?.drop();
  });

  /** Sessions of the API waiting for the lock on Vacation: statements holding a connection each. */
  const waitingOnLock = async () =>
    Number(
      (
        await watch.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'work-management-api' AND wait_event_type = 'Lock'`,
        )
      ).rows[0].n,
    );

  async function withVacationsLocked<T>(body: () => Promise<T>): Promise<T> {
    await sql.query("BEGIN");
    await sql.query(`LOCK TABLE "Vacation" IN ACCESS EXCLUSIVE MODE`);
    try {
      return await body();
    } finally {
      await sql.query("COMMIT");
    }
  }

  describe("DB_POOL_SIZE=4: heavy requests share 3 connections, one is left to the rest", () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServer({ ...copy.env, NODE_ENV: "production", DB_POOL_SIZE: "4" });
      await server.ready();
    });
    afterAll(async () => expect(await server?.stop()).toBe(0));

    it("answers light requests (a cold authentication included) while two heavy documents hold every connection they may take", async () => {
      const heavy = await withVacationsLocked(async () => {
        const pending = [httpGql(server.url, HEAVY, {}, ADMIN), httpGql(server.url, HEAVY, {}, ADMIN)];
        await waitFor(async () => (await waitingOnLock()) >= 3, 20_000, "the heavy statements to hold their connections");
        await sleep(500);
        // two heavy requests of 2 connections each, but 3 for heavy requests together
        expect(await waitingOnLock()).toBe(3);

        const light = await httpGql(server.url, LIGHT, {}, ADMIN);
        expect([light.status, light.body.errors]).toEqual([200, undefined]);
        // a token the authentication cache has not seen: its look-up finds a connection too
        const cold = await httpGql(server.url, LIGHT, {}, `Bearer ${copy.userToken}`);
        expect([cold.status, cold.body.errors]).toEqual([200, undefined]);
        expect(await waitingOnLock()).toBe(3);
        return pending;
      });
      for (const r of await Promise.all(heavy)) expect([r.status, r.body.errors]).toEqual([200, undefined]);
    });
  });

  describe("DB_POOL_SIZE=1, its one connection held", () => {
    let server: ServerProcess;
    beforeAll(async () => {
      // the held statement outlives two refusals of 5 s each: a budget to match
      server = await startServer({
        ...copy.env,
        NODE_ENV: "production",
        DB_POOL_SIZE: "1",
        AUTH_CACHE_TTL_MS: "120000",
        REQUEST_TIMEOUT_MS: "60000",
      });
      await server.ready();
    });
    afterAll(async () => expect(await server?.stop()).toBe(0));

    it("answers 503 SERVICE_UNAVAILABLE with Retry-After when no connection comes free, and needs none to authenticate a cached token", async () => {
      expect((await httpGql(server.url, LIGHT, {}, ADMIN)).status).toBe(200); // the admin's token is now cached
      const held = await withVacationsLocked(async () => {
        const holder = httpGql(server.url, `{ vacations(itemsPerPage: 1) { items { id } } }`, {}, ADMIN);
        await waitFor(async () => (await waitingOnLock()) === 1, 20_000, "the pool's connection to be held");

        // no statement to send, and the token is known: answered
        const none = await httpGql(server.url, `query ($r: [_Any!]!) { _entities(representations: $r) { __typename } }`, { r: [] }, ADMIN);
        expect([none.status, none.body]).toEqual([200, { data: { _entities: [] }, extensions: expect.anything() }]);

        for (const [what, token] of [
          ["a statement to send", ADMIN],
          ["a token to look up", `Bearer ${copy.userToken}`],
        ]) {
          const response = await fetch(`${server.url}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: token },
            body: JSON.stringify({ query: `{ note(id: "${demoIds.noteId}") { id } }` }),
          });
          const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
          expect({
            what,
            status: response.status,
            retryAfter: response.headers.get("retry-after"),
            codes: body.errors?.map((e) => e.extensions?.code),
          }).toEqual({
            what,
            status: 503,
            retryAfter: "1",
            codes: ["SERVICE_UNAVAILABLE"],
          });
        }
        return { holder }; // not the promise itself: returning it would wait for it before the lock goes
      });
      const r = await held.holder;
      expect([r.status, r.body.errors]).toEqual([200, undefined]);
      expect((await httpGql(server.url, LIGHT, {}, ADMIN)).status).toBe(200);
    });
  });
}
