import { existsSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { onPostgres, postgresUrl, TEST_SERVER_URL } from "./support/databases";
import { httpGql, startServer } from "./support/server-process";
import { markerPath } from "../src/db/first-start";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";

/**
 * When the server seeds demo data (issue 11, operations): the embedded SQLite file only on its
 * first start; a lost database is never silently replaced by a demo with a known admin; the
 * admin token is printed only when it was just created; PostgreSQL only with SEED_ON_EMPTY=true.
 */
jest.setTimeout(240_000);
const TOKEN = "wm_seeding_rules_admin_token_0123456789";
const USERS = `{ users(itemsPerPage: 1) { paginationInfo { totalCount } } }`;

describe("SQLite: seeded on the first start only", () => {
  const file = join(tmpdir(), `wm-seeding-${randomUUID()}.db`);
  const env = { DATABASE_URL: `file:${file}`, SEED_ADMIN_TOKEN: TOKEN };
  afterAll(() => {
    for (const suffix of ["", "-wal", "-shm", "-journal", ".initialized"]) rmSync(file + suffix, { force: true });
  });

  it("first start: seeds, prints the new admin token, leaves the marker; second start: prints no token", async () => {
    const first = await startServer(env);
    await first.ready();
    expect(first.output()).toContain("Seeded demo data");
    expect(first.output()).toContain(`Demo admin token (`);
    expect(first.output()).toContain(TOKEN);
    expect(existsSync(markerPath(file))).toBe(true);
    expect(await first.stop()).toBe(0);

    const second = await startServer(env);
    await second.ready();
    expect(second.output()).not.toContain("Seeded demo data");
    expect(second.output()).not.toContain(TOKEN);
    expect((await httpGql(second.url, USERS, {}, TOKEN)).body.data!.users.paginationInfo.totalCount).toBeGreaterThan(1);
    expect(await second.stop()).toBe(0);
  });

  it("a lost database file is not replaced by demo data: the start is refused with a message", async () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
    const server = await startServer(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("is missing, but a database was created there before");
    expect(existsSync(file)).toBe(false);
  });
});

const pgOnly = describeIf(onPostgres, NEEDS_POSTGRES);
pgOnly("PostgreSQL: an empty database is seeded only with SEED_ON_EMPTY=true", () => {
  const name = `wm_seedrule_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  beforeAll(async () => {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  });
  afterAll(async () => {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("without the flag: migrated, left empty, no token printed", async () => {
    const server = await startServer({ DATABASE_URL: postgresUrl(name), SEED_ADMIN_TOKEN: TOKEN });
    await server.ready();
    expect(server.output()).toContain("was not seeded");
    expect(server.output()).not.toContain(TOKEN);
    // the token was never issued: refused
    expect((await httpGql(server.url, USERS, {}, TOKEN)).body.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    expect(await server.stop()).toBe(0);
  });
});
