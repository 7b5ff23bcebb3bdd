import "reflect-metadata";
import { rmSync } from "node:fs";
import { Client } from "pg";
import { prismaClient } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { seed } from "../../src/seed";
import { onPostgres, postgresUrl, sqliteTemplatePath, TEMPLATE_DB_NAME, TEST_ADMIN_TOKEN, TEST_SERVER_URL } from "./databases";

/**
 * Builds one migrated, seeded template database per run; every test file then works on its own
 * copy of it (a file copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL), so files run in
 * parallel without seeing each other's writes.
 */
export default async function globalSetup(): Promise<void> {
  process.env.WM_TEST_RUN = `${process.pid}`;
  if (onPostgres) {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB_NAME}`);
    await admin.end();
    await fill(postgresUrl(TEMPLATE_DB_NAME), "postgres");
  } else {
    const path = sqliteTemplatePath();
    rmSync(path, { force: true });
    await fill(`file:${path}`, "sqlite");
  }
}

async function fill(url: string, kind: "sqlite" | "postgres"): Promise<void> {
  const db = prismaClient({ url }).client;
  await migrate(db, kind);
  await seed(db, { scale: 1, adminToken: TEST_ADMIN_TOKEN });
  await db.$disconnect();
}
