/**
 * createInvoice writes without waste: a numbered invoice costs a fixed, small number of
 * statements whatever its number of items, counted as the database sees them (the drivers' own
 * calls, BEGIN and COMMIT included: bench/count-statements.cjs wraps node-postgres and
 * better-sqlite3), through the real GraphQL layer:
 *   PostgreSQL: 1 look-up on the read side; ONE statement for the counter, the invoice and its
 *     items (data-modifying CTEs, atomic without BEGIN/COMMIT); 1 read of the answer through the
 *     Invoice entity's loader: 3.
 *   SQLite: 1 look-up; the transaction (the adapter's BEGIN, replaced by BEGIN IMMEDIATE so the
 *     write lock is taken, and waited for without blocking, at its start: src/db/sqlite-write-lock.ts;
 *     in-process calls, no round trips), counter upsert, INSERT invoice, INSERT items, COMMIT; 1 read.
 * The authentication is cached (warmed first) so that only the mutation's own statements count.
 * Besides: the rows stored are what Prisma's own createMany stored, column for column; and a
 * write sent before the request's deadline holds it, so REQUEST_TIMEOUT still means nothing written.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Viewer } from "../src/auth/authenticate";
import { loadConfig } from "../src/config/config";
import { openDatabase, type Database } from "../src/db/database";
import type { CreateInvoiceInput } from "../src/inputs/invoice/create-invoice.input";
import { RequestScope } from "../src/observability/request-scope";
import { budgetedDb } from "../src/db/budget";
import { buildAppSchema } from "../src/schema/build-schema";
import { verifyDeclaredRules } from "./support/verify-required";
import { createApp, type App } from "../src/server/app";
import pino from "pino";
import { prepareInvoice } from "../src/services/invoice/invoice-preparation";
import { storeInvoice } from "../src/services/invoice/invoice-store";
import { onPostgres } from "./support/databases";
import { createTestApp, demoIds, gql, TEST_ADMIN_TOKEN, type TestApp } from "./support/test-app";

/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS script of the bench, and a driver without types */
const { watchStatements } = require("../bench/count-statements.cjs") as {
  watchStatements(drivers: { pg?: unknown; Database?: unknown }, onStatement: (sql: string) => void): () => void;
};
const Sqlite = require("better-sqlite3") as new (
  path: string,
  options?: { readonly?: boolean },
) => {
  prepare(sql: string): { all(...params: unknown[]): unknown[] };
  close(): void;
};
/* eslint-enable @typescript-eslint/no-require-imports */

let t: TestApp;
let database: Database;
let app: App;
let unwatch: () => void;
const log: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  unwatch = watchStatements({ pg, Database: Sqlite }, (sql) => log.push(sql));
  const config = loadConfig({ DATABASE_URL: t.databaseUrl, AUTH_CACHE_TTL_MS: "60000" } as NodeJS.ProcessEnv);
  database = openDatabase({ url: t.databaseUrl });
  app = await createApp(database, config, verifyDeclaredRules((await buildAppSchema()).schema), { logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  unwatch();
  await app.apollo.stop();
  await database.close();
  await t.close();
});

const CREATE = gql`mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no items { order } } }`;

async function run(query: string, variables: Record<string, unknown>) {
  const response = await app.apollo.executeOperation({ query, variables }, { contextValue: await app.context(TEST_ADMIN_TOKEN) });
  if (response.body.kind !== "single") throw new Error("incremental delivery is not used");
  return response.body.singleResult as { data?: Record<string, any>; errors?: unknown[] };
}

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    positionName: `Pozycja ${i + 1}`,
    unit: "godz.",
    count: i + 1,
    priceUnit: 99.99,
    tax: i % 2 ? "RATE_8" : "RATE_23",
  }));

/** The statements of one createInvoice as the database sees them, answer included, as SQL verbs. */
async function writeStatements(input: Record<string, unknown>): Promise<{ verbs: string[]; result: Awaited<ReturnType<typeof run>> }> {
  await run(gql`{ __typename }`, {}); // warms the authentication cache
  log.length = 0;
  const result = await run(CREATE, { input });
  expect(result.errors).toBeUndefined();
  return { verbs: log.map((sql) => sql.trim().split(/\s+/)[0].toUpperCase()), result };
}

const numbered = (issueDate: string, n: number) => ({
  invoiceType: "Vat",
  fileGeneratedLanguage: "pl",
  isDraft: false,
  numbering: demoIds.invoiceNumberingId,
  issueDate,
  buyerId: demoIds.contractorId,
  items: items(n),
});
const numberOf = (no: string) => Number(/\/(\d+)\//.exec(no)![1]);

describe("createInvoice statements, as the database sees them", () => {
  const sqliteBegin = ["BEGIN", "ROLLBACK", "PRAGMA", "BEGIN", "PRAGMA"]; // BEGIN IMMEDIATE, see the header
  const expected = onPostgres ? ["SELECT", "WITH", "SELECT"] : ["SELECT", ...sqliteBegin, "INSERT", "INSERT", "INSERT", "COMMIT", "SELECT"];
  it(`a numbered invoice of 1 item and of 60 items: ${expected.join(", ")}`, async () => {
    const one = await writeStatements(numbered("2033-05-02", 1));
    expect(one.verbs).toEqual(expected);
    if (onPostgres) expect(one.verbs.length).toBeLessThanOrEqual(5); // issue 19's bound, BEGIN and COMMIT included
    const many = await writeStatements(numbered("2033-05-03", 60));
    expect(many.verbs).toEqual(expected);
    expect(many.result.data!.createInvoice.items).toHaveLength(60);
    // the numbers follow each other without a gap
    expect(numberOf(many.result.data!.createInvoice.no)).toBe(numberOf(one.result.data!.createInvoice.no) + 1);
  });

  it("a settlement naming its advance invoice costs the same; the advance (with its chain) comes with the answer's one read", async () => {
    const zal = await writeStatements({ ...numbered("2033-07-01", 1), invoiceType: "Zal" });
    const CREATE_RELATED = gql`mutation ($input: CreateInvoiceInput!) {
      createInvoice(input: $input) { id no items { order } invoice { id invoiceType corrects { id } invoice { id } } }
    }`;
    await run(gql`{ __typename }`, {});
    log.length = 0;
    const roz = await run(CREATE_RELATED, {
      input: { ...numbered("2033-07-02", 1), invoiceType: "Roz", invoice: zal.result.data!.createInvoice.id },
    });
    expect(roz.errors).toBeUndefined();
    expect(roz.data!.createInvoice.invoice).toEqual({
      id: zal.result.data!.createInvoice.id,
      invoiceType: "Zal",
      corrects: [],
      invoice: null,
    });
    expect(log.map((sql) => sql.trim().split(/\s+/)[0].toUpperCase())).toEqual(zal.verbs);
  });

  it("a number given by hand before costs one clash and one check per number taken, never a gap", async () => {
    const first = await writeStatements(numbered("2033-06-01", 1));
    const next = numberOf(first.result.data!.createInvoice.no) + 1;
    const byHand = first.result.data!.createInvoice.no.replace(/\/\d+\//, `/${String(next).padStart(4, "0")}/`);
    expect((await run(CREATE, { input: { ...numbered("2033-06-01", 1), no: byHand } })).errors).toBeUndefined();
    const after = await writeStatements(numbered("2033-06-01", 1));
    expect(numberOf(after.result.data!.createInvoice.no)).toBe(next + 1);
    // the first write clashed on the unique number and left nothing (no COMMIT); the second, in
    // one transaction, took the counter's next value, found it taken, and took the one after
    expect(after.verbs.filter((v) => v === "COMMIT")).toHaveLength(1);
    expect(after.verbs.filter((v) => v === "BEGIN")).toHaveLength(onPostgres ? 1 : 2 * 2);
    const { numberingPeriod } = await t.db.invoice.findUniqueOrThrow({ where: { id: after.result.data!.createInvoice.id } });
    const counter = await t.db.invoiceNumberingCounter.findUniqueOrThrow({
      where: { numberingId_period: { numberingId: demoIds.invoiceNumberingId, period: numberingPeriod! } },
    });
    expect(counter.lastValue).toBe(next + 1);
  });
});

describe("what createInvoice stores", () => {
  /** Every field an invoice and its items can carry, so that each column's value and type is compared. */
  const input = {
    invoiceType: "Vat",
    direction: "income",
    fileGeneratedLanguage: "en",
    isDraft: false,
    numbering: demoIds.invoiceNumberingId,
    issueDate: new Date("2033-08-09T00:00:00Z"),
    saleDate: new Date("2033-08-01T12:30:00.123Z"),
    deadlineDate: new Date("2033-08-23T00:00:00Z"),
    buyerId: demoIds.contractorId,
    financeProject: demoIds.projectId,
    currencyCode: "EUR",
    exchangeRate: 4.3215,
    exchangeDate: new Date("2033-08-08T00:00:00Z"),
    alreadyPaid: 10.5,
    description: 'Ćwiczenie: "cudzysłów" i \\ ukośnik',
    issuedPlace: "Kraków",
    bankAccount: "PL61109010140000071219812874",
    bankAccountSwift: "WBKPPLPP",
    paymentMethod: "transfer",
    ksefMarker: "K-1",
    thirdParties: ["Trzeci Sp. z o.o."],
    buyerIsJst: true,
    buyerIsGv: false,
    posted: true,
    isSplitPayment: true,
    isReverseCharge: false,
    isCashAccounting: true,
    sellerName: "Sprzedawca",
    sellerCreatorName: "Wystawca",
    items: [
      { positionName: "Usługa 1", unit: "godz.", count: 1.5, priceUnit: 99.99, tax: "23", gtu: "GTU_12" },
      { positionName: "Usługa 2", unit: "", count: 3, priceUnit: 0, tax: "zw", gtu: null },
    ],
  } as unknown as CreateInvoiceInput;

  async function storedRows(ids: string[]): Promise<{ invoices: Record<string, unknown>[]; items: Record<string, unknown>[] }> {
    const order = (rows: Record<string, unknown>[], key: string) => ids.map((id) => rows.filter((r) => r[key] === id));
    if (onPostgres) {
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        const invoices = (await client.query(`SELECT * FROM "Invoice" WHERE id = ANY($1::uuid[])`, [ids])).rows;
        const items = (
          await client.query(`SELECT * FROM "InvoiceItem" WHERE "invoiceId" = ANY($1::uuid[]) ORDER BY "isPrevious", "order"`, [ids])
        ).rows;
        return { invoices: order(invoices, "id").flat(), items: order(items, "invoiceId").flat() };
      } finally {
        await client.end();
      }
    }
    // better-sqlite3 reads each value in its storage class: a number stored as text would show
    const db = new Sqlite(t.databaseUrl.slice("file:".length), { readonly: true });
    try {
      const marks = ids.map(() => "?").join(", ");
      const invoices = db.prepare(`SELECT * FROM "Invoice" WHERE id IN (${marks})`).all(...ids) as Record<string, unknown>[];
      const items = db
        .prepare(`SELECT * FROM "InvoiceItem" WHERE "invoiceId" IN (${marks}) ORDER BY "isPrevious", "order"`)
        .all(...ids) as Record<string, unknown>[];
      return { invoices: order(invoices, "id").flat(), items: order(items, "invoiceId").flat() };
    } finally {
      db.close();
    }
  }

  it("the same rows, value for value and type for type, as Prisma's createMany stores (PostgreSQL: the one statement and the transaction of steps)", async () => {
    const viewer: Viewer = { id: demoIds.adminUserId, email: "admin@example.com", roles: ["admin"], isAdmin: true } as unknown as Viewer;
    const context = await t.contextOf(viewer);
    const prepared = await prepareInvoice(context, input);
    const now = new Date("2033-08-09T10:11:12.345Z");
    const written = [await storeInvoice(t.db, context.read, prepared, now, false)];
    if (onPostgres) written.push(await storeInvoice(t.db, context.read, prepared, now, true));
    // the reference: the rows as Prisma's model API wrote them before (createMany), numbered by hand
    const reference = randomUUID();
    const first = await t.db.invoice.findUniqueOrThrow({ where: { id: written[0] } });
    await t.db.invoice.createMany({
      data: [
        {
          ...prepared.row,
          id: reference,
          no: "REF/1",
          numberingPeriod: first.numberingPeriod,
          issueDate: prepared.issueDate,
          createdAt: now,
          updatedAt: now,
        },
      ],
    });
    await t.db.invoiceItem.createMany({
      data: prepared.items.map((item) => ({ ...item, invoiceId: reference, isPrevious: false })),
    });
    const { invoices, items } = await storedRows([reference, ...written]);
    const [expected, ...actual] = invoices.map(({ id: _id, no: _no, ...rest }) => rest);
    expect(actual).toHaveLength(written.length);
    for (const row of actual) expect(row).toEqual(expected);
    const itemsOf = (invoiceId: string) =>
      items.filter((i) => i.invoiceId === invoiceId).map(({ id: _id, invoiceId: _invoiceId, ...rest }) => rest);
    expect(itemsOf(reference)).toHaveLength(2);
    for (const id of written) expect(itemsOf(id)).toEqual(itemsOf(reference));
    // the numbers written by the database (PostgreSQL's statement) and by the service follow each other
    const numbers = written.map((id) => invoices.find((r) => r.id === id)!.no as string);
    expect(numbers.map(numberOf)).toEqual(numbers.map((_, i) => numberOf(numbers[0]) + i));
    expect(numbers[0]).toMatch(/^FV\/\d{4}\/08\/2033$/);
  });

  it("a write sent before the request's deadline holds it: the request is not abandoned while the write may commit", async () => {
    const scope = new RequestScope(50);
    const db = budgetedDb(t.db, scope);
    // a statement that outlasts the budget
    const slow = onPostgres
      ? "SELECT 1 AS one FROM pg_sleep(0.3)"
      : "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000) SELECT count(*) FROM n";
    const started = Date.now();
    await db.$executeRawUnsafe(slow);
    expect(Date.now() - started).toBeGreaterThan(50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // once it succeeded the deadline never lets go: the answer reports what was written
    expect(scope.signal.aborted).toBe(false);
    scope.finish();
    // a read is no write: it does not hold the deadline, and on PostgreSQL the request gives it up
    // at the deadline (SQLite runs it synchronously: it ends first)
    const reading = new RequestScope(20);
    const outcome = await budgetedDb(t.db, reading)
      .$queryRawUnsafe(slow)
      .then(
        () => "ended",
        (error: { extensions?: { code?: string } }) => String(error.extensions?.code),
      );
    expect(outcome).toBe(onPostgres ? "REQUEST_TIMEOUT" : "ended");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reading.signal.aborted).toBe(true);
  });
});
