/**
 * createInvoice writes without waste: a numbered invoice costs a fixed, small number of
 * statements whatever its number of items (see the comment on createInvoice):
 *   1 look-up on the read side, outside the transaction: the numbering, the buyer, the default
 *     currency and the creator's name in one statement;
 *   the transaction: counter upsert, INSERT invoice, INSERT items, COMMIT (Prisma reports no
 *     BEGIN as a query event);
 *   the answer: 1 read through the Invoice entity's loader.
 * Counted through the real GraphQL layer (createInvoice mutation), on both the write (Prisma) and
 * the read (Kysely) side; the authentication is cached (warmed first) so that only the
 * mutation's own statements are counted.
 */
import { loadConfig } from "../src/config/config";
import { openDatabase, type Database } from "../src/db/database";
import { buildAppSchema } from "../src/schema/build-schema";
import { createApp, type App } from "../src/server/app";
import { createTestApp, demoIds, gql, TEST_ADMIN_TOKEN, type TestApp } from "./support/test-app";

let t: TestApp;
let database: Database;
let app: App;
const log: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  database = openDatabase({ url: t.databaseUrl, onQuery: (sql) => log.push(sql) });
  const config = loadConfig({ DATABASE_URL: t.databaseUrl, AUTH_CACHE_TTL_MS: "60000" } as NodeJS.ProcessEnv);
  app = await createApp(database, config, (await buildAppSchema()).schema, () => undefined);
});
afterAll(async () => {
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
  Array.from({ length: n }, (_, i) => ({ positionName: `Pozycja ${i + 1}`, unit: "godz.", count: i + 1, priceUnit: 99.99, tax: i % 2 ? "RATE_8" : "RATE_23" }));

/** The statements of one createInvoice, answer included, as SQL verbs. */
async function writeStatements(input: Record<string, unknown>): Promise<{ verbs: string[]; result: Awaited<ReturnType<typeof run>> }> {
  await run(gql`{ __typename }`, {}); // warms the authentication cache
  log.length = 0;
  const result = await run(CREATE, { input });
  expect(result.errors).toBeUndefined();
  return { verbs: log.map((sql) => sql.trim().split(/\s+/)[0].toUpperCase()), result };
}

const numbered = (issueDate: string, n: number) => ({
  invoiceType: "Vat", fileGeneratedLanguage: "pl", isDraft: false, numbering: demoIds.invoiceNumberingId,
  issueDate, buyerId: demoIds.contractorId, items: items(n),
});

describe("createInvoice statements", () => {
  it("a numbered invoice: 1 look-up, then counter upsert, INSERT invoice, INSERT items, COMMIT, then 1 read of the answer, whatever the items", async () => {
    const one = await writeStatements(numbered("2033-05-02", 1));
    expect(one.verbs).toEqual(["SELECT", "INSERT", "INSERT", "INSERT", "COMMIT", "SELECT"]);
    const many = await writeStatements(numbered("2033-05-03", 60));
    expect(many.verbs).toEqual(one.verbs);
    expect(many.result.data!.createInvoice.items).toHaveLength(60);
    // the numbers follow each other without a gap
    const [a, b] = [one, many].map((r) => Number(/\/(\d+)\//.exec(r.result.data!.createInvoice.no)![1]));
    expect(b).toBe(a + 1);
  });

  it("a number given by hand before costs one clash and one check per number taken, never a gap", async () => {
    const first = await writeStatements(numbered("2033-06-01", 1));
    const next = Number(/\/(\d+)\//.exec(first.result.data!.createInvoice.no)![1]) + 1;
    const byHand = first.result.data!.createInvoice.no.replace(/\/\d+\//, `/${String(next).padStart(4, "0")}/`);
    expect((await run(CREATE, { input: { ...numbered("2033-06-01", 1), no: byHand } })).errors).toBeUndefined();
    const after = await writeStatements(numbered("2033-06-01", 1));
    expect(Number(/\/(\d+)\//.exec(after.result.data!.createInvoice.no)![1])).toBe(next + 1);
    // the first attempt's INSERT clashed and rolled back (no COMMIT), the second checked each number it took
    expect(after.verbs.filter((v) => v === "INSERT").length).toBeGreaterThan(3);
    const { numberingPeriod } = await t.db.invoice.findUniqueOrThrow({ where: { id: after.result.data!.createInvoice.id } });
    const counter = await t.db.invoiceNumberingCounter.findUniqueOrThrow({
      where: { numberingId_period: { numberingId: demoIds.invoiceNumberingId, period: numberingPeriod! } },
    });
    expect(counter.lastValue).toBe(next + 1);
  });
});
