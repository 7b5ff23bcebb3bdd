/**
 * PostgreSQL plans a named statement once per connection and keeps the plan until the tables it
 * reads are analyzed again; the plan of the invoice read-back made while Invoice held the seed's
 * few pages scans the table whole however much it has grown (issue 19, item 4). The invoices the
 * server writes itself have the tables analyzed as they double (src/services/invoice/invoice-store.ts),
 * which makes every connection plan the read-back again. Here the read-back is prepared on a
 * connection of its own exactly as the server sends it (its text, name and values) while the table
 * is small, the server writes 2,100 invoices with autovacuum off, and the kept statement must then
 * read Invoice through its indexes.
 */
import pg from "pg";
import type { Viewer } from "../src/auth/authenticate";
import { prepareInvoice } from "../src/services/invoice/invoice-preparation";
import { storeInvoice } from "../src/services/invoice/invoice-store";
import { onPostgres } from "./support/databases";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";
import { createTestApp, demoIds, gql, type TestApp } from "./support/test-app";

type Sent = { name?: string; text: string; values: unknown[] };

describeIf(onPostgres, NEEDS_POSTGRES)("the invoice read-back's plan as the table grows (PostgreSQL)", () => {
  let t: TestApp;
  let client: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    // only the server's writes may have the tables analyzed; statistics of the seed to start from
    for (const table of ["Invoice", "InvoiceItem"]) await client.query(`ALTER TABLE "${table}" SET (autovacuum_enabled = false)`);
    await client.query(`ANALYZE "Invoice", "InvoiceItem"`);
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  const input = {
    invoiceType: "Vat",
    direction: "income",
    fileGeneratedLanguage: "pl",
    isDraft: false,
    numbering: demoIds.invoiceNumberingId,
    issueDate: "2034-02-03",
    buyerId: demoIds.contractorId,
    items: [1, 2, 3].map((n) => ({ positionName: `Usługa ${n}`, unit: "godz.", count: n, priceUnit: 99.99, tax: "RATE_23" })),
  };

  /** The statement createInvoice reads its invoice back with, as the server sends it. */
  async function readBack(): Promise<Sent> {
    const sent: Sent[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      if (typeof config === "object" && config && "text" in config) sent.push(config as Sent);
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof query;
    try {
      const created = await t.gql(gql`mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`, { input });
      expect(created.errors).toBeUndefined();
    } finally {
      pg.Client.prototype.query = query;
    }
    return sent.filter((s) => s.text.startsWith(`select "i"."id"`)).at(-1)!;
  }

  const literal = (v: unknown) => (v === null ? "NULL" : client.escapeLiteral(Array.isArray(v) ? `{${v.join(",")}}` : String(v)));
  /** The plan the statement runs with next on `client`: the kept one, if any. */
  const plan = async (s: Sent) =>
    (await client.query(`EXPLAIN EXECUTE ${s.name}(${s.values.map(literal).join(", ")})`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
  const scansInvoice = /Seq Scan on "Invoice" /;

  it("is planned again once the server's own invoices have grown the table: index scans at 2,100 more invoices", async () => {
    const sent = await readBack();
    expect(sent.name).toBeDefined();
    // run as the server runs it until PostgreSQL keeps a generic plan, made for the seed's invoices
    for (let i = 0; i < 8; i++) await client.query({ name: sent.name, text: sent.text, values: sent.values });
    expect(await plan(sent)).toMatch(scansInvoice);

    const viewer = { id: demoIds.adminUserId, roles: ["admin"], isAdmin: true } as unknown as Viewer;
    const context = await t.contextOf(viewer);
    // the service takes the values the schema makes of the input: a Date, the tax rate as stored
    const items = input.items.map((item) => ({ ...item, tax: "23" }));
    const prepared = await prepareInvoice(context, { ...input, issueDate: new Date(input.issueDate), items } as never);
    for (let i = 0; i < 2_100; i++) await storeInvoice(t.db, context.read, prepared, new Date(), false);

    // the last analysis runs in the background: the plan changes once it has ended
    let current = await plan(sent);
    for (const until = Date.now() + 20_000; scansInvoice.test(current) && Date.now() < until; current = await plan(sent)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(current).not.toMatch(scansInvoice);
  }, 120_000);
});
