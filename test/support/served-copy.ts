import { copyFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { prismaClient } from "../../src/db/client";
import { issueToken } from "../../src/auth/tokens";
import demoIds from "../../prisma/demo-ids.json";
import { onPostgres, postgresUrl, sqliteTemplatePath, TEMPLATE_DB_NAME, TEST_SERVER_URL } from "./databases";

/**
 * A private copy of the seeded test template for a server process of its own (SQLite file copy,
 * or CREATE DATABASE ... TEMPLATE on PostgreSQL), with a token of the demo ordinary user.
 */
export interface ServedCopy {
  databaseUrl: string;
  /** A token of demoIds.userId. */
  userToken: string;
  /** The environment a server process needs to serve it (no seeding: the copy is seeded). */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function servedCopy(): Promise<ServedCopy> {
  const name = `wm_srv_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  let databaseUrl: string;
  if (onPostgres) {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB_NAME}`);
    await admin.end();
    databaseUrl = postgresUrl(name);
  } else {
    const path = join(tmpdir(), `${name}.db`);
    copyFileSync(sqliteTemplatePath(), path);
    databaseUrl = `file:${path}`;
  }
  const db = prismaClient({ url: databaseUrl }).client;
  const userToken = await issueToken(db, demoIds.userId, { name: "served-copy" });
  await db.$disconnect();
  return {
    databaseUrl,
    userToken,
    env: { DATABASE_URL: databaseUrl, SEED_ON_EMPTY: "false" },
    async drop() {
      if (onPostgres) {
        const admin = new Client({ connectionString: TEST_SERVER_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      } else {
        const path = databaseUrl.slice("file:".length);
        for (const suffix of ["", "-wal", "-shm", "-journal", ".initialized"]) rmSync(path + suffix, { force: true });
      }
    },
  };
}
