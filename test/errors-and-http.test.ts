import { createWriteProbe } from "../src/db/health";
import { getIntrospectionQuery } from "graphql";
import { createFormatError } from "../src/errors/format-error";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { projectRoot } from "../src/config/paths";
import { createLogger } from "../src/observability/logger";
import { codes, createTestApp, type TestApp, TEST_ADMIN_TOKEN } from "./support/test-app";
import { describeIf } from "./support/skip";

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.url();
});
afterAll(() => t.close());

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: TEST_ADMIN_TOKEN, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as any };
}

describe("errors", () => {
  it("masks unexpected failures: generic message, no stack trace, SQL or path", async () => {
    await t.db.$executeRawUnsafe(`DROP TABLE "Shortcut"`);
    const r = await post({ query: `mutation { createShortcut(input: { name: "x", viewUrl: "/", isOpenedInNewTab: false }) { id } }` });
    expect(r.status).toBe(200);
    expect(r.json.errors).toHaveLength(1);
    expect(r.json.errors[0].message).toBe("Internal server error.");
    expect(r.json.errors[0].extensions).toEqual({ code: "INTERNAL_SERVER_ERROR" });
    expect(JSON.stringify(r.json)).not.toMatch(/no such table|sqlite|prisma|\/work|\.ts:\d|SELECT|INSERT/i);
    expect(r.json.data).toEqual({ createShortcut: null });
  });

  it("logs the cause of an unexpected failure (class, code, message, stack, the driver's error) and answers none of it", async () => {
    const lines: string[] = [];
    const own = await createTestApp({}, { logger: createLogger("info", { write: (line: string) => void lines.push(line) }) });
    try {
      await own.db.$executeRawUnsafe(`DROP TABLE "Shortcut"`);
      const res = await fetch(`${await own.url()}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: TEST_ADMIN_TOKEN },
        body: JSON.stringify({ query: `mutation { createShortcut(input: { name: "x", viewUrl: "/", isOpenedInNewTab: false }) { id } }` }),
      });
      const answer = JSON.stringify(await res.json());
      const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "unexpected error");
      expect(logged).toHaveLength(1);
      const { err } = logged[0];
      expect(err).toMatchObject({
        type: "PrismaClientKnownRequestError",
        code: "P2021",
        message: expect.stringMatching(/Shortcut.* does not exist/),
        stack: expect.stringMatching(/^PrismaClientKnownRequestError:[\s\S]*\n\s+at .*people\.service\.ts/),
        cause: { type: "DriverAdapterError", message: "TableDoesNotExist", cause: { type: "TableDoesNotExist", code: expect.any(String) } },
      });
      // the log line has the cause; the answer has none of it
      expect(answer).toContain("Internal server error.");
      expect(answer).not.toMatch(/P2021|does not exist|DriverAdapterError|TableDoesNotExist|people\.service/i);
    } finally {
      await own.close();
    }
  });

  it("keeps a debug message and stack only when DEBUG_ERRORS asks for it", () => {
    const error = new Error("no such table: Shortcut");
    const quiet = createFormatError({ debug: false })({ message: "x", extensions: {} }, error);
    expect(quiet.extensions).toEqual({ code: "INTERNAL_SERVER_ERROR" });
    const loud = createFormatError({ debug: true })({ message: "x", extensions: {} }, error);
    expect(loud.extensions).toMatchObject({ code: "INTERNAL_SERVER_ERROR", debugMessage: "no such table: Shortcut" });
  });

  it("gives every error a code: parse and validation failures included", async () => {
    const parse = await post({ query: "{ users(" });
    expect(parse.json.errors[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
    const unknown = await post({ query: "{ nope }" });
    expect(unknown.json.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    const badVariable = await post({ query: "query ($p: Int) { users(page: $p) { items { id } } }", variables: { p: "one" } });
    expect(badVariable.json.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    for (const e of [...parse.json.errors, ...unknown.json.errors, ...badVariable.json.errors]) {
      expect(e.extensions.stacktrace).toBeUndefined();
    }
  });

  // `field` is the argument path the variable feeds (input.isDefault), as for a broken rule
  it("reshapes variables of the wrong type into validationErrors without echoing the value", async () => {
    const currency = "mutation ($i: CreateCurrencyDictionaryInput!) { createCurrencyDictionary(input: $i) { id } }";
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ["query ($p: Int) { users(page: $p) { items { id } } }", { p: 'SECRET; at "p"' }, "page", "isType"],
      [currency, { i: { name: "abc", code: "ABC", isDefault: "SECRET" } }, "input.isDefault", "isType"],
      [currency, { i: { name: "SECRET", code: "ABC" } }, "input.isDefault", "isDefined"],
      [currency, { i: { name: "SECRET", code: "ABC", isDefault: true, extra: 1 } }, "input.extra", "isKnown"],
      [currency, {}, "input", "isDefined"],
      [
        "mutation ($i: CreateInvoiceInput!) { createInvoice(input: $i) { id } }",
        {
          i: {
            invoiceType: "Vat",
            fileGeneratedLanguage: "pl",
            items: [{ positionName: "x", count: "SECRET", priceUnit: 1, tax: "RATE_23" }],
          },
        },
        "input.items.0.count",
        "isType",
      ],
      ["query ($d: DateTime!) { timesheetByUser(dateStart: $d) { seconds } }", { d: "SECRET-date" }, "dateStart", "isType"],
    ];
    for (const [query, variables, field, rule] of cases) {
      const r = await t.gql(query, variables);
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(r.errors![0].extensions!.validationErrors).toEqual([{ field, constraints: { [rule]: expect.any(String) } }]);
      expect(JSON.stringify(r.errors)).not.toContain("SECRET");
    }
  });

  // rules of literal arguments are remembered per parsed document once met (src/validation/validate-args.ts)
  it("refuses a literal that breaks a rule at every execution of the document, and checks a variable's value every time", async () => {
    const bad = `{ vacations(filter: { status: ["nope"] }) { items { id } } }`;
    const good = `{ vacations(filter: { status: ["accepted"] }) { items { id } } }`;
    for (let i = 0; i < 2; i++) {
      const refused = await t.gql(bad);
      expect(codes(refused)).toEqual(["BAD_USER_INPUT"]);
      expect(refused.errors![0].extensions!.validationErrors).toEqual([
        { field: "filter.status", constraints: { isIn: expect.any(String) } },
      ]);
      expect((await t.gql(good)).errors).toBeUndefined();
    }
    const withVariable = `query ($s: [String!]) { vacations(filter: { status: $s, vacationYear: [2026] }) { items { id } } }`;
    expect((await t.gql(withVariable, { s: ["accepted"] })).errors).toBeUndefined();
    expect(codes(await t.gql(withVariable, { s: ["nope"] }))).toEqual(["BAD_USER_INPUT"]);
  });

  it("lets the standard introspection query of playgrounds through", async () => {
    const r = await t.gql(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }), {}, null);
    expect(r.errors).toBeUndefined();
  });

  it("refuses documents that are too deep or too large", async () => {
    let deep = "name";
    for (let i = 0; i < t.config.maxQueryDepth; i++) deep = `ofType { ${deep} }`;
    const tooDeep = await t.gql(`{ __schema { types { fields { type { ${deep} } } } } }`, {}, null);
    expect(codes(tooDeep)).toEqual(["QUERY_TOO_COMPLEX"]);
    const wide = Array.from({ length: t.config.maxQueryFields + 1 }, (_, i) => `a${i}: __typename`).join(" ");
    expect(codes(await t.gql(`{ ${wide} }`))).toEqual(["QUERY_TOO_COMPLEX"]);
    const bomb = `query { ...F3 } fragment F3 on Query { a: __typename ...F2 b: __typename ...F2 c: __typename ...F2 }
      fragment F2 on Query { a: __typename ...F1 b: __typename ...F1 c: __typename ...F1 }
      fragment F1 on Query { ${Array.from({ length: 800 }, (_, i) => `x${i}: __typename`).join(" ")} }`;
    expect(codes(await t.gql(bomb))).toEqual(["QUERY_TOO_COMPLEX"]);
  });
});

describe("HTTP", () => {
  it("GET /health answers 200 when the database answers", async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("serves GraphQL over POST with a Bearer token", async () => {
    const r = await post({ query: "{ users(itemsPerPage: 1) { items { id } } }" }, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
    expect(r.status).toBe(200);
    expect(r.json.data.users.items).toHaveLength(1);
  });

  it("blocks cross-site simple requests (CSRF prevention)", async () => {
    const res = await fetch(`${base}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { authorization: TEST_ADMIN_TOKEN },
    });
    expect(res.status).toBe(400);
    const textPost = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: '{"query":"{ __typename }"}',
    });
    expect(textPost.status).toBe(400);
  });

  it("serves an offline playground to browsers", async () => {
    const res = await fetch(`${base}/graphql`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Work management API");
    // every script and stylesheet comes from this server (the examples may mention other URLs as data)
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
  });

  it("reads gzip, deflate and br bodies (the limit counting what they inflate to), and refuses another encoding or charset with 415", async () => {
    const { gzipSync, deflateSync, brotliCompressSync } = await import("node:zlib");
    const send = (body: Buffer | string, headers: Record<string, string>) =>
      fetch(`${base}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: TEST_ADMIN_TOKEN, ...headers },
        body: typeof body === "string" ? body : new Uint8Array(body),
      });
    const json = Buffer.from(JSON.stringify({ query: "{ __typename }" }));
    for (const [encoding, packed] of [
      ["gzip", gzipSync(json)],
      ["deflate", deflateSync(json)],
      ["br", brotliCompressSync(json)],
    ] as const) {
      const r = await send(packed, { "content-encoding": encoding });
      expect([encoding, r.status, ((await r.json()) as any).data]).toEqual([encoding, 200, { __typename: "Query" }]);
    }
    // a few kilobytes on the wire, more than MAX_BODY_BYTES once inflated
    const bomb = gzipSync(Buffer.from(JSON.stringify({ query: "{ __typename }", variables: { pad: "x".repeat(t.config.maxBodyBytes) } })));
    expect(bomb.length).toBeLessThan(t.config.maxBodyBytes / 100);
    const inflated = await send(bomb, { "content-encoding": "gzip" });
    expect([inflated.status, ((await inflated.json()) as any).errors[0].extensions.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const compress = await send(json.toString(), { "content-encoding": "compress" });
    expect([compress.status, ((await compress.json()) as any).errors[0].extensions.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const latin1 = await send(json.toString(), { "content-type": "application/json; charset=iso-8859-1" });
    expect([latin1.status, ((await latin1.json()) as any).errors[0].extensions.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const utf8 = await send(json.toString(), { "content-type": "application/json; charset=UTF-8" });
    expect(utf8.status).toBe(200);
  });

  it("answers a path it does not serve 404 and another method on a probe 405, as JSON errors", async () => {
    const missing = await fetch(`${base}/nothing-here`);
    expect([missing.status, missing.headers.get("content-type")]).toEqual([404, "application/json; charset=utf-8"]);
    expect(((await missing.json()) as any).errors[0].extensions).toEqual({ code: "NOT_FOUND" });
    const post = await fetch(`${base}/health`, { method: "POST" });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    expect(((await post.json()) as any).errors[0].extensions).toEqual({ code: "METHOD_NOT_ALLOWED" });
    const head = await fetch(`${base}/health/live`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
  });

  it("refuses bodies over 1 MB", async () => {
    const r = await post({ query: "{ __typename }", variables: { pad: "x".repeat(1_100_000) } });
    expect(r.status).toBe(413);
  });
});

describe("HTTP refusals and probes", () => {
  it("answers QUERY_TOO_COMPLEX with HTTP 400 and the cost and limit", async () => {
    const query = `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: users(pagination: false) { items { id } }`).join(" ")} }`;
    const r = await post({ query });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX", cost: expect.any(Number), limit: t.config.maxQueryCost });
  });

  it("while stopping: /health and /health/ready 503, /health/live 200, GraphQL 503 SERVICE_UNAVAILABLE with the connection closed", async () => {
    const own = await createTestApp();
    try {
      const url = await own.url();
      own.app.beginShutdown();
      for (const path of ["/health", "/health/ready"]) {
        const res = await fetch(`${url}${path}`);
        expect([path, res.status, await res.json()]).toEqual([path, 503, { status: "stopping" }]);
      }
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
      const res = await fetch(`${url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: TEST_ADMIN_TOKEN },
        body: `{"query":"{ __typename }"}`,
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("connection")).toBe("close");
      expect(((await res.json()) as any).errors[0].extensions.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      await own.close();
    }
  });
});

describe("the README's table of error codes and HTTP statuses (issue 24)", () => {
  /** The rows of the first table under "### Errors": each code with the statuses the README gives it. */
  function readmeStatuses(): Record<string, number[]> {
    const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Errors\n"));
    const table = section.slice(section.indexOf("| Code |"), section.indexOf("\n\n", section.indexOf("| Code |")));
    const out: Record<string, number[]> = {};
    for (const [, code, status] of table.matchAll(/^\| `(\w+)` \| (\d{3}) \|/gm)) (out[code] ??= []).push(Number(status));
    return out;
  }

  it("states the status every code really comes with", async () => {
    const seen: Record<string, number[]> = {};
    const expectOne = async (answer: Promise<{ status: number; json: any }>) => {
      const { status, json } = await answer;
      const found = (json?.errors ?? []).map((e: any) => e.extensions?.code);
      expect(found).toHaveLength(1);
      if (!(seen[found[0]] ??= []).includes(status)) seen[found[0]].push(status);
    };
    const at =
      (url: string) =>
      async (body: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: TEST_ADMIN_TOKEN, ...headers },
          body: typeof body === "string" ? body : JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json().catch(() => null)) as any };
      };
    const currency = (code: string) =>
      `mutation { createCurrencyDictionary(input: { name: "Waluta", code: "${code}", isDefault: false }) { id } }`;

    await expectOne(post({ query: "{ users { items { id } } }" }, { authorization: "", accept: "application/graphql-response+json" }));
    await expectOne(post({ query: "{ users { items { id } } }" }, { authorization: "", accept: "application/json" }));
    await expectOne(post({ query: currency("QQQ") }, { authorization: t.userToken }));
    await expectOne(post({ query: `{ projectGantt(id: "00000000-0000-4000-8000-000000000000") { id } }` }));
    await expectOne(post({ query: "{ users(itemsPerPage: 101) { items { id } } }" }));
    await expectOne(post({ query: `{ projectGantt(id: "not-a-uuid") { id } }` }));
    await expectOne(post({ query: "query ($p: Int) { users(page: $p) { items { id } } }", variables: { p: "one" } }));
    await expectOne(post({ query: currency("PLN") }));
    await expectOne(post({ query: "{ users(" }));
    await expectOne(post({ query: "{ users(order: [{ lastName: UP }]) { items { id } } }" }));
    await expectOne(post({ query: "query A { __typename }", operationName: "B" }));
    await expectOne(
      post({ query: `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: users(pagination: false) { items { id } }`).join(" ")} }` }),
    );
    await expectOne(post("{not json"));
    await expectOne(post({ variables: {} }));
    await expectOne(post(Array.from({ length: t.config.maxBatchSize + 1 }, () => ({ query: "{ __typename }" }))));
    const csrf = await fetch(`${base}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { authorization: TEST_ADMIN_TOKEN },
    });
    await expectOne(Promise.resolve({ status: csrf.status, json: await csrf.json() }));
    await expectOne(post({ query: "{ __typename }", variables: { pad: "x".repeat(t.config.maxBodyBytes) } }));
    await expectOne(post({ query: "{ __typename }" }, { "content-type": "application/json; charset=iso-8859-1" }));
    // safe retries: a malformed key; a key sent again with another request
    await expectOne(post({ query: currency("QQB") }, { "idempotency-key": "not a key" }));
    expect((await post({ query: currency("QQB") }, { "idempotency-key": "errors-table-reused" })).json.errors).toBeUndefined();
    await expectOne(post({ query: currency("QQC") }, { "idempotency-key": "errors-table-reused" }));

    // a server of its own with a small rate limit: a document dearer than the budget leaves it in debt
    const limited = await createTestApp({ RATE_LIMIT_COST_PER_MINUTE: "10" });
    try {
      const limitedPost = at(await limited.url());
      expect((await limitedPost({ query: "{ users(itemsPerPage: 20) { items { id } } }" })).status).toBe(200);
      await expectOne(limitedPost({ query: "{ __typename }" }));
    } finally {
      await limited.close();
    }

    // servers of their own with trusted documents, on a manifest of one document
    const manifest = join(mkdtempSync(join(tmpdir(), "wm-manifest-")), "persisted-documents.json");
    const registered = "query Registered { __typename }";
    writeFileSync(manifest, JSON.stringify({ [`sha256:${createHash("sha256").update(registered).digest("hex")}`]: registered }));
    for (const mode of ["require", "allow"]) {
      const own = await createTestApp({ TRUSTED_DOCUMENTS: mode, TRUSTED_DOCUMENTS_MANIFEST: manifest });
      try {
        const ownPost = at(await own.url());
        if (mode === "require") await expectOne(ownPost({ query: "{ __typename }" }));
        else await expectOne(ownPost({ query: "{ __typename }" }, { authorization: own.userToken }));
        await expectOne(ownPost({ documentId: `sha256:${"0".repeat(64)}` }));
        await expectOne(
          ownPost({ documentId: `sha256:${createHash("sha256").update(registered).digest("hex")}`, query: "{ __typename }" }),
        );
      } finally {
        await own.close();
      }
    }
    rmSync(dirname(manifest), { recursive: true, force: true });

    // a server of its own with a small result budget
    const small = await createTestApp({ MAX_RESULT_NODES: "10" });
    try {
      await expectOne(at(await small.url())({ query: "{ users(itemsPerPage: 20) { items { id } } }" }));
    } finally {
      await small.close();
    }

    // a server of its own for what needs a short time budget, a broken database or a shutdown
    const own = await createTestApp({
      REQUEST_TIMEOUT_MS: "200",
      MAX_QUERY_COST: "100000000",
      MAX_CONCURRENT_COST: "100000000",
      MAX_QUERY_FIELDS: "100000",
    });
    try {
      const ownPost = at(await own.url());
      const heavy = `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: vacations(pagination: false) { items { id description calendarUser { id email } vacationDates { id date } } }`).join(" ")} }`;
      await expectOne(ownPost({ query: heavy }));
      // a retry while the first request with its key still runs (as another process sees it), past the retry's budget
      await ownPost({ query: currency("QQD") }, { "idempotency-key": "errors-table-running" });
      await own.db.idempotencyKey.updateMany({
        where: { key: "errors-table-running" },
        data: { state: "running", expiresAt: new Date(Date.now() + 60_000) },
      });
      await expectOne(ownPost({ query: currency("QQD") }, { "idempotency-key": "errors-table-running" }));
      await own.db.$executeRawUnsafe(`DROP TABLE "Shortcut"`);
      await expectOne(
        ownPost({ query: `mutation { createShortcut(input: { name: "x", viewUrl: "/", isOpenedInNewTab: false }) { id } }` }),
      );
      own.app.beginShutdown();
      await expectOne(ownPost({ query: "{ __typename }" }));
    } finally {
      await own.close();
    }

    const sorted = (m: Record<string, number[]>) =>
      Object.fromEntries(
        Object.keys(m)
          .sort()
          .map((code) => [code, [...m[code]].sort()]),
      );
    expect(sorted(readmeStatuses())).toEqual(sorted(seen));
  }, 120_000);
});

const sqliteOnly = describeIf(!process.env.TEST_DATABASE_URL, "about the SQLite file: runs when the suite runs on SQLite");
sqliteOnly("/health fails when the SQLite database cannot be written", () => {
  it("after the file is made read-only, and after it is deleted", async () => {
    const own = await createTestApp();
    const { chmodSync, renameSync } = await import("node:fs");
    const path = own.databaseUrl.slice("file:".length);
    try {
      const url = await own.url();
      // the probe the server runs, for its cause (logged, never answered: it names the file)
      const probe = createWriteProbe(own.db, own.databaseUrl);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      chmodSync(path, 0o444);
      const readOnly = await fetch(`${url}/health/ready`);
      expect([readOnly.status, await readOnly.json()]).toEqual([503, { status: "unavailable", database: "down" }]);
      expect(await probe()).toEqual({ ok: false, reason: "the database file is read-only" });
      chmodSync(path, 0o644);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      renameSync(path, `${path}.moved`);
      const gone = await fetch(`${url}/health`);
      expect([gone.status, await gone.json()]).toEqual([503, { status: "unavailable", database: "down" }]);
      expect(await probe()).toEqual({ ok: false, reason: "the database file is missing" });
      renameSync(`${path}.moved`, path);
    } finally {
      await own.close();
    }
  });
});
