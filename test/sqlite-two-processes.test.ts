/**
 * Two server processes on one SQLite file (two `npm start`s on the same DATABASE_URL, or a
 * second one started by mistake): both serve, and their writes take turns through SQLite's
 * lock. 200 concurrent createInvoice calls split across both: no INTERNAL_SERVER_ERROR, 200
 * distinct consecutive numbers, and what was answered is what is stored.
 * SQLite only (on PostgreSQL, test/postgres-cross-process-numbering.test.ts is the same test).
 */
import demoIds from "../prisma/demo-ids.json";
import { onPostgres, TEST_ADMIN_TOKEN } from "./support/databases";
import { describeIf } from "./support/skip";
import { servedCopy, type ServedCopy } from "./support/served-copy";
import { httpGql, sleep, startServer, waitFor, type ServerProcess } from "./support/server-process";
import { SQLITE_BUSY_TIMEOUT_MS } from "../src/db/sqlite-write-lock";
import { prismaClient } from "../src/db/client";

const CALLS = 200;
/** A month the demo data never reaches, so the period's counter starts with this burst. */
const ISSUE_DATE = "2031-08-14";
const CREATE = `mutation Create($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no } }`;

const title = "two server processes on one SQLite file";
describeIf(!onPostgres, "about several processes on one SQLite file: runs when the suite runs on SQLite")(title, tests);

const invoiceOn = (issueDate: string) => ({
  invoiceType: "Vat",
  direction: "income",
  numbering: demoIds.invoiceNumberingId,
  isDraft: false,
  issueDate,
  fileGeneratedLanguage: "pl",
  items: [{ positionName: "Wdrożenie", count: 1, priceUnit: 100, tax: "RATE_23" }],
});

/** Tallies the error codes (or HTTP statuses) of failed answers. */
function failuresOf(
  results: Array<{ status: number; body: { data?: any; errors?: Array<{ extensions?: Record<string, unknown> }> } }>,
): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const r of results.filter((r) => r.status !== 200 || r.body.errors)) {
    for (const code of r.body.errors?.map((e) => String(e.extensions?.code)) ?? [String(r.status)]) tally[code] = (tally[code] ?? 0) + 1;
  }
  return tally;
}

function tests() {
  jest.setTimeout(240_000);
  let copy: ServedCopy;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    copy = await servedCopy();
    // a generous budget: on a loaded machine the burst may take longer than the default 10 s, and
    // this test is about taking turns, not speed (the benchmark measures that)
    // every request's log line at info (LOG_SLOW_REQUEST_MS=0): the last check reads them
    const env = { ...copy.env, REQUEST_TIMEOUT_MS: "60000", LOG_SLOW_REQUEST_MS: "0" };
    servers = await Promise.all([startServer(env), startServer(env)]);
    await Promise.all(servers.map((s) => s.ready()));
  });

  afterAll(async () => {
    const codes = await Promise.all(servers.map((s) => s.stop()));
    await copy?.drop();
    expect(codes).toEqual([0, 0]);
  });

  it(`give ${CALLS} concurrent createInvoice calls split across both ${CALLS} distinct consecutive numbers, without errors`, async () => {
    const input = invoiceOn(ISSUE_DATE);
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => httpGql(servers[i % 2].url, CREATE, { input }, TEST_ADMIN_TOKEN, 120_000)),
    );
    expect(failuresOf(results)).toEqual({});

    const nos = results.map((r) => r.body.data!.createInvoice.no as string);
    // FV/{number:4}/{MM}/{YYYY}: the counter's digits
    const values = nos.map((no) => Number(no.split("/")[1])).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: CALLS }, (_, i) => i + 1));

    const db = prismaClient({ url: copy.databaseUrl }).client;
    try {
      const period = ISSUE_DATE.slice(0, 7);
      const rows = await db.invoice.findMany({
        where: { numberingId: demoIds.invoiceNumberingId, numberingPeriod: period },
        select: { id: true, no: true },
      });
      const answered = new Map(results.map((r) => [r.body.data!.createInvoice.id as string, r.body.data!.createInvoice.no as string]));
      expect(rows).toHaveLength(CALLS);
      for (const row of rows) expect(row.no).toBe(answered.get(row.id));
      const counter = await db.invoiceNumberingCounter.findUnique({
        where: { numberingId_period: { numberingId: demoIds.invoiceNumberingId, period } },
      });
      expect(counter?.lastValue).toBe(CALLS);
    } finally {
      await db.$disconnect();
    }
    // both processes served their half (their log lines reach stdout in blocks, within 100 ms of being written)
    await waitFor(async () => servers.every((s) => s.output().includes('"operations"')), 10_000, "both servers' request log lines");
  });
  it("a write waits for another process's long transaction without failing, and reads are served meanwhile", async () => {
    // a third process (a script, `npm run db:seed`) holds the write lock longer than SQLite's busy
    // timeout: a transaction that has written, sleeping before its commit
    const other = prismaClient({ url: copy.databaseUrl }).client;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release!: () => void;
    const holder = other.$transaction(
      async (tx) => {
        await tx.currencyDictionary.create({ data: { name: "Lock holder", code: "LCK", isDefault: false } });
        holding();
        await new Promise<void>((resolve) => (release = resolve));
      },
      { timeout: 60_000 },
    );
    await held;
    let answered = 0;
    const send = (url: string, query: string, variables: Record<string, unknown>) =>
      httpGql(url, query, variables, TEST_ADMIN_TOKEN, 120_000).then((r) => {
        answered += 1;
        return r;
      });
    // invoices, and a mutation with no transaction options of its own
    const invoices = Promise.all(
      Array.from({ length: 10 }, (_, i) => send(servers[i % 2].url, CREATE, { input: invoiceOn("2031-09-10") })),
    );
    const shortcuts = Promise.all(
      servers.map((s, i) =>
        send(s.url, `mutation { createShortcut(input: { name: "Czekam ${i}", viewUrl: "/x", isOpenedInNewTab: false }) { id } }`, {}),
      ),
    );
    try {
      await sleep(500);
      const reads = await Promise.all(
        servers.map((s) => httpGql(s.url, `{ users(itemsPerPage: 1) { items { id } } }`, {}, TEST_ADMIN_TOKEN)),
      );
      expect(reads.map((r) => r.body.errors)).toEqual([undefined, undefined]);
      // answered while every write still waits: waiting for the lock does not hold up the process
      expect(answered).toBe(0);
      await sleep(SQLITE_BUSY_TIMEOUT_MS + 1_000);
    } finally {
      release();
      await holder;
      await other.$disconnect();
    }
    const results = await invoices;
    expect(failuresOf([...results, ...(await shortcuts)])).toEqual({});
    const values = results.map((r) => Number((r.body.data!.createInvoice.no as string).split("/")[1])).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });
}
