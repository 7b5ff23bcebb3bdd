import { randomUUID } from "node:crypto";
import type { CreateInvoiceInput } from "../src/inputs/invoice/create-invoice.input";
import { createInvoice } from "../src/services/invoice/invoice-creation.service";
import { codes, createTestApp, demoIds, gql, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CREATE = gql`
  mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no numbering { id } items { netAmount } } }
`;

const issued = (issueDate: string, n: number) => ({
  invoiceType: "Vat",
  fileGeneratedLanguage: "pl",
  isDraft: false,
  numbering: demoIds.invoiceNumberingId,
  issueDate,
  items: [{ positionName: `Pozycja ${n}`, count: n, priceUnit: 10, tax: "RATE_23" }],
});

/** The counter values of numbers in the demo numbering's pattern FV/{number:4}/{MM}/{YYYY}. */
const values = (nos: string[]) => nos.map((no) => Number(no.split("/")[1])).sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

async function numbersIn(period: string): Promise<string[]> {
  const rows = await t.db.invoice.findMany({
    where: { numberingId: demoIds.invoiceNumberingId, numberingPeriod: period },
    select: { no: true },
  });
  return rows.map((r) => r.no!);
}

async function counter(period: string): Promise<number | undefined> {
  const row = await t.db.invoiceNumberingCounter.findUnique({
    where: { numberingId_period: { numberingId: demoIds.invoiceNumberingId, period } },
  });
  return row?.lastValue;
}

describe("E4 createInvoice under concurrency", () => {
  it("50 concurrent creations all succeed with 50 distinct, consecutive numbers", async () => {
    const started = Date.now();
    const results = await Promise.all(oneTo(50).map((n) => t.gql(CREATE, { input: issued("2033-01-15", n) })));
    const elapsed = Date.now() - started;
    expect(results.flatMap((r) => r.errors ?? [])).toEqual([]);
    const nos = results.map((r) => r.data!.createInvoice.no as string);
    expect(new Set(nos).size).toBe(50);
    expect(values(nos)).toEqual(oneTo(50));
    expect(nos.every((no) => /^FV\/\d{4}\/01\/2033$/.test(no))).toBe(true);
    // each response is its own invoice with its own items
    expect(results.map((r) => r.data!.createInvoice.items[0].netAmount).sort((a, b) => a - b)).toEqual(oneTo(50).map((n) => n * 10));
    expect((await numbersIn("2033-01")).sort()).toEqual([...nos].sort());
    expect(await counter("2033-01")).toBe(50);
    console.log(`50 concurrent createInvoice calls: ${elapsed} ms`);
  });

  it("a concurrent mix of two periods and of failing creations leaves both periods gap-free", async () => {
    const ghost = { id: randomUUID(), email: "ghost@example.com", roles: ["admin"], isAdmin: true };
    const ghostInput = (n: number) =>
      ({
        ...issued("2033-02-10", n),
        issueDate: new Date("2033-02-10T00:00:00Z"),
        direction: "income",
        buyerIsJst: false,
        buyerIsGv: false,
        posted: false,
        isSplitPayment: false,
        isReverseCharge: false,
        isCashAccounting: false,
      }) as unknown as CreateInvoiceInput;
    const calls: Promise<{ ok: boolean; no?: string; period?: string; code?: string }>[] = [];
    for (let n = 1; n <= 80; n++) {
      const kind = n % 4;
      if (kind === 0) {
        // fails after its number was taken (the creator does not exist): the number must come back
        calls.push(
          t
            .contextOf(ghost)
            .then((ctx) => createInvoice(ctx, ghostInput(n)))
            .then(
              () => ({ ok: true }),
              () => ({ ok: false }),
            ),
        );
      } else if (kind === 3 && n % 8 === 3) {
        // fails on a reference, before the counter
        calls.push(
          t
            .gql(CREATE, { input: { ...issued("2033-02-11", n), financeTask: randomUUID() } })
            .then((r) => ({ ok: false, code: codes(r)[0] })),
        );
      } else {
        const period = kind === 1 ? "2033-02" : "2033-03";
        calls.push(
          t
            .gql(CREATE, { input: issued(`${period}-1${n % 10}`, n) })
            .then((r) => (r.errors ? { ok: false, code: codes(r)[0] } : { ok: true, no: r.data!.createInvoice.no, period })),
        );
      }
    }
    const results = await Promise.all(calls);
    const succeeded = results.filter((r) => r.ok);
    const february = succeeded.filter((r) => r.period === "2033-02").map((r) => r.no!);
    const march = succeeded.filter((r) => r.period === "2033-03").map((r) => r.no!);
    expect(results.filter((r) => !r.ok && r.code !== undefined).every((r) => r.code === "NOT_FOUND")).toBe(true);
    expect(results.filter((r) => !r.ok).length).toBe(20 + 10);
    expect(february.length + march.length).toBe(50);
    expect(values(february)).toEqual(oneTo(february.length));
    expect(values(march)).toEqual(oneTo(march.length));
    expect(await counter("2033-02")).toBe(february.length);
    expect(await counter("2033-03")).toBe(march.length);
    expect((await numbersIn("2033-02")).length).toBe(february.length);
  });

  it("of concurrent creations with the same hand-given number in one numbering, exactly one wins; the others are CONFLICT", async () => {
    const input = { ...issued("2033-04-01", 1), no: "FV/RECZNY/1" };
    const results = await Promise.all(Array.from({ length: 10 }, () => t.gql(CREATE, { input })));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors).map((r) => codes(r)[0])).toEqual(Array(9).fill("CONFLICT"));
    expect(await t.db.invoice.count({ where: { no: "FV/RECZNY/1" } })).toBe(1);
    expect(await counter("2033-04")).toBeUndefined();
  });
});
