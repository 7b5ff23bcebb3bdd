import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseKind } from "../config/config";
import type { Db } from "./client";
import { projectRoot } from "../config/paths";

/**
 * Applies the committed migrations (prisma/<kind>/migrations) at start.
 *
 * Prisma's own `migrate deploy` cannot run here on PostgreSQL (its Wasm schema engine fails with
 * "Column type 'name' could not be deserialized") and would need the CLI at run time, so the app
 * applies the same SQL files itself and records them in `_prisma_migrations` exactly as Prisma
 * does: the table is created with the DDL of Prisma's schema engine (see PRISMA_MIGRATIONS_DDL),
 * the checksum is the SHA-256 hex digest of migration.sql's bytes, timestamps are written like
 * Prisma writes them, and `applied_steps_count` is 1. An operator with Prisma's native engine can
 * run `prisma migrate deploy` / `migrate status` on the same database and take over
 * (test/migrations.test.ts proves Prisma reads what is written here).
 *
 * On PostgreSQL every pending migration runs in ONE transaction holding Prisma's own advisory
 * lock (72707369): replicas starting together, or a concurrent `prisma migrate deploy`, wait for
 * each other, and a failing migration leaves neither schema changes nor a history row behind.
 * A transaction-scoped lock is used because a pooled client gives no guarantee that a later
 * `pg_advisory_unlock` runs on the connection that took a session lock.
 */
export async function migrate(db: Db, kind: DatabaseKind, migrationsDir = defaultMigrationsDir(kind)): Promise<string[]> {
  const migrations = readMigrations(migrationsDir);
  if (kind === "postgres") {
    return db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${PRISMA_ADVISORY_LOCK_KEY})`);
        await tx.$executeRawUnsafe(PRISMA_MIGRATIONS_DDL.postgres);
        return applyPending(tx, kind, migrations);
      },
      { maxWait: 30_000, timeout: 600_000 },
    );
  }
  await db.$executeRawUnsafe(PRISMA_MIGRATIONS_DDL.sqlite);
  const pending = await pendingOf(db, migrations);
  if (pending.length === 0) return [];
  // Prisma changes a SQLite table by redefining it (new table, copy, DROP TABLE, rename). With
  // foreign keys enforced, the DROP deletes the rows that refer to the table (ON DELETE CASCADE),
  // and the script's own `PRAGMA foreign_keys=OFF` does nothing inside a transaction. So they are
  // off around the transactions and the references are checked before each commit: SQLite's
  // documented procedure for schema changes.
  await db.$executeRawUnsafe("PRAGMA foreign_keys=OFF");
  try {
    for (const migration of pending) {
      await db.$transaction(
        async (tx) => {
          await applyPending(tx, kind, [migration]);
          const broken = await tx.$queryRawUnsafe<unknown[]>("PRAGMA foreign_key_check");
          if (broken.length > 0) throw new Error(`migration ${migration.name} leaves ${broken.length} broken references`);
        },
        { timeout: 600_000 },
      );
    }
  } finally {
    await db.$executeRawUnsafe("PRAGMA foreign_keys=ON");
  }
  return pending.map((m) => m.name);
}

/** The key Prisma's schema engine takes (`SELECT pg_advisory_lock(72707369)`) while it migrates. */
export const PRISMA_ADVISORY_LOCK_KEY = 72707369;

export interface Migration {
  name: string;
  sql: string;
  /** What Prisma stores in `_prisma_migrations.checksum`: SHA-256 of the file, lower-case hex. */
  checksum: string;
}

export function readMigrations(migrationsDir: string): Migration[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(migrationsDir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(migrationsDir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") };
    });
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

async function pendingOf(db: Tx | Db, migrations: Migration[]): Promise<Migration[]> {
  const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(rows.map((r) => r.migration_name));
  return migrations.filter((m) => !done.has(m.name));
}

async function applyPending(tx: Tx, kind: DatabaseKind, migrations: Migration[]): Promise<string[]> {
  const pending = await pendingOf(tx, migrations);
  for (const migration of pending) {
    const startedAt = prismaTimestamp(new Date());
    for (const statement of splitSql(migration.sql)) await tx.$executeRawUnsafe(statement);
    const finishedAt = prismaTimestamp(new Date());
    const p = kind === "postgres" ? (i: number, cast = "") => `$${i}${cast}` : () => "?";
    await tx.$executeRawUnsafe(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES (${p(1)}, ${p(2)}, ${p(3, "::timestamptz")}, ${p(4)}, NULL, NULL, ${p(5, "::timestamptz")}, 1)`,
      randomUUID(),
      migration.checksum,
      finishedAt,
      migration.name,
      startedAt,
    );
  }
  return pending.map((m) => m.name);
}

/** Prisma's rendering of a timestamp in `_prisma_migrations` (RFC 3339, milliseconds, +00:00). */
export function prismaTimestamp(date: Date): string {
  return date.toISOString().replace(/Z$/, "+00:00");
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

/**
 * The `_prisma_migrations` table exactly as Prisma's schema engine creates it (the statements
 * are embedded in Prisma 6.19's schema_engine_bg.wasm (tools/prisma6); test/migrations.test.ts
 * compares them), plus IF NOT EXISTS so that starting again is harmless.
 */
export const PRISMA_MIGRATIONS_DDL: Record<DatabaseKind, string> = {
  postgres: `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`,
  sqlite: `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`,
};
