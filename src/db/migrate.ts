import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { Db, DatabaseKind } from "./client";
import { projectRoot } from "../config/paths";

/**
 * Applies the committed migrations (prisma/<kind>/migrations) at start.
 *
 * Prisma's own `migrate deploy` cannot run here on PostgreSQL (its Wasm schema engine fails with
 * "Column type 'name' could not be deserialized") and would need the CLI at run time, so the app
 * applies the same SQL files itself and records them in `_prisma_migrations` exactly as Prisma
 * does (same columns, SHA-256 checksum of the file): an operator with Prisma's native engine can
 * run `prisma migrate deploy` / `migrate status` on the same database and take over.
 */
export async function migrate(db: Db, kind: DatabaseKind, migrationsDir = defaultMigrationsDir(kind)): Promise<string[]> {
  const names = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(migrationsDir, d.name, "migration.sql")))
        .map((d) => d.name)
        .sort()
    : [];

  if (kind === "postgres") {
    // One migrator at a time across processes (several replicas may start together).
    await db.$executeRawUnsafe(`SELECT pg_advisory_lock(727274)`);
  }
  try {
    await db.$executeRawUnsafe(kind === "postgres" ? PG_TABLE : SQLITE_TABLE);
    const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Set(rows.map((r) => r.migration_name));
    const applied: string[] = [];
    for (const name of names) {
      if (done.has(name)) continue;
      const sql = readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const statements = splitSql(sql);
      await db.$transaction(async (tx) => {
        for (const statement of statements) await tx.$executeRawUnsafe(statement);
        await tx.$executeRawUnsafe(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
           VALUES (${kind === "postgres" ? "$1, $2" : "?, ?"}, CURRENT_TIMESTAMP, ${kind === "postgres" ? "$3" : "?"}, NULL, NULL, CURRENT_TIMESTAMP, 1)`,
          randomUUID(),
          checksum,
          name,
        );
      }, { timeout: 120_000 });
      applied.push(name);
    }
    return applied;
  } finally {
    if (kind === "postgres") await db.$executeRawUnsafe(`SELECT pg_advisory_unlock(727274)`);
  }
}

export function defaultMigrationsDir(kind: DatabaseKind): string {
  return join(projectRoot, "prisma", kind, "migrations");
}

/** Splits a migration into statements: Prisma's generated SQL has no semicolons inside literals or bodies. */
export function splitSql(sql: string): string[] {
  return sql
    .split(/;\s*(?:\r?\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter((s) => s.length > 0);
}

const PG_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;
