/// <reference lib="dom" />
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestApp, type TestApp } from "./support/test-app";
import { describeWithBrowser, launchBrowser } from "./support/browser";
import { loadConfig } from "../src/config/config";

const APP_ORIGIN = "http://app.example.test:5173";

describe("CORS (CORS_ORIGINS)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: `${APP_ORIGIN}, https://other.example.test` });
  });
  afterAll(() => t.close());

  const preflight = async (origin: string, headers = "authorization,content-type,apollo-require-preflight,x-apollo-operation-name") =>
    fetch(`${await t.url()}/graphql`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": headers },
    });

  it("answers an allowed origin's preflight 204 with the headers Apollo Client and urql send, without credentials", async () => {
    const res = await preflight(APP_ORIGIN);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").split(",");
    for (const h of ["authorization", "content-type", "apollo-require-preflight", "x-apollo-operation-name"]) expect(allowed).toContain(h);
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/origin/i);
  });

  it("lets a page send X-Request-Id and read it back (issue 24)", async () => {
    const pre = await preflight(APP_ORIGIN, "authorization,content-type,x-request-id");
    expect((pre.headers.get("access-control-allow-headers") ?? "").split(",")).toContain("x-request-id");
    const res = await fetch(`${await t.url()}/graphql`, {
      method: "POST",
      headers: {
        origin: APP_ORIGIN,
        "content-type": "application/json",
        authorization: `Bearer ${t.adminToken}`,
        "x-request-id": "spa-7f3a",
      },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(res.headers.get("x-request-id")).toBe("spa-7f3a");
    expect((res.headers.get("access-control-expose-headers") ?? "").split(",")).toContain("x-request-id");
  });

  it("lets a page instrumented with OpenTelemetry send its trace context and read the trace that served it (issue 22)", async () => {
    const pre = await preflight(APP_ORIGIN, "authorization,content-type,traceparent,tracestate");
    const allowed = (pre.headers.get("access-control-allow-headers") ?? "").split(",");
    for (const h of ["traceparent", "tracestate"]) expect(allowed).toContain(h);
    const res = await fetch(`${await t.url()}/graphql`, {
      method: "POST",
      headers: { origin: APP_ORIGIN, "content-type": "application/json", authorization: `Bearer ${t.adminToken}` },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect((res.headers.get("access-control-expose-headers") ?? "").split(",")).toContain("traceresponse");
  });

  it("lets a page send Idempotency-Key and read Idempotent-Replayed, Retry-After and the RateLimit headers (issue 22)", async () => {
    const pre = await preflight(APP_ORIGIN, "authorization,content-type,idempotency-key");
    expect((pre.headers.get("access-control-allow-headers") ?? "").split(",")).toContain("idempotency-key");
    const mutation = { query: `mutation { createShortcut(input: { name: "cors", viewUrl: "/", isOpenedInNewTab: false }) { id } }` };
    const post = async () =>
      fetch(`${await t.url()}/graphql`, {
        method: "POST",
        headers: {
          origin: APP_ORIGIN,
          "content-type": "application/json",
          authorization: `Bearer ${t.adminToken}`,
          "idempotency-key": "cors-test-key",
        },
        body: JSON.stringify(mutation),
      });
    await post();
    const replayed = await post();
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const exposed = (replayed.headers.get("access-control-expose-headers") ?? "").split(",");
    for (const h of ["idempotent-replayed", "retry-after", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"])
      expect(exposed).toContain(h);
  });

  it("gives any other origin no Access-Control-Allow-Origin, so the browser refuses", async () => {
    const res = await preflight("http://evil.example.test");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("marks the answer to an allowed origin's POST", async () => {
    const res = await fetch(`${await t.url()}/graphql`, {
      method: "POST",
      headers: { origin: APP_ORIGIN, "content-type": "application/json", authorization: `Bearer ${t.adminToken}` },
      body: JSON.stringify({ query: "{ users(itemsPerPage: 1) { paginationInfo { totalCount } } }" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect((await res.json()).data.users.paginationInfo.totalCount).toBeGreaterThan(0);
  });

  it("allows no other origin by default", async () => {
    const plain = await createTestApp();
    try {
      const res = await fetch(`${await plain.url()}/graphql`, {
        method: "OPTIONS",
        headers: { origin: APP_ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it("refuses a CORS_ORIGINS entry that is not an origin, naming the variable", () => {
    expect(() => loadConfig({ CORS_ORIGINS: "app.example.test" })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: "https://app.example.test/path" })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ CORS_ORIGINS: "*" }).corsOrigins).toEqual(["*"]);
    expect(loadConfig({ CORS_ORIGINS: "https://a.example.test/, http://localhost:5173" }).corsOrigins).toEqual([
      "https://a.example.test",
      "http://localhost:5173",
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});

describe("the playground page's protection (PLAYGROUND)", () => {
  it("serves GraphiQL with a CSP that forbids framing, and nothing with PLAYGROUND=false", async () => {
    const on = await createTestApp();
    const off = await createTestApp({ PLAYGROUND: "false" });
    try {
      const page = await fetch(`${await on.url()}/graphql`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("graphiql.js");
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      const asset = await fetch(`${await on.url()}/playground/graphiql.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toMatch(/javascript/);

      const none = await fetch(`${await off.url()}/graphql`, { headers: { accept: "text/html" } });
      expect(none.status).toBe(400);
      expect(await none.text()).not.toMatch(/graphiql|<html/i);
      expect((await fetch(`${await off.url()}/playground/graphiql.js`)).status).toBe(404);
    } finally {
      await on.close();
      await off.close();
    }
  });

  it("lets a GET query through to the API even from a browser", async () => {
    const t = await createTestApp();
    try {
      const url = `${await t.url()}/graphql?query=${encodeURIComponent("{ __typename }")}`;
      const res = await fetch(url, {
        headers: { accept: "text/html,application/json", authorization: `Bearer ${t.adminToken}`, "apollo-require-preflight": "1" },
      });
      expect((await res.json()).data).toEqual({ __typename: "Query" });
    } finally {
      await t.close();
    }
  });
});

/**
 * A single-page app on a second origin (its own HTTP server on another port) calls the API from
 * Chromium: with that origin allowed the call succeeds; reached as another origin, it fails.
 */
describeWithBrowser("CORS from a page on another origin, in Chromium", () => {
  let spa: Server;
  let spaPort: number;
  let t: TestApp;
  beforeAll(async () => {
    spa = createServer((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end("<!doctype html><title>SPA</title><p>single-page app</p>");
    });
    await new Promise<void>((resolve) => spa.listen(0, "127.0.0.1", resolve));
    spaPort = (spa.address() as AddressInfo).port;
    t = await createTestApp({ CORS_ORIGINS: `http://127.0.0.1:${spaPort}` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => spa?.close(resolve));
  });

  it("succeeds from the allowed origin and fails from another", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const call = (api: string, token: string) =>
        page.evaluate(
          async (url, tok) => {
            try {
              const res = await fetch(url, {
                method: "POST",
                headers: {
                  "content-type": "application/json",
                  authorization: `Bearer ${tok}`,
                  "apollo-require-preflight": "true",
                  "x-request-id": "spa-request-0001",
                },
                body: JSON.stringify({ query: "{ users(itemsPerPage: 2) { paginationInfo { totalCount } } }" }),
              });
              // readable by the page only when the server exposes it
              return { ok: true, status: res.status, requestId: res.headers.get("x-request-id"), body: await res.json() };
            } catch (e) {
              return { ok: false, error: String(e) };
            }
          },
          api,
          token,
        );
      const api = `${await t.url()}/graphql`;

      await page.goto(`http://127.0.0.1:${spaPort}/`);
      const allowed = await call(api, t.adminToken);
      expect(allowed).toMatchObject({ ok: true, status: 200, requestId: "spa-request-0001" });
      expect((allowed as any).body.data.users.paginationInfo.totalCount).toBeGreaterThan(0);

      // a REST collection's total and pages, read by the page (issue 21's headers, exposed)
      const collection = await page.evaluate(
        async (url, tok) => {
          const res = await fetch(url, { headers: { authorization: tok } });
          return {
            status: res.status,
            total: res.headers.get("x-total-count"),
            link: res.headers.get("link"),
            length: ((await res.json()) as unknown[]).length,
          };
        },
        `${await t.url()}/user/users?itemsPerPage=2`,
        t.adminToken,
      );
      expect(collection).toMatchObject({ status: 200, length: 2, link: expect.stringContaining('rel="next"') });
      expect(Number(collection.total)).toBeGreaterThan(2);

      // the same page reached as http://localhost:<port> is another origin, not on the list
      await page.goto(`http://localhost:${spaPort}/`);
      const refused = await call(api, t.adminToken);
      expect(refused).toMatchObject({ ok: false });
      expect((refused as any).error).toMatch(/Failed to fetch/);
    } finally {
      await browser.close();
    }
  });
});
