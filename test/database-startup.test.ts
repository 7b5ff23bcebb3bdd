/**
 * Starting and stopping the server process: a database that cannot be reached at start is a
 * clear message and a non-zero exit (never a hang, never a password in the log); the pool size
 * comes from DB_POOL_SIZE; SIGTERM stops the server gracefully with exit code 0.
 * Runs on every database: the unreachable PostgreSQL is a closed port, the served one SQLite.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:net";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresPoolConfig, POSTGRES_DEFAULTS } from "../src/db/client";
import { freePort, httpGql, startServer } from "./support/server-process";

jest.setTimeout(120_000);

describe("a database that cannot be reached at start", () => {
  it("ends the process with exit code 1 and a message naming the database, password hidden", async () => {
    const port = await freePort(); // nothing listens there
    const started = Date.now();
    const server = await startServer({ DATABASE_URL: `postgresql://app:s3cret-pw@127.0.0.1:${port}/wm`, SEED_ADMIN_TOKEN: "x".repeat(32) });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
    const output = server.output();
    expect(output).toContain(`Cannot reach the postgres database at postgresql://app:***@127.0.0.1:${port}/wm (DatabaseNotReachable: `);
    expect(output).toContain("Is it running, and is DATABASE_URL right?");
    expect(output).not.toContain("s3cret-pw");
    expect(output).not.toMatch(/^\s+at /m); // a message, not a stack trace
  });

  it("refuses an invalid pool size before connecting", async () => {
    const server = await startServer({ DATABASE_URL: "postgresql://app@127.0.0.1:1/wm", DB_POOL_SIZE: "0" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("DB_POOL_SIZE must be an integer from 1 to 500");
  });
});

describe("the PostgreSQL pool", () => {
  it("has DB_POOL_SIZE connections at most, and timeouts that keep requests from hanging", () => {
    const config = postgresPoolConfig({ url: "postgresql://u@h/db", poolSize: 7 });
    expect(config.max).toBe(7);
    expect(config.connectionTimeoutMillis).toBe(POSTGRES_DEFAULTS.connectTimeoutMs);
    expect(config.query_timeout).toBe(POSTGRES_DEFAULTS.queryTimeoutMs);
    expect(config.keepAlive).toBe(true);
    expect(postgresPoolConfig({ url: "postgresql://u@h/db" }).max).toBe(POSTGRES_DEFAULTS.poolSize);
  });
});

describe("a served process", () => {
  const file = join(tmpdir(), `wm-startup-${randomUUID()}.db`);
  const env = { DATABASE_URL: `file:${file}`, SEED_ADMIN_TOKEN: "wm_startup_admin_token_0123456789" };
  afterAll(() => {
    for (const suffix of ["", "-wal", "-shm", "-journal", ".initialized"]) rmSync(file + suffix, { force: true });
  });

  it("migrates and seeds an empty database, serves, and stops with exit code 0 on SIGTERM", async () => {
    const server = await startServer(env);
    await server.ready();
    expect(server.output()).toContain("Applied migrations:");
    const r = await httpGql(server.url, `{ users(itemsPerPage: 1) { paginationInfo { totalCount } } }`, {}, env.SEED_ADMIN_TOKEN);
    expect(r.body.data!.users.paginationInfo.totalCount).toBeGreaterThan(1);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain("SIGTERM received");
  });

  it("ends with exit code 1 and a message when its port is taken", async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
    try {
      const server = await startServer({ ...env, PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Cannot listen on 127.0.0.1:${port}: EADDRINUSE`);
      // the database was already prepared by the previous start: nothing to apply again
      expect(server.output()).not.toContain("Applied migrations:");
    } finally {
      blocker.close();
    }
  });
});
