/**
 * The database goes away while the API serves, then comes back. The API must answer quickly
 * with INTERNAL_SERVER_ERROR (never hang, never leak the cause), report 503 on /health, stay up,
 * and resume by itself once PostgreSQL is back. The test runs a PostgreSQL instance of its own
 * (scripts/pg-local.sh on a free port and a fresh data directory) because it stops it.
 * Needs PostgreSQL (TEST_DATABASE_URL=postgresql://...); .ci/run and `npm run test:postgres`
 * run it as a step of its own.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";
import { projectRoot } from "../src/config/paths";
import { POSTGRES_DEFAULTS } from "../src/db/client";
import { onPostgres } from "./support/databases";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";
import { freePort, httpGql, startServer, waitFor, type ServerProcess } from "./support/server-process";

const ADMIN_TOKEN = "wm_outage_admin_token_0123456789abcdef";
const USERS = `{ users(itemsPerPage: 2) { items { id email } paginationInfo { totalCount } } }`;

const title = "a PostgreSQL outage while serving";
describeIf(onPostgres, NEEDS_POSTGRES)(title, tests);

function tests() {
  jest.setTimeout(180_000);
  let pgEnv: NodeJS.ProcessEnv;
  let server: ServerProcess | undefined;
  let databaseUrl: string;

  const pg = (command: "start" | "stop" | "destroy") =>
    execFileSync("bash", [join(projectRoot, "scripts/pg-local.sh"), command], { env: pgEnv, encoding: "utf8", timeout: 120_000 }).trim();
  const health = async (url: string) => {
    const started = Date.now();
    const r = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: r.status, body: (await r.json()) as Record<string, string>, ms: Date.now() - started };
  };

  beforeAll(async () => {
    pgEnv = { ...process.env, PGPORT: String(await freePort()), PGDATA_DIR: `/tmp/wm-outage-pgdata-${randomUUID().slice(0, 8)}` };
    const serverUrl = pg("start");
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE wm_outage`);
    await admin.end();
    databaseUrl = serverUrl.replace(/\/postgres$/, "/wm_outage");
    server = await startServer({ DATABASE_URL: databaseUrl, SEED_ADMIN_TOKEN: ADMIN_TOKEN, SEED_ON_EMPTY: "true", DB_POOL_SIZE: "3" });
    await server.ready();
  });

  afterAll(async () => {
    const code = await server?.stop();
    if (pgEnv) pg("destroy");
    expect(code).toBe(0);
  });

  it("answers INTERNAL_SERVER_ERROR at once and 503 on /health while the database is down, then resumes by itself", async () => {
    const url = server!.url;
    // up: warm pool connections that the outage will cut
    expect((await health(url)).status).toBe(200);
    const before = await httpGql(url, USERS, {}, ADMIN_TOKEN);
    expect(before.body.errors).toBeUndefined();
    const totalCount = before.body.data!.users.paginationInfo.totalCount;
    expect(totalCount).toBeGreaterThan(1);

    pg("stop");

    const down = await health(url);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: "unavailable", database: "down" });
    expect(down.ms).toBeLessThan(3_000);

    for (const query of [
      USERS,
      `mutation { createShortcut(input: { name: "x", viewUrl: "/projects", isOpenedInNewTab: false }) { id } }`,
    ]) {
      const r = await httpGql(url, query, {}, ADMIN_TOKEN, 15_000);
      expect(r.ms).toBeLessThan(7_000);
      expect(r.body.errors?.map((e) => e.extensions?.code)).toEqual(["INTERNAL_SERVER_ERROR"]);
      const text = JSON.stringify(r.body);
      for (const leak of ["ECONNREFUSED", "127.0.0.1", "postgres", "prisma", "at "]) expect(text).not.toContain(leak);
    }
    // still up, still answering what needs no database
    expect(server!.child.exitCode).toBeNull();
    expect((await httpGql(url, `{ __typename }`)).body.data).toEqual({ __typename: "Query" });

    pg("start");

    const back = await waitFor(async () => ((await health(url)).status === 200 ? true : undefined), 30_000, "/health 200");
    expect(back).toBe(true);
    const after = await httpGql(url, USERS, {}, ADMIN_TOKEN);
    expect(after.body.errors).toBeUndefined();
    expect(after.body.data!.users.paginationInfo.totalCount).toBe(totalCount);
    expect(after.body.data!.users.items).toEqual(before.body.data!.users.items);
    const write = await httpGql(
      url,
      `mutation { createShortcut(input: { name: "after outage", viewUrl: "/projects", isOpenedInNewTab: false }) { id name } }`,
      {},
      ADMIN_TOKEN,
    );
    expect(write.body.errors).toBeUndefined();
    expect(write.body.data!.createShortcut.name).toBe("after outage");
  });

  it("answers within the query timeout when the database stops answering without closing connections", async () => {
    const url = server!.url;
    expect((await httpGql(url, USERS, {}, ADMIN_TOKEN)).body.errors).toBeUndefined();
    // freeze every process of the instance: sockets stay open, nothing answers (a network partition)
    const pids = postgresPids();
    expect(pids.length).toBeGreaterThan(1);
    for (const pid of pids) process.kill(pid, "SIGSTOP");
    try {
      const down = await health(url);
      expect(down.status).toBe(503);
      expect(down.ms).toBeLessThan(3_000);
      const r = await httpGql(url, USERS, {}, ADMIN_TOKEN, 60_000);
      // a statement sent on a connection that stopped answering ends at the query timeout (a server
      // failure); one waiting for a connection while every one hangs, at the connect timeout (the
      // pool is exhausted: 503, to be sent again)
      const codes = r.body.errors?.map((e) => e.extensions?.code);
      expect([["INTERNAL_SERVER_ERROR"], ["SERVICE_UNAVAILABLE"]]).toContainEqual(codes);
      if (codes?.[0] === "SERVICE_UNAVAILABLE") expect(r.status).toBe(503);
      // bounded by the pool's query timeout (30 s), plus the connect timeout (5 s)
      expect(r.ms).toBeLessThan(POSTGRES_DEFAULTS.queryTimeoutMs + POSTGRES_DEFAULTS.connectTimeoutMs + 2_000);
    } finally {
      for (const pid of pids) process.kill(pid, "SIGCONT");
    }
    await waitFor(async () => ((await health(url)).status === 200 ? true : undefined), 30_000, "/health 200");
    const after = await httpGql(url, USERS, {}, ADMIN_TOKEN);
    expect(after.body.errors).toBeUndefined();
  });

  /** The postmaster of this test's instance and its children. */
  function postgresPids(): number[] {
    const postmaster = Number(readFileSync(join(pgEnv.PGDATA_DIR!, "postmaster.pid"), "utf8").split("\n")[0]);
    const children = execFileSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  }
}
