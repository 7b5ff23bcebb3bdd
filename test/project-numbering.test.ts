import { randomUUID } from "node:crypto";
import { codes, createTestApp, gql, type TestApp } from "./support/test-app";

/**
 * Project numbers come from the shared numbering (src/services/shared/numbering.ts), with the
 * invoices' concurrency scheme: the counter moves by one atomic increment inside the creating
 * transaction, so concurrent creations on one numbering get consecutive numbers without gaps or
 * repeats; a creation that loses a race on a unique index runs again and ends in success or
 * CONFLICT (src/services/shared/retry.ts), never in INTERNAL_SERVER_ERROR. Runs on SQLite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
const fx = { monthly: randomUUID(), quarterly: randomUUID() };
const CREATE = gql`mutation ($input: CreateProjectInput!) { createProject(input: $input) { id no shortCode numbering { id counterNextValue } } }`;

const pad = (n: number, len: number) => String(n).padStart(len, "0");
const input = (over: Record<string, unknown>) => ({
  name: "Numerowany projekt",
  dateStartPlanned: "2027-03-01T00:00:00.000Z",
  dateEndPlanned: "2027-09-30T00:00:00.000Z",
  isBlameableRemovalEnabled: false,
  status: "open",
  contractors: [],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const now = new Date();
  await t.db.projectNumbering.createMany({
    data: [
      {
        id: fx.monthly,
        name: "Równoległa",
        pattern: "RN/{number}/{MM}/{YYYY}",
        counterPadLength: 3,
        counterNextValue: 40,
        counterInterval: "P1M",
        counterPeriod: `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1, 2)}`,
      },
      {
        id: fx.quarterly,
        name: "Kwartalna",
        pattern: "KW/{number}",
        counterPadLength: 2,
        counterNextValue: 77,
        counterInterval: "P3M",
        counterPeriod: "2001-Q1",
      },
    ],
  });
});
afterAll(() => t.close());

describe("project numbering", () => {
  it("gives concurrent creations on one numbering consecutive numbers, without gaps or repeats", async () => {
    const n = 12;
    const now = new Date();
    const results = await Promise.all(
      // half of them share a name, so their short codes race too; a retried creation gives its number back
      Array.from({ length: n }, (_, i) =>
        t.gql(CREATE, { input: input({ name: i % 2 ? `Równoległy ${i}` : "Równoległy wspólny", numbering: fx.monthly }) }),
      ),
    );
    for (const r of results) expect(r.errors).toBeUndefined();
    const numbers = results.map((r) => r.data!.createProject.no as string).sort();
    const suffix = `/${pad(now.getUTCMonth() + 1, 2)}/${now.getUTCFullYear()}`;
    expect(numbers).toEqual(Array.from({ length: n }, (_, i) => `RN/${pad(40 + i, 3)}${suffix}`));
    expect(new Set(results.map((r) => r.data!.createProject.shortCode)).size).toBe(n);
    const row = await t.db.projectNumbering.findUniqueOrThrow({ where: { id: fx.monthly } });
    expect(row.counterNextValue).toBe(40 + n);
    expect(await t.db.project.count({ where: { numberingId: fx.monthly } })).toBe(n);
  });

  it("keys a quarterly period as invoices do (2026-Q4) and starts a new period at 1", async () => {
    const r = await t.gql(CREATE, { input: input({ name: "Kwartalny", numbering: fx.quarterly }) });
    expect(r.errors).toBeUndefined();
    expect(r.data!.createProject.no).toBe("KW/01");
    const now = new Date();
    expect(await t.db.projectNumbering.findUniqueOrThrow({ where: { id: fx.quarterly } })).toMatchObject({
      counterNextValue: 2,
      counterPeriod: `${now.getUTCFullYear()}-Q${Math.ceil((now.getUTCMonth() + 1) / 3)}`,
    });
    const next = await t.gql(CREATE, { input: input({ name: "Kwartalny 2", numbering: fx.quarterly }) });
    expect(next.data!.createProject.no).toBe("KW/02");
  });

  it("ends a race on a unique index in success or CONFLICT, never INTERNAL_SERVER_ERROR", async () => {
    // Numbers given by hand take no counter, so nothing serializes these creations: all read the
    // same free short code, one wins, the others fail on the unique index and run again.
    const tag = randomUUID().slice(0, 8);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.gql(CREATE, { input: input({ name: "Wyścig kodów", no: `RĘCZNY/${tag}/${i}` }) })),
    );
    const outcomes = results.map((r) => (r.errors ? codes(r).join(",") : "ok"));
    for (const outcome of outcomes) expect(["ok", "CONFLICT"]).toContain(outcome);
    const created = results.filter((r) => !r.errors).map((r) => r.data!.createProject);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((p) => p.shortCode)).size).toBe(created.length);
    // a refused creation left nothing behind
    expect(await t.db.project.count({ where: { no: { startsWith: `RĘCZNY/${tag}/` } } })).toBe(created.length);
    for (const r of results.filter((x) => x.errors)) expect(r.errors![0].message).toMatch(/created at the same time/);
    console.log(
      `short-code race: ${outcomes.filter((o) => o === "ok").length} created, ${outcomes.filter((o) => o !== "ok").length} CONFLICT`,
    );
  });
});
