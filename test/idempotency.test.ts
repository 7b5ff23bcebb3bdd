/**
 * Safe retries (issue 22): a mutation sent with an `Idempotency-Key` runs once per caller and
 * key; a retry gets the first answer back, marked `Idempotent-Replayed: true`. Through the
 * real HTTP server (GraphQL and the REST writes) on a private database copy.
 */
import { randomUUID } from "node:crypto";
import { createTestApp, demoIds, TEST_ADMIN_TOKEN, type TestApp } from "./support/test-app";
import { sleep } from "./support/server-process";

const CREATE_INVOICE = `mutation Create($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no grossAmount } }`;
const CREATE_SHORTCUT = `mutation Add($input: CreateShortcutInput!) { createShortcut(input: $input) { id name weight } }`;
const CREATE_CURRENCY = `mutation Add($input: CreateCurrencyDictionaryInput!) { createCurrencyDictionary(input: $input) { id code } }`;

const invoice = (description = "idempotency test") => ({
  invoiceType: "Vat",
  direction: "income",
  numbering: demoIds.invoiceNumberingId,
  isDraft: false,
  issueDate: "2031-09-10",
  fileGeneratedLanguage: "pl",
  description,
  items: [{ positionName: "Wdrożenie", count: 2, priceUnit: 1000, tax: "RATE_23" }],
});

interface Answer {
  status: number;
  headers: Headers;
  json: any;
}

async function send(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; key?: string; token?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${init.token ?? TEST_ADMIN_TOKEN}`,
      ...(init.key !== undefined ? { "idempotency-key": init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => null) };
}

const gql = (url: string, query: string, variables: Record<string, unknown>, options: { key?: string; token?: string } = {}) =>
  send(url, "/graphql", { body: { query, variables }, ...options });

describe("Idempotency-Key on mutations", () => {
  let t: TestApp;
  let url: string;
  const invoices = () => t.db.invoice.count();
  const storedKeys = () => t.db.idempotencyKey.count();

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.url();
  });
  afterAll(() => t.close());

  it("a retried createInvoice gets the first answer (same id, same number), marked Idempotent-Replayed, and makes no second invoice", async () => {
    const key = randomUUID();
    const before = await invoices();
    const first = await gql(url, CREATE_INVOICE, { input: invoice() }, { key });
    expect(first.status).toBe(200);
    expect(first.json.errors).toBeUndefined();
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const created = first.json.data.createInvoice;
    expect(created.no).toMatch(/\d/);

    // the same request again, spelled differently (spacing, key order of the variables): the same request
    const again = await send(url, "/graphql", {
      key,
      body: {
        variables: { input: { ...invoice(), items: [{ tax: "RATE_23", priceUnit: 1000, count: 2, positionName: "Wdrożenie" }] } },
        query: CREATE_INVOICE.replace(/ /g, "  "),
      },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.data.createInvoice).toEqual(created);
    expect(await invoices()).toBe(before + 1);

    // the numbering's counter moved once: the next invoice takes the number after it
    const next = await gql(url, CREATE_INVOICE, { input: invoice() }, { key: randomUUID() });
    const digits = (no: string) => Number(no.split("/")[1]);
    expect(digits(next.json.data.createInvoice.no)).toBe(digits(created.no) + 1);
  });

  it("the key sent again with another request is 422 IDEMPOTENCY_KEY_REUSED and runs nothing", async () => {
    const key = randomUUID();
    await gql(url, CREATE_INVOICE, { input: invoice("first") }, { key });
    const before = await invoices();
    for (const [query, variables, operationName] of [
      [CREATE_INVOICE, { input: invoice("other variables") }, undefined],
      [CREATE_INVOICE.replace("grossAmount", "netAmount"), { input: invoice("first") }, undefined],
      [`${CREATE_INVOICE} mutation Other { __typename }`, { input: invoice("first") }, "Create"],
    ] as const) {
      const reused = await send(url, "/graphql", { key, body: { query, variables, operationName } });
      expect(reused.status).toBe(422);
      expect(reused.json.errors).toEqual([
        expect.objectContaining({ extensions: { code: "IDEMPOTENCY_KEY_REUSED", header: "Idempotency-Key" } }),
      ]);
      expect(reused.json.data).toBeUndefined();
    }
    expect(await invoices()).toBe(before);
  });

  it("refuses a malformed key with 400 naming the header, without echoing it, and runs nothing", async () => {
    const before = await invoices();
    for (const key of ["", "has space", "x".repeat(256), "clé", "a,b", '"unterminated']) {
      const bad = await gql(url, CREATE_INVOICE, { input: invoice() }, { key });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toHaveLength(1);
      expect(bad.json.errors[0].extensions).toEqual({ code: "BAD_REQUEST", header: "Idempotency-Key" });
      expect(bad.json.errors[0].message).toContain("Idempotency-Key");
      if (key.length > 1) expect(JSON.stringify(bad.json)).not.toContain(key);
    }
    // the draft's structured-field form (a quoted string) is the same key as the bare one
    const key = randomUUID();
    const quoted = await gql(url, CREATE_INVOICE, { input: invoice() }, { key: `"${key}"` });
    const bare = await gql(url, CREATE_INVOICE, { input: invoice() }, { key });
    expect(bare.headers.get("idempotent-replayed")).toBe("true");
    expect(bare.json.data).toEqual(quoted.json.data);
    expect(await invoices()).toBe(before + 1);
  });

  it("a failed mutation is not stored: the key is given back and a retry runs the mutation", async () => {
    const key = randomUUID();
    await t.db.currencyDictionary.create({ data: { code: "QXZ", name: "taken", isDefault: false } });
    const input = { name: "Waluta", code: "QXZ", isDefault: false };
    const failed = await gql(url, CREATE_CURRENCY, { input }, { key });
    expect(failed.json.errors[0].extensions.code).toBe("CONFLICT");
    expect(await t.db.idempotencyKey.findFirst({ where: { key } })).toBeNull();

    await t.db.currencyDictionary.delete({ where: { code: "QXZ" } });
    const retried = await gql(url, CREATE_CURRENCY, { input }, { key });
    expect(retried.json.errors).toBeUndefined();
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.json.data.createCurrencyDictionary.code).toBe("QXZ");
    // and now it is stored
    const replayed = await gql(url, CREATE_CURRENCY, { input }, { key });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.json.data).toEqual(retried.json.data);
  });

  it("a refused request (no token, forbidden) stores nothing", async () => {
    const key = randomUUID();
    const anonymous = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ query: CREATE_INVOICE, variables: { input: invoice() } }),
    });
    expect(((await anonymous.json()) as any).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    const forbidden = await gql(
      url,
      CREATE_CURRENCY,
      { input: { name: "Waluta", code: "QXY", isDefault: false } },
      { key, token: t.userToken },
    );
    expect(forbidden.json.errors[0].extensions.code).toBe("FORBIDDEN");
    expect(await t.db.idempotencyKey.findFirst({ where: { key } })).toBeNull();
  });

  it("concurrent retries of one request wait for the first answer: one invoice, every answer the same", async () => {
    const key = randomUUID();
    const before = await invoices();
    const answers = await Promise.all(Array.from({ length: 6 }, () => gql(url, CREATE_INVOICE, { input: invoice("burst") }, { key })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((a) => a.json.data.createInvoice.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await invoices()).toBe(before + 1);
  });

  it("a retry while the first request still runs waits for its answer, and past its own budget is 409 IDEMPOTENCY_IN_PROGRESS", async () => {
    const short = await createTestApp({ REQUEST_TIMEOUT_MS: "1500" });
    try {
      const shortUrl = await short.url();
      const key = randomUUID();
      const first = await gql(shortUrl, CREATE_SHORTCUT, { input: { name: "first", viewUrl: "/a", isOpenedInNewTab: false } }, { key });
      expect(first.json.errors).toBeUndefined();
      // the first request as another process sees it while it runs: its claim, no answer yet
      const running = () =>
        short.db.idempotencyKey.updateMany({ where: { key }, data: { state: "running", expiresAt: new Date(Date.now() + 60_000) } });
      const done = () => short.db.idempotencyKey.updateMany({ where: { key }, data: { state: "done" } });
      await running();
      const started = Date.now();
      const waiting = gql(shortUrl, CREATE_SHORTCUT, { input: { name: "first", viewUrl: "/a", isOpenedInNewTab: false } }, { key });
      await sleep(400);
      await done();
      const replayed = await waiting;
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(replayed.status).toBe(200);
      expect(replayed.headers.get("idempotent-replayed")).toBe("true");
      expect(replayed.json.data).toEqual(first.json.data);

      // never answered within the retry's budget: 409, nothing ran
      await running();
      const before = await short.db.shortcut.count();
      const busy = await gql(shortUrl, CREATE_SHORTCUT, { input: { name: "first", viewUrl: "/a", isOpenedInNewTab: false } }, { key });
      expect(busy.status).toBe(409);
      expect(busy.headers.get("retry-after")).toBe("1");
      expect(busy.json.errors[0].extensions).toEqual({ code: "IDEMPOTENCY_IN_PROGRESS", header: "Idempotency-Key" });
      expect(await short.db.shortcut.count()).toBe(before);

      // a claim whose process died (it ran past its lease) is taken over: the retry runs
      await short.db.idempotencyKey.updateMany({ where: { key }, data: { state: "running", expiresAt: new Date(Date.now() - 1) } });
      const taken = await gql(shortUrl, CREATE_SHORTCUT, { input: { name: "first", viewUrl: "/a", isOpenedInNewTab: false } }, { key });
      expect(taken.headers.get("idempotent-replayed")).toBeNull();
      expect(taken.json.data.createShortcut.id).not.toBe(first.json.data.createShortcut.id);
      expect(await short.db.shortcut.count()).toBe(before + 1);
    } finally {
      await short.close();
    }
  });

  it("a stored answer expires after IDEMPOTENCY_TTL: the key is free again", async () => {
    const brief = await createTestApp({ IDEMPOTENCY_TTL: "1s" });
    try {
      const briefUrl = await brief.url();
      const key = randomUUID();
      const input = { name: "ttl", viewUrl: "/ttl", isOpenedInNewTab: false };
      const first = await gql(briefUrl, CREATE_SHORTCUT, { input }, { key });
      const replay = await gql(briefUrl, CREATE_SHORTCUT, { input }, { key });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      await sleep(1_100);
      const later = await gql(briefUrl, CREATE_SHORTCUT, { input }, { key });
      expect(later.headers.get("idempotent-replayed")).toBeNull();
      expect(later.json.data.createShortcut.id).not.toBe(first.json.data.createShortcut.id);
      // and another request may now use the key
      expect((await brief.db.idempotencyKey.findMany({ where: { key } })).length).toBe(1);
    } finally {
      await brief.close();
    }
  });

  it("keys are scoped to the caller: another user's same key and request run on their own", async () => {
    const key = randomUUID();
    const input = { name: "mine", viewUrl: "/mine", isOpenedInNewTab: false };
    const admin = await gql(url, CREATE_SHORTCUT, { input }, { key });
    const user = await gql(url, CREATE_SHORTCUT, { input }, { key, token: t.userToken });
    expect(user.status).toBe(200);
    expect(user.headers.get("idempotent-replayed")).toBeNull();
    expect(user.json.data.createShortcut.id).not.toBe(admin.json.data.createShortcut.id);
    const owners = await t.db.shortcut.findMany({
      where: { id: { in: [admin.json.data.createShortcut.id, user.json.data.createShortcut.id] } },
      select: { userId: true },
    });
    expect(owners.map((o) => o.userId).sort()).toEqual([demoIds.adminUserId, demoIds.userId].sort());
    // each replays their own
    const userAgain = await gql(url, CREATE_SHORTCUT, { input }, { key, token: t.userToken });
    expect(userAgain.json.data).toEqual(user.json.data);
    expect(userAgain.headers.get("idempotent-replayed")).toBe("true");
  });

  it("a REST write (POST /finance/invoices) is replayed the same way: 201, the same body, one invoice", async () => {
    const key = randomUUID();
    const before = await invoices();
    const body = {
      invoiceType: "Vat",
      fileGeneratedLanguage: "pl",
      isDraft: false,
      issueDate: "2031-09-11",
      buyerId: demoIds.contractorId,
      items: [{ positionName: "Wdrożenie", count: 2, priceUnit: 1000, tax: "23" }],
    };
    const first = await send(url, "/finance/invoices", { key, body });
    expect(first.status).toBe(201);
    const again = await send(url, "/finance/invoices", { key, body });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await invoices()).toBe(before + 1);

    const other = await send(url, "/finance/invoices", { key, body: { ...body, description: "changed" } });
    expect(other.status).toBe(422);
    expect(other.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(other.json).toMatchObject({ status: 422, code: "IDEMPOTENCY_KEY_REUSED" });
    const malformed = await send(url, "/finance/invoices", { key: "not a key", body });
    expect(malformed.status).toBe(400);
    expect(malformed.json.detail).toContain("Idempotency-Key");
    expect(await invoices()).toBe(before + 1);
  });

  it("queries ignore the header: each runs, nothing is stored, whatever the key looks like", async () => {
    const keys = await storedKeys();
    for (const key of [randomUUID(), "not a key"]) {
      const answers = [
        await gql(url, "{ users(itemsPerPage: 1) { items { id } } }", {}, { key }),
        await gql(url, "{ users(itemsPerPage: 1) { items { id } } }", {}, { key }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.headers.get("idempotent-replayed")).toBeNull();
      }
    }
    expect(await storedKeys()).toBe(keys);
  });

  it("a key costs a mutation two statements (the claim, the stored answer), and a replay sends two beside authentication (the claim that finds the row, its read)", async () => {
    const input = (name: string) => ({ input: { name, viewUrl: "/count", isOpenedInNewTab: false } });
    // a first request with a key: the process's occasional sweep of expired keys happens here, not below
    await gql(url, CREATE_SHORTCUT, input("warm-up"), { key: randomUUID() });
    const plain = await t.countStatements(() => gql(url, CREATE_SHORTCUT, input("plain")));
    const key = randomUUID();
    const keyed = await t.countStatements(() => gql(url, CREATE_SHORTCUT, input("keyed"), { key }));
    expect(keyed).toBe(plain + 2);
    // beside authenticating the token, which every request does
    const authentication = await t.countStatements(() => gql(url, "{ __typename }", {}));
    const replay = await t.countStatements(() => gql(url, CREATE_SHORTCUT, input("keyed"), { key }));
    expect(replay).toBe(authentication + 2);
  });

  it("a batch carrying a key is refused: a key names the answer of one operation", async () => {
    const before = await invoices();
    const batch = await send(url, "/graphql", {
      key: randomUUID(),
      body: [
        { query: CREATE_INVOICE, variables: { input: invoice() } },
        { query: CREATE_INVOICE, variables: { input: invoice() } },
      ],
    });
    expect(batch.status).toBe(400);
    for (const answer of batch.json) expect(answer.errors[0].extensions).toEqual({ code: "BAD_REQUEST", header: "Idempotency-Key" });
    expect(await invoices()).toBe(before);
  });
});
