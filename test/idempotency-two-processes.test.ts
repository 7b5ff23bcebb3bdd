/**
 * Safe retries across replicas (issue 22): two server processes on one database, a burst of
 * createInvoice requests carrying the same Idempotency-Key split across both. The database's
 * primary key on (user, key) lets one of them run: one invoice, one number taken from the
 * numbering, and every answer is that invoice (the others waited for it, or were told 409
 * IDEMPOTENCY_IN_PROGRESS, never a second execution). Runs on the suite's database: SQLite (two
 * processes on one file) and PostgreSQL (two replicas).
 */
import { randomUUID } from "node:crypto";
import demoIds from "../prisma/demo-ids.json";
import { prismaClient, type Db } from "../src/db/client";
import { onPostgres, TEST_ADMIN_TOKEN } from "./support/databases";
import { servedCopy, type ServedCopy } from "./support/served-copy";
import { startServer, type ServerProcess } from "./support/server-process";

const CALLS = 20;
/** A month the demo data never reaches, so its counter belongs to this test. */
const ISSUE_DATE = "2031-10-07";
const CREATE = `mutation Create($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no } }`;

describe(`two server processes racing one Idempotency-Key (${onPostgres ? "PostgreSQL" : "SQLite"})`, () => {
  jest.setTimeout(240_000);
  let copy: ServedCopy;
  let servers: ServerProcess[] = [];
  let db: Db;

  beforeAll(async () => {
    copy = await servedCopy();
    const env = { ...copy.env, REQUEST_TIMEOUT_MS: "30000", LOG_LEVEL: "warn" };
    servers = await Promise.all([startServer(env), startServer(env)]);
    await Promise.all(servers.map((s) => s.ready()));
    db = prismaClient({ url: copy.databaseUrl }).client;
  });

  afterAll(async () => {
    await db?.$disconnect();
    const codes = await Promise.all(servers.map((s) => s.stop()));
    await copy?.drop();
    expect(codes).toEqual([0, 0]);
  });

  it(`${CALLS} concurrent requests with one key over both processes make one invoice and take one number`, async () => {
    const key = randomUUID();
    const description = `race ${key}`;
    const input = {
      invoiceType: "Vat",
      direction: "income",
      numbering: demoIds.invoiceNumberingId,
      isDraft: false,
      issueDate: ISSUE_DATE,
      fileGeneratedLanguage: "pl",
      description,
      items: [{ positionName: "Wdrożenie", count: 1, priceUnit: 100, tax: "RATE_23" }],
    };
    const counter = async () =>
      (
        await db.invoiceNumberingCounter.findUnique({
          where: { numberingId_period: { numberingId: demoIds.invoiceNumberingId, period: ISSUE_DATE.slice(0, 7) } },
        })
      )?.lastValue ?? 0;
    const before = await counter();

    const send = async (server: ServerProcess) => {
      const res = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TEST_ADMIN_TOKEN}`, "idempotency-key": key },
        body: JSON.stringify({ query: CREATE, variables: { input } }),
        signal: AbortSignal.timeout(120_000),
      });
      return { status: res.status, replayed: res.headers.get("idempotent-replayed"), json: (await res.json()) as any };
    };
    const answers = await Promise.all(Array.from({ length: CALLS }, (_, i) => send(servers[i % 2])));

    const stored = await db.invoice.findMany({ where: { description }, select: { id: true, no: true } });
    expect(stored).toHaveLength(1);
    expect(await counter()).toBe(before + 1);

    const served = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status !== 200);
    // a retry either got the invoice or was told to come back: nothing else
    for (const a of busy) expect([a.status, a.json.errors?.[0]?.extensions?.code]).toEqual([409, "IDEMPOTENCY_IN_PROGRESS"]);
    expect(served.length).toBeGreaterThan(0);
    for (const a of served) expect(a.json).toMatchObject({ data: { createInvoice: stored[0] } });
    expect(served.filter((a) => a.replayed === null)).toHaveLength(1);

    // a later retry on either process is the same answer
    for (const server of servers) {
      const again = await send(server);
      expect([again.status, again.replayed]).toEqual([200, "true"]);
      expect(again.json.data.createInvoice).toEqual(stored[0]);
    }
    expect(await db.invoice.count({ where: { description } })).toBe(1);
  });
});
