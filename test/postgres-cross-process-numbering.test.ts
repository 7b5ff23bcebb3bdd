/**
 * Scaling out: two server processes (two replicas) on one PostgreSQL database. They start
 * together on an empty database (one migrates and seeds, the other waits and finds it done),
 * then 200 concurrent createInvoice calls split across them take numbers from one numbering:
 * 200 distinct, consecutive numbers, no errors, and neither process uses more connections than
 * DB_POOL_SIZE.
 * Needs PostgreSQL (TEST_DATABASE_URL=postgresql://...); .ci/run and `npm run test:postgres`
 * run it as a step of its own.
 */
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import demoIds from "../prisma/demo-ids.json";
import { onPostgres, postgresUrl, TEST_SERVER_URL } from "./support/databases";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";
import { httpGql, sleep, startServer, type ServerProcess } from "./support/server-process";

const CALLS = 200;
const POOL_SIZE = 4;
const ADMIN_TOKEN = "wm_xproc_admin_token_0123456789abcdef";
/** A month the demo data never reaches, so the period's counter starts with this burst. */
const ISSUE_DATE = "2031-07-15";

const CREATE = `mutation Create($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no } }`;

const title = "two server processes on one PostgreSQL database";
describeIf(onPostgres, NEEDS_POSTGRES)(title, tests);

function tests() {
  jest.setTimeout(240_000);
  const dbName = `wm_xproc_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const databaseUrl = onPostgres ? postgresUrl(dbName) : "";
  let servers: ServerProcess[] = [];
  let sql: Client;

  beforeAll(async () => {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const env = {
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: String(POOL_SIZE),
      SEED_ADMIN_TOKEN: ADMIN_TOKEN,
      SEED_ON_EMPTY: "true",
      SEED_SCALE: "1",
    };
    // both start at once on the empty database
    servers = await Promise.all([startServer(env), startServer(env)]);
    await Promise.all(servers.map((s) => s.ready()));
    sql = new Client({ connectionString: databaseUrl });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    const codes = await Promise.all(servers.map((s) => s.stop()));
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    // a graceful stop (SIGTERM) ends with exit code 0
    expect(codes).toEqual([0, 0]);
  });

  it("start together on an empty database: one migrates and seeds, both serve", async () => {
    const logs = servers.map((s) => s.output());
    expect(logs.filter((l) => l.includes("Applied migrations:"))).toHaveLength(1);
    expect(logs.filter((l) => l.includes("Seeded demo data"))).toHaveLength(1);
    const history = await sql.query(`SELECT count(*)::int AS n FROM _prisma_migrations`);
    expect(history.rows[0].n).toBeGreaterThan(0);
    const admins = await sql.query(`SELECT count(*)::int AS n FROM "User" WHERE id = $1`, [demoIds.adminUserId]);
    expect(admins.rows[0].n).toBe(1);
    for (const s of servers) {
      const r = await httpGql(s.url, `{ users(itemsPerPage: 1) { paginationInfo { totalCount } } }`, {}, ADMIN_TOKEN);
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data!.users.paginationInfo.totalCount).toBeGreaterThan(1);
    }
  });

  it(`give ${CALLS} concurrent createInvoice calls split across both ${CALLS} distinct consecutive numbers, without errors`, async () => {
    const numbering = (
      await sql.query(`SELECT pattern, "resetInterval" FROM "InvoiceNumbering" WHERE id = $1`, [demoIds.invoiceNumberingId])
    ).rows[0];
    expect(numbering.resetInterval).toBe("P1M"); // the period below is the month of ISSUE_DATE
    const counterOf = async () =>
      (
        await sql.query(`SELECT "lastValue" FROM "InvoiceNumberingCounter" WHERE "numberingId" = $1 AND period = $2`, [
          demoIds.invoiceNumberingId,
          "2031-07",
        ])
      ).rows[0]?.lastValue ?? 0;
    const before: number = await counterOf();

    // how many connections the service holds on this database while the burst runs
    let sampling = true;
    let peak = 0;
    const sampler = (async () => {
      const s = new Client({ connectionString: TEST_SERVER_URL });
      await s.connect();
      while (sampling) {
        const r = await s.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'work-management-api'`,
          [dbName],
        );
        peak = Math.max(peak, r.rows[0].n);
        await sleep(10);
      }
      await s.end();
    })();

    const input = {
      invoiceType: "fv",
      direction: "income",
      numbering: demoIds.invoiceNumberingId,
      isDraft: false,
      issueDate: ISSUE_DATE,
      saleDate: `${ISSUE_DATE}T10:00:00Z`,
      fileGeneratedLanguage: "pl",
      description: "cross-process numbering test",
    };
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => httpGql(servers[i % 2].url, CREATE, { input }, ADMIN_TOKEN, 120_000)),
    );
    const elapsed = Date.now() - started;
    sampling = false;
    await sampler;
    console.log(`${CALLS} createInvoice over 2 processes: ${elapsed} ms, peak ${peak} connections (DB_POOL_SIZE ${POOL_SIZE} each)`);

    const failures = results.filter((r) => r.status !== 200 || r.body.errors || !r.body.data?.createInvoice);
    expect(failures.map((r) => r.body.errors ?? r.status)).toEqual([]);

    // the counter's digits, read through the numbering's own pattern
    const shape = new RegExp(
      "^" +
        numbering.pattern
          .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
          .replace("{number}", "(\\d+)")
          .replace(/\{(YYYY|YY|MM|DD)\}/g, "\\d+") +
        "$",
    );
    const nos: string[] = results.map((r) => r.body.data!.createInvoice.no);
    expect(new Set(nos).size).toBe(CALLS);
    const values = nos.map((no) => {
      const m = shape.exec(no);
      if (!m) throw new Error(`${no} does not follow ${numbering.pattern}`);
      return Number(m[1]);
    });
    values.sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: CALLS }, (_, i) => before + 1 + i));
    expect(await counterOf()).toBe(before + CALLS);

    // what was answered is what is stored
    const ids = results.map((r) => r.body.data!.createInvoice.id);
    const stored = await sql.query(`SELECT id::text, no, "numberingId"::text AS numbering FROM "Invoice" WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
    expect(stored.rows).toHaveLength(CALLS);
    const answered = new Map(results.map((r) => [r.body.data!.createInvoice.id, r.body.data!.createInvoice.no]));
    for (const row of stored.rows) {
      expect(row.no).toBe(answered.get(row.id));
      expect(row.numbering).toBe(demoIds.invoiceNumberingId);
    }

    // each process stays within DB_POOL_SIZE connections; both served the burst
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(2 * POOL_SIZE);
  });
}
