import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { projectRoot } from "../src/config/paths";
import { createLogger } from "../src/observability/logger";
import { createTestApp, demoIds, TEST_ADMIN_TOKEN } from "./support/test-app";
import { waitFor } from "./support/server-process";

describe("the log on stdout", () => {
  it("writes the lines still gathered when the process exits", () => {
    // the log writes in blocks of 32 KiB or every 100 ms: the last lines (a fatal error's, "Stopped.")
    // are written at exit, or they would be lost
    const script = `
      const { createLogger } = require("./src/observability/logger");
      const log = createLogger("info");
      for (let i = 0; i < 100; i++) log.info({ i }, "line");
      log.fatal("last words");
      process.exit(1);
    `;
    const run = spawnSync(process.execPath, ["-r", "@swc-node/register", "-e", script], {
      cwd: projectRoot,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { i?: number; msg: string; level: string });
    expect(lines).toHaveLength(101);
    expect(lines.slice(0, 100).map((line) => line.i)).toEqual([...Array(100).keys()]);
    expect(lines[100]).toMatchObject({ level: "fatal", msg: "last words" });
  });
});

/** An app behind its real HTTP server whose log lines (at `level`) are kept in `lines`. */
async function loggedApp(env: Record<string, string>, level: string) {
  const lines: Array<Record<string, any>> = [];
  const app = await createTestApp(env, { logger: createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) }) });
  return { app, lines, url: await app.url() };
}

/** POSTs a GraphQL body (an object, or raw text) to /graphql and reads the answer. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** POSTs `{ __typename }` with its body sent `delayMs` after its headers: a request that takes at least that long. */
function slowPost(url: string, delayMs: number, requestId: string): Promise<number> {
  const body = JSON.stringify({ query: "{ __typename }" });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/graphql`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          authorization: TEST_ADMIN_TOKEN,
          "x-request-id": requestId,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject);
    req.flushHeaders();
    setTimeout(() => req.end(body), delayMs);
  });
}

const lineOf = (lines: Array<Record<string, any>>, reqId: string) =>
  waitFor(async () => lines.find((l) => l.reqId === reqId), 5_000, `the log line of ${reqId}`);

describe("the request log line", () => {
  it("is at debug for a quick success, at info for an error code, a refusal or a 401, with their fields", async () => {
    // a threshold no request of the test reaches on a loaded machine (the default, 1 s, is config.test.ts's)
    const { app, lines, url } = await loggedApp({ LOG_SLOW_REQUEST_MS: "60000" }, "debug");
    try {
      const ok = await post(
        url,
        { query: "{ users(itemsPerPage: 1) { items { id } } }" },
        { authorization: app.adminToken, "x-request-id": "quick-ok" },
      );
      expect(ok.status).toBe(200);
      const invalid = await post(
        url,
        { query: "query ($n: Int!) { users(itemsPerPage: $n) { items { id } } }", variables: { n: "many" } },
        { authorization: app.adminToken, "x-request-id": "bad-input" },
      );
      expect(invalid.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
      const missing = await post(
        url,
        { query: `{ note(id: "${demoIds.projectId}") { id } }` },
        { authorization: app.adminToken, "x-request-id": "not-found" },
      );
      expect([missing.status, missing.body.errors[0].extensions.code]).toEqual([200, "NOT_FOUND"]);
      const anonymous = await post(
        url,
        { query: "{ users(itemsPerPage: 1) { items { id } } }" },
        { accept: "application/graphql-response+json", "x-request-id": "no-token" },
      );
      expect(anonymous.status).toBe(401);
      const malformed = await post(url, "{ not json", { authorization: app.adminToken, "x-request-id": "malformed" });
      expect(malformed.status).toBe(400);

      expect(await lineOf(lines, "quick-ok")).toMatchObject({
        level: "debug",
        msg: "request",
        status: 200,
        callerId: demoIds.adminUserId,
        operations: [{ name: "users", errorCodes: [] }],
      });
      expect(await lineOf(lines, "bad-input")).toMatchObject({
        level: "info",
        msg: "request",
        method: "POST",
        path: "/graphql",
        status: 400,
        durationMs: expect.any(Number),
        callerId: demoIds.adminUserId,
        operations: [{ name: "users", errorCodes: ["BAD_USER_INPUT"] }],
      });
      // an error code in an answer with status 200 is a failure too
      expect(await lineOf(lines, "not-found")).toMatchObject({
        level: "info",
        status: 200,
        operations: [{ name: "note", errorCodes: ["NOT_FOUND"] }],
      });
      expect(await lineOf(lines, "no-token")).toMatchObject({
        level: "info",
        status: 401,
        operations: [{ name: "users", errorCodes: ["UNAUTHENTICATED"] }],
      });
      expect(await lineOf(lines, "malformed")).toMatchObject({ level: "info", status: 400, errorCode: "BAD_REQUEST" });
      expect(JSON.stringify(lines)).not.toContain(app.adminToken);
    } finally {
      await app.close();
    }
  });

  it("is at info for a success that took LOG_SLOW_REQUEST_MS or longer, and absent at info below it", async () => {
    const slow = await loggedApp({ LOG_SLOW_REQUEST_MS: "50" }, "info");
    const byDefault = await loggedApp({ LOG_SLOW_REQUEST_MS: "60000" }, "info");
    try {
      // the body arrives 150 ms after the headers: the request takes at least that long
      expect(await slowPost(slow.url, 150, "slow-1")).toBe(200);
      const line = await lineOf(slow.lines, "slow-1");
      expect(line).toMatchObject({ level: "info", msg: "request", status: 200, operations: [{ name: "__typename", errorCodes: [] }] });
      expect(line!.durationMs).toBeGreaterThanOrEqual(50);

      // below the threshold the same request is a quick success: no line at info, only its failing neighbour's
      expect(await slowPost(byDefault.url, 150, "slow-2")).toBe(200);
      await post(byDefault.url, { query: "{ nope }" }, { authorization: TEST_ADMIN_TOKEN, "x-request-id": "after-slow-2" });
      expect(await lineOf(byDefault.lines, "after-slow-2")).toMatchObject({
        level: "info",
        operations: [{ errorCodes: ["GRAPHQL_VALIDATION_FAILED"] }],
      });
      expect(byDefault.lines.filter((l) => l.reqId === "slow-2")).toEqual([]);
    } finally {
      await slow.app.close();
      await byDefault.app.close();
    }
  });
});
