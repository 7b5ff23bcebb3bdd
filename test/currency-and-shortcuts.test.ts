import { codes, createTestApp, gql, invalidFields, type TestApp, demoIds } from "./support/test-app";
import { httpGql } from "./support/server-process";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CREATE_CURRENCY = gql`
  mutation ($input: CreateCurrencyDictionaryInput!) {
    createCurrencyDictionary(input: $input) { id name code isDefault }
  }
`;
const CREATE_SHORTCUT = gql`
  mutation ($input: CreateShortcutInput!) {
    createShortcut(input: $input) { id weight name viewUrl isOpenedInNewTab }
  }
`;

describe("E18 createCurrencyDictionary", () => {
  it("creates an entry, stores the code upper-case", async () => {
    const r = await t.gql(CREATE_CURRENCY, { input: { name: "Czech koruna", code: "czk", isDefault: false } });
    expect(r.errors).toBeUndefined();
    expect(r.data!.createCurrencyDictionary).toMatchObject({ name: "Czech koruna", code: "CZK", isDefault: false });
    const row = await t.db.currencyDictionary.findUnique({ where: { code: "CZK" } });
    expect(row?.id).toBe(r.data!.createCurrencyDictionary.id);
  });

  it("a new default clears the previous one: exactly one default", async () => {
    const r = await t.gql(CREATE_CURRENCY, { input: { name: "Swiss franc", code: "CHF", isDefault: true } });
    expect(r.data!.createCurrencyDictionary.isDefault).toBe(true);
    const defaults = await t.db.currencyDictionary.findMany({ where: { isDefault: true } });
    expect(defaults.map((d) => d.code)).toEqual(["CHF"]);
  });

  it("an existing code is a CONFLICT and changes nothing", async () => {
    const before = await t.db.currencyDictionary.findMany({ orderBy: { id: "asc" } });
    const r = await t.gql(CREATE_CURRENCY, { input: { name: "Duplicate", code: "chf", isDefault: false } });
    expect(codes(r)).toEqual(["CONFLICT"]);
    expect(r.data?.createCurrencyDictionary ?? null).toBeNull();
    const r2 = await t.gql(CREATE_CURRENCY, { input: { name: "Another default", code: "CHF", isDefault: true } });
    expect(codes(r2)).toEqual(["CONFLICT"]);
    expect(await t.db.currencyDictionary.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("name is 3 to 100 characters", async () => {
    for (const [name, ok] of [
      ["abc", true],
      ["ab", false],
      ["n".repeat(100), true],
      ["n".repeat(101), false],
    ] as const) {
      const code = `Q${String.fromCharCode(65 + (name.length % 26))}${ok ? "A" : "B"}`;
      const r = await t.gql(CREATE_CURRENCY, { input: { name, code, isDefault: false } });
      if (ok) expect(r.errors).toBeUndefined();
      else {
        expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
        expect(invalidFields(r)).toEqual(["input.name"]);
      }
    }
  });

  it("code is exactly 3 letters", async () => {
    for (const code of ["EU", "EURO", "E1R", ""]) {
      const r = await t.gql(CREATE_CURRENCY, { input: { name: "Bad code", code, isDefault: false } });
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(r)).toEqual(["input.code"]);
    }
  });

  it("isDefault is required", async () => {
    const r = await t.gql(CREATE_CURRENCY, { input: { name: "No flag", code: "NOF" } });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
  });

  it("validation errors do not echo the input back", async () => {
    const secret = "s3cr3t-value-that-must-not-echo".padEnd(120, "x");
    const r = await t.gql(CREATE_CURRENCY, { input: { name: secret, code: "SEC", isDefault: false } });
    expect(JSON.stringify(r.errors)).not.toContain("s3cr3t");
    expect(r.errors![0].extensions!.validationErrors).toEqual([{ field: "input.name", constraints: { isLength: expect.any(String) } }]);
  });

  it("of concurrent creations of default currencies over HTTP, each succeeds or is CONFLICT, and exactly one default remains", async () => {
    const url = await t.url();
    const codesSent = Array.from({ length: 8 }, (_, i) => `D${String.fromCharCode(65 + i)}X`);
    const results = await Promise.all(
      codesSent.map((code) => httpGql(url, CREATE_CURRENCY, { input: { name: `Default ${code}`, code, isDefault: true } }, t.adminToken)),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(
      results
        .flatMap((r) => r.body.errors ?? [])
        .map((e) => e.extensions?.code)
        .filter((c) => c !== "CONFLICT"),
    ).toEqual([]);
    const created = results.filter((r) => !r.body.errors).map((r) => r.body.data!.createCurrencyDictionary.code as string);
    expect(created.length).toBeGreaterThan(0);
    const defaults = await t.db.currencyDictionary.findMany({ where: { isDefault: true } });
    expect(defaults).toHaveLength(1);
    expect(created).toContain(defaults[0].code);
    // a CONFLICT stored nothing
    expect((await t.db.currencyDictionary.findMany({ where: { code: { in: codesSent } } })).map((c) => c.code).sort()).toEqual(
      [...created].sort(),
    );
  });

  it("needs a token", async () => {
    const r = await t.gql(CREATE_CURRENCY, { input: { name: "Anon", code: "ANO", isDefault: false } }, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
    expect(await t.db.currencyDictionary.findUnique({ where: { code: "ANO" } })).toBeNull();
  });
});

describe("E20 createShortcut", () => {
  it("belongs to the caller and goes after their existing shortcuts", async () => {
    const existing = await t.db.shortcut.aggregate({ where: { userId: demoIds.userId }, _max: { weight: true } });
    const first = await t.gql(
      CREATE_SHORTCUT,
      { input: { name: "My tasks", viewUrl: "/tasks?assignee=me", isOpenedInNewTab: false } },
      t.userToken,
    );
    const second = await t.gql(
      CREATE_SHORTCUT,
      { input: { name: "Invoices", viewUrl: "/finance/invoices", isOpenedInNewTab: true } },
      t.userToken,
    );
    expect(first.errors).toBeUndefined();
    const base = existing._max.weight ?? 0;
    expect(first.data!.createShortcut).toMatchObject({
      weight: base + 1,
      name: "My tasks",
      viewUrl: "/tasks?assignee=me",
      isOpenedInNewTab: false,
    });
    expect(second.data!.createShortcut.weight).toBe(base + 2);
    const row = await t.db.shortcut.findUnique({ where: { id: second.data!.createShortcut.id } });
    expect(row).toMatchObject({ userId: demoIds.userId, isOpenedInNewTab: true });
  });

  it("gives concurrent creations by one user distinct, consecutive weights, over HTTP", async () => {
    const url = await t.url();
    const before = (await t.db.shortcut.aggregate({ where: { userId: demoIds.userId }, _max: { weight: true } }))._max.weight ?? 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        httpGql(url, CREATE_SHORTCUT, { input: { name: `Równolegle ${i}`, viewUrl: "/x", isOpenedInNewTab: false } }, t.userToken),
      ),
    );
    expect(results.flatMap((r) => r.body.errors ?? [])).toEqual([]);
    const weights = results.map((r) => r.body.data!.createShortcut.weight as number).sort((a, b) => a - b);
    expect(weights).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    const stored = await t.db.shortcut.findMany({ where: { userId: demoIds.userId }, select: { weight: true } });
    expect(new Set(stored.map((s) => s.weight)).size).toBe(stored.length);
  });

  it("name: 50 passes, 51 fails; empty fails", async () => {
    expect(
      (await t.gql(CREATE_SHORTCUT, { input: { name: "n".repeat(50), viewUrl: "/x", isOpenedInNewTab: false } })).errors,
    ).toBeUndefined();
    for (const name of ["n".repeat(51), ""]) {
      const r = await t.gql(CREATE_SHORTCUT, { input: { name, viewUrl: "/x", isOpenedInNewTab: false } });
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(r)).toEqual(["input.name"]);
    }
  });

  it("viewUrl: 255 passes, 256 fails", async () => {
    expect(
      (await t.gql(CREATE_SHORTCUT, { input: { name: "Long", viewUrl: "/".padEnd(255, "a"), isOpenedInNewTab: false } })).errors,
    ).toBeUndefined();
    const r = await t.gql(CREATE_SHORTCUT, { input: { name: "Too long", viewUrl: "/".padEnd(256, "a"), isOpenedInNewTab: false } });
    expect(invalidFields(r)).toEqual(["input.viewUrl"]);
  });

  it("reports every broken rule at once and stores nothing", async () => {
    const before = await t.db.shortcut.count();
    const r = await t.gql(CREATE_SHORTCUT, { input: { name: "n".repeat(51), viewUrl: "", isOpenedInNewTab: false } });
    expect(invalidFields(r).sort()).toEqual(["input.name", "input.viewUrl"]);
    expect(await t.db.shortcut.count()).toBe(before);
  });

  it("needs a token", async () => {
    const r = await t.gql(CREATE_SHORTCUT, { input: { name: "Anon", viewUrl: "/", isOpenedInNewTab: false } }, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
  });
});
