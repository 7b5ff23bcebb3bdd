/**
 * One model, two databases, committed migrations for both:
 * - the per-database Prisma schemas are derived from prisma/models.prisma (never edited by hand);
 * - the committed migrations of each database produce exactly the schema Prisma derives from the
 *   model (catalogs compared after applying each side to an empty database);
 * - `_prisma_migrations` as the app writes it is Prisma's own: the table DDL embedded in the
 *   installed schema engine, the checksum convention, and the Prisma CLI reading the history.
 * SQLite parts always run; PostgreSQL parts run when TEST_DATABASE_URL names a PostgreSQL server.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Client } from "pg";
import { type DatabaseKind } from "../src/config/config";
import { prismaClient, type Db } from "../src/db/client";
import { migrate, PRISMA_MIGRATIONS_DDL, readMigrations, splitSql, defaultMigrationsDir } from "../src/db/migrate";
import { projectRoot } from "../src/config/paths";
import { onPostgres, postgresUrl, TEST_SERVER_URL } from "./support/databases";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";

jest.setTimeout(120_000);

const work = mkdtempSync(join(tmpdir(), "wm-migrations-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Prisma's migration CLI, offline, on the variant `kind`: Prisma 6.19 with its Wasm schema engine
 * (tools/prisma6), because Prisma 7's `migrate` commands need the native engine, which cannot be
 * downloaded here. The app's client is Prisma 7; both read the same schema variants.
 */
function prisma(kind: DatabaseKind, databaseUrl: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(projectRoot, "tools/prisma6/prisma6.mjs"), kind, ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: result.stdout + result.stderr };
}

/** The SQL Prisma generates to create the variant's schema from nothing. */
function schemaScript(kind: DatabaseKind, databaseUrl: string): string {
  const r = prisma(kind, databaseUrl, [
    "migrate",
    "diff",
    "--from-empty",
    "--to-schema-datamodel",
    join("prisma", kind, "schema.prisma"),
    "--script",
  ]);
  if (r.status !== 0) throw new Error(`prisma migrate diff failed:\n${r.output}`);
  expect(r.stdout).toMatch(/CREATE TABLE/);
  return r.stdout;
}

/**
 * What the migrations add by hand because the model cannot say it (Prisma 6.19, the migration
 * tool, has no partial indexes; see prisma/models.prisma): added to the schema Prisma derives
 * before the comparison below, so each is held to exactly this definition.
 */
const HAND_WRITTEN: Record<DatabaseKind, string[]> = {
  sqlite: [`CREATE UNIQUE INDEX "CurrencyDictionary_single_default_key" ON "CurrencyDictionary"("isDefault") WHERE "isDefault"`],
  postgres: [`CREATE UNIQUE INDEX "CurrencyDictionary_single_default_key" ON "CurrencyDictionary"("isDefault") WHERE "isDefault"`],
};

describe("schema variants", () => {
  it("are exactly what scripts/prisma-variants.mjs derives from prisma/models.prisma", () => {
    const r = spawnSync(process.execPath, ["scripts/prisma-variants.mjs", "--check"], { cwd: projectRoot, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("carry no datasource url (Prisma 7, the app's client, refuses one; tools/prisma6 adds a placeholder to a copy)", () => {
    const version = (pkg: string, from: string) =>
      JSON.parse(readFileSync(createRequire(join(projectRoot, from)).resolve(`${pkg}/package.json`), "utf8")).version;
    expect(version("@prisma/client", "package.json")).toMatch(/^7\./);
    expect(version("prisma", "package.json")).toMatch(/^7\./);
    expect(version("prisma", "tools/prisma6/package.json")).toBe("6.19.3");
    for (const kind of ["sqlite", "postgres"] as const) {
      const schema = readFileSync(join(projectRoot, "prisma", kind, "schema.prisma"), "utf8");
      expect(schema.match(/datasource db \{[^}]*\}/)![0]).not.toMatch(/\burl\s*=/);
    }
  });

  it("--check notices a variant edited by hand", () => {
    const copy = join(work, "variants");
    mkdirSync(join(copy, "prisma"), { recursive: true });
    cpSync(join(projectRoot, "scripts"), join(copy, "scripts"), { recursive: true });
    copyFileSync(join(projectRoot, "prisma/models.prisma"), join(copy, "prisma/models.prisma"));
    expect(spawnSync(process.execPath, ["scripts/prisma-variants.mjs"], { cwd: copy }).status).toBe(0);
    const sqlite = join(copy, "prisma/sqlite/schema.prisma");
    writeFileSync(sqlite, readFileSync(sqlite, "utf8").replace("model User {", "model User {\n  hand Int?"));
    const r = spawnSync(process.execPath, ["scripts/prisma-variants.mjs", "--check"], { cwd: copy, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("sqlite/schema.prisma is out of date");
  });

  it("keep PostgreSQL's native types and drop them for SQLite", () => {
    const models = readFileSync(join(projectRoot, "prisma/models.prisma"), "utf8");
    const pg = readFileSync(join(projectRoot, "prisma/postgres/schema.prisma"), "utf8");
    const sqlite = readFileSync(join(projectRoot, "prisma/sqlite/schema.prisma"), "utf8");
    expect(pg).toContain('provider = "postgresql"');
    expect(sqlite).toContain('provider = "sqlite"');
    const code = (schema: string) => schema.replace(/\/\/.*$/gm, "");
    expect(code(sqlite)).not.toMatch(/@db\./);
    for (const type of ["@db.Uuid", "@db.Timestamptz(3)", "@db.Decimal(14, 2)", "@db.Date"]) {
      expect(models).toContain(type);
      expect(pg).toContain(type);
    }
  });
});

describe("the Prisma migrations table", () => {
  /** The CREATE TABLE statements of `_prisma_migrations` compiled into the installed schema engine. */
  function engineDdl(): string[] {
    const cli = createRequire(join(projectRoot, "tools/prisma6/package.json")).resolve("prisma/build/index.js");
    const wasm = readFileSync(join(dirname(cli), "schema_engine_bg.wasm")).toString("latin1");
    return Array.from(wasm.matchAll(/CREATE TABLE "?_prisma_migrations"? \([^;]*\);/g), (m) => m[0]);
  }

  it.each(["postgres", "sqlite"] as const)("is created on %s with the DDL of Prisma's schema engine", (kind) => {
    const ours = PRISMA_MIGRATIONS_DDL[kind].replace("CREATE TABLE IF NOT EXISTS ", "CREATE TABLE ") + ";";
    const engine = engineDdl();
    expect(engine.length).toBeGreaterThanOrEqual(2);
    expect(engine).toContain(ours);
  });

  it("checksums are the SHA-256 hex digest of each migration.sql", () => {
    for (const kind of ["postgres", "sqlite"] as const) {
      const migrations = readMigrations(defaultMigrationsDir(kind));
      expect(migrations.length).toBeGreaterThan(0);
      for (const m of migrations) {
        const file = readFileSync(join(defaultMigrationsDir(kind), m.name, "migration.sql"));
        expect(m.checksum).toBe(createHash("sha256").update(file).digest("hex"));
      }
    }
  });
});

/**
 * The migration that made shortcut weights unique per user and the default currency single
 * repairs data written before it: repeated weights renumbered in order, one default kept.
 */
async function repairsConcurrencyLeftovers(kind: DatabaseKind, url: string) {
  const dir = join(work, `${kind}-before-${randomUUID()}`);
  const [init, ...later] = readMigrations(defaultMigrationsDir(kind));
  expect(later.map((m) => m.name)).toContain("20261210000000_single_default_currency_distinct_shortcut_weights");
  cpSync(join(defaultMigrationsDir(kind), init.name), join(dir, init.name), { recursive: true });
  const db = prismaClient({ url }).client;
  try {
    await migrate(db, kind, dir);
    const user = async (email: string) =>
      (await db.user.create({ data: { email, firstName: "A", lastName: "B", shortCode: email.slice(0, 6) } })).id;
    const [a, b] = [await user("first@example.com"), await user("second@example.com")];
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const shortcut = (userId: string, weight: number, minute: number, name: string) =>
      db.shortcut.create({ data: { userId, weight, name, viewUrl: "/", isOpenedInNewTab: false, createdAt: at(minute) } });
    await shortcut(a, 2, 3, "a-third");
    await shortcut(a, 1, 1, "a-first");
    await shortcut(a, 2, 2, "a-second");
    await shortcut(a, 5, 4, "a-fourth");
    await shortcut(b, 7, 1, "b-seven");
    await shortcut(b, 3, 2, "b-three");
    for (const [code, isDefault, minute] of [
      ["AAA", true, 1],
      ["BBB", true, 3],
      ["CCC", true, 2],
      ["DDD", false, 4],
    ] as const) {
      await db.currencyDictionary.create({ data: { code, name: code, isDefault, createdAt: at(minute) } });
    }

    expect(await migrate(db, kind)).toEqual(later.map((m) => m.name));
    const weights = await db.shortcut.findMany({
      orderBy: [{ userId: "asc" }, { weight: "asc" }],
      select: { name: true, weight: true, userId: true },
    });
    expect(weights.filter((w) => w.userId === a).map((w) => [w.name, w.weight])).toEqual([
      ["a-first", 1],
      ["a-second", 2],
      ["a-third", 3],
      ["a-fourth", 4],
    ]);
    expect(weights.filter((w) => w.userId === b).map((w) => [w.name, w.weight])).toEqual([
      ["b-three", 3],
      ["b-seven", 7],
    ]);
    expect((await db.currencyDictionary.findMany({ where: { isDefault: true } })).map((c) => c.code)).toEqual(["BBB"]);
    // and from now on the database refuses a second default and a repeated weight
    await expect(db.currencyDictionary.create({ data: { code: "EEE", name: "EEE", isDefault: true } })).rejects.toMatchObject({
      code: "P2002",
    });
    await expect(shortcut(b, 3, 5, "b-again")).rejects.toMatchObject({ code: "P2002" });
    await db.currencyDictionary.create({ data: { code: "FFF", name: "FFF", isDefault: false } });
  } finally {
    await db.$disconnect();
  }
}

// ─────────────────────────────── SQLite ───────────────────────────────

async function sqliteStructure(db: Db) {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name`,
  );
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    const q = (sql: string) => db.$queryRawUnsafe<Record<string, unknown>[]>(sql, name);
    const indexes = await q(`SELECT name, "unique", origin, partial FROM pragma_index_list(?) ORDER BY name`);
    const indexColumns: Record<string, unknown> = {};
    for (const index of indexes) {
      indexColumns[String(index.name)] = await db.$queryRawUnsafe(
        `SELECT seqno, name, "desc", coll, key FROM pragma_index_xinfo(?) ORDER BY seqno`,
        index.name,
      );
    }
    out[name] = {
      // the index's own text: a partial index's WHERE clause is nowhere else
      indexSql: await q(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name`),
      columns: await q(`SELECT cid, name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid`),
      indexes,
      indexColumns,
      foreignKeys: await q(
        `SELECT id, seq, "table", "from", "to", on_update, on_delete, "match" FROM pragma_foreign_key_list(?) ORDER BY id, seq`,
      ),
    };
  }
  return out;
}

describe("SQLite migrations", () => {
  const fresh = (name: string) => `file:${join(work, `${name}-${randomUUID()}.db`)}`;

  it("produce exactly the schema Prisma derives from the model", async () => {
    const migrated = prismaClient({ url: fresh("migrated") }).client;
    const expected = prismaClient({ url: fresh("expected") }).client;
    try {
      expect(await migrate(migrated, "sqlite")).toEqual(readMigrations(defaultMigrationsDir("sqlite")).map((m) => m.name));
      for (const statement of [...splitSql(schemaScript("sqlite", fresh("cli"))), ...HAND_WRITTEN.sqlite])
        await expected.$executeRawUnsafe(statement);
      const actual = await sqliteStructure(migrated);
      expect(Object.keys(actual).length).toBeGreaterThan(20);
      expect(actual).toEqual(await sqliteStructure(expected));
    } finally {
      await migrated.$disconnect();
      await expected.$disconnect();
    }
  });

  it("write the history `prisma migrate deploy` writes, and the Prisma CLI takes over from it", async () => {
    const oursUrl = fresh("ours");
    const ours = prismaClient({ url: oursUrl }).client;
    await migrate(ours, "sqlite");
    expect(await migrate(ours, "sqlite")).toEqual([]); // a second start applies nothing

    const prismasUrl = fresh("prisma");
    const deploy = prisma("sqlite", prismasUrl, ["migrate", "deploy"]);
    expect(deploy.output).toContain("successfully applied");
    const theirs = prismaClient({ url: prismasUrl }).client;
    try {
      const columns = `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info('_prisma_migrations') ORDER BY cid`;
      expect(await ours.$queryRawUnsafe(columns)).toEqual(await theirs.$queryRawUnsafe(columns));
      const history = `SELECT migration_name, checksum, logs, rolled_back_at, applied_steps_count,
        CAST(finished_at AS TEXT) AS finished_at, CAST(started_at AS TEXT) AS started_at FROM "_prisma_migrations" ORDER BY migration_name`;
      const ourRows = await ours.$queryRawUnsafe<Record<string, unknown>[]>(history);
      const theirRows = await theirs.$queryRawUnsafe<Record<string, unknown>[]>(history);
      const strip = (rows: Record<string, unknown>[]) => rows.map(({ finished_at, started_at, ...rest }) => rest);
      expect(ourRows.length).toBeGreaterThan(0);
      expect(strip(ourRows)).toEqual(strip(theirRows));
      // timestamps rendered the way Prisma renders them (RFC 3339, milliseconds, +00:00)
      const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
      for (const row of [...ourRows, ...theirRows]) {
        expect(String(row.started_at)).toMatch(rfc3339);
        expect(String(row.finished_at)).toMatch(rfc3339);
      }
    } finally {
      await theirs.$disconnect();
    }

    const status = prisma("sqlite", oursUrl, ["migrate", "status"]);
    expect(status.output).toContain("Database schema is up to date!");
    expect(status.status).toBe(0);
    // the CLI's deploy takes the file for itself (SQLite's exclusive locking mode), which write-ahead
    // logging grants only while no other connection has it open: the server stops first (README)
    await ours.$disconnect();
    expect(prisma("sqlite", oursUrl, ["migrate", "deploy"]).output).toContain("No pending migrations to apply.");

    // the CLI really reads the rows: without them it sees a pending migration
    const again = prismaClient({ url: oursUrl }).client;
    await again.$executeRawUnsafe(`DELETE FROM "_prisma_migrations"`);
    await again.$disconnect();
    const pending = prisma("sqlite", oursUrl, ["migrate", "status"]);
    expect(pending.output).toContain("not yet been applied");
    expect(pending.status).not.toBe(0);
  });

  it("a table redefinition as Prisma generates it keeps the rows that refer to the table, and foreign keys stay enforced", async () => {
    const dir = join(work, `sqlite-redefine-${randomUUID()}`);
    mkdirSync(join(dir, "0001_tables"), { recursive: true });
    mkdirSync(join(dir, "0002_redefine"), { recursive: true });
    writeFileSync(
      join(dir, "0001_tables/migration.sql"),
      `CREATE TABLE "Parent" ("id" TEXT NOT NULL PRIMARY KEY);
CREATE TABLE "Child" ("id" TEXT NOT NULL PRIMARY KEY, "parentId" TEXT NOT NULL, CONSTRAINT "Child_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Parent" ("id") ON DELETE CASCADE ON UPDATE CASCADE);
INSERT INTO "Parent" ("id") VALUES ('p');
INSERT INTO "Child" ("id", "parentId") VALUES ('c', 'p');
`,
    );
    // the shape of \`prisma migrate diff\`'s SQLite output when a table gains a foreign key
    writeFileSync(
      join(dir, "0002_redefine/migration.sql"),
      `-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Parent" ("id" TEXT NOT NULL PRIMARY KEY, "otherId" TEXT, CONSTRAINT "Parent_otherId_fkey" FOREIGN KEY ("otherId") REFERENCES "Parent" ("id") ON DELETE SET NULL ON UPDATE CASCADE);
INSERT INTO "new_Parent" ("id") SELECT "id" FROM "Parent";
DROP TABLE "Parent";
ALTER TABLE "new_Parent" RENAME TO "Parent";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
`,
    );
    const db = prismaClient({ url: fresh("redefine") }).client;
    try {
      expect(await migrate(db, "sqlite", dir)).toEqual(["0001_tables", "0002_redefine"]);
      expect(await db.$queryRawUnsafe(`SELECT "id", "parentId" FROM "Child"`)).toEqual([{ id: "c", parentId: "p" }]);
      expect(await db.$queryRawUnsafe(`PRAGMA foreign_keys`)).toEqual([{ foreign_keys: 1n }]);
      await expect(db.$executeRawUnsafe(`INSERT INTO "Child" ("id", "parentId") VALUES ('d', 'nobody')`)).rejects.toThrow();

      // a migration that leaves a broken reference is refused and rolled back
      mkdirSync(join(dir, "0003_breaks"), { recursive: true });
      writeFileSync(join(dir, "0003_breaks/migration.sql"), `INSERT INTO "Child" ("id", "parentId") VALUES ('e', 'nobody');\n`);
      await expect(migrate(db, "sqlite", dir)).rejects.toThrow(/0003_breaks leaves 1 broken reference/);
      expect(await db.$queryRawUnsafe(`SELECT count(*) AS n FROM "Child"`)).toEqual([{ n: 1n }]);
      expect(await db.$queryRawUnsafe(`PRAGMA foreign_keys`)).toEqual([{ foreign_keys: 1n }]);
    } finally {
      await db.$disconnect();
    }
  });

  it("the issue-23 migration repairs repeated shortcut weights and extra default currencies", async () => {
    await repairsConcurrencyLeftovers("sqlite", fresh("repair"));
  });

  it("apply each migration in its own transaction: a failing one leaves no trace, earlier ones stay", async () => {
    const dir = join(work, `sqlite-broken-${randomUUID()}`);
    mkdirSync(join(dir, "0001_ok"), { recursive: true });
    mkdirSync(join(dir, "0002_broken"), { recursive: true });
    writeFileSync(join(dir, "0001_ok/migration.sql"), `CREATE TABLE "probe_one" ("id" TEXT NOT NULL PRIMARY KEY);\n`);
    writeFileSync(
      join(dir, "0002_broken/migration.sql"),
      `CREATE TABLE "probe_two" ("id" TEXT NOT NULL PRIMARY KEY);\nCREATE TABLE "probe_one" ("id" TEXT);\n`,
    );
    const db = prismaClient({ url: fresh("broken") }).client;
    try {
      await expect(migrate(db, "sqlite", dir)).rejects.toThrow();
      const tables = await db.$queryRawUnsafe<{ name: string }[]>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'probe_%'`,
      );
      expect(tables.map((t) => t.name)).toEqual(["probe_one"]);
      const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(`SELECT migration_name FROM "_prisma_migrations"`);
      expect(rows.map((r) => r.migration_name)).toEqual(["0001_ok"]);
    } finally {
      await db.$disconnect();
    }
  });
});

// ───────────────────────────── PostgreSQL ─────────────────────────────

async function pgStructure(url: string) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const q = async (sql: string) => (await c.query(sql)).rows;
    return {
      columns: await q(`
        SELECT table_name, column_name, ordinal_position, data_type, udt_name, character_maximum_length,
               numeric_precision, numeric_scale, datetime_precision, is_nullable, column_default
          FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
         ORDER BY table_name, ordinal_position`),
      constraints: await q(`
        SELECT cl.relname AS table_name, co.conname, co.contype, pg_get_constraintdef(co.oid) AS definition
          FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
         WHERE n.nspname = 'public' AND cl.relname <> '_prisma_migrations'
         ORDER BY cl.relname, co.conname`),
      indexes: await q(`
        SELECT tablename, indexname, indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
         ORDER BY tablename, indexname`),
      types: await q(`
        SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
         ORDER BY t.typname, e.enumsortorder`),
    };
  } finally {
    await c.end();
  }
}

describeIf(onPostgres, NEEDS_POSTGRES)("PostgreSQL migrations (TEST_DATABASE_URL is PostgreSQL)", () => {
  const created: string[] = [];
  async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const c = new Client({ connectionString: TEST_SERVER_URL });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }
  async function freshDatabase(label: string): Promise<string> {
    const name = `wm_mig_${label}_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    created.push(name);
    return postgresUrl(name);
  }
  afterAll(async () => {
    await admin(async (c) => {
      for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  });

  it("produce exactly the schema Prisma derives from the model", async () => {
    const migratedUrl = await freshDatabase("migrated");
    const db = prismaClient({ url: migratedUrl }).client;
    try {
      expect(await migrate(db, "postgres")).toEqual(readMigrations(defaultMigrationsDir("postgres")).map((m) => m.name));
    } finally {
      await db.$disconnect();
    }
    const expectedUrl = await freshDatabase("expected");
    const script = schemaScript("postgres", expectedUrl);
    const c = new Client({ connectionString: expectedUrl });
    await c.connect();
    await c.query(script);
    for (const statement of HAND_WRITTEN.postgres) await c.query(statement);
    await c.end();

    const actual = await pgStructure(migratedUrl);
    expect(actual.columns.length).toBeGreaterThan(100);
    expect(actual).toEqual(await pgStructure(expectedUrl));
  });

  it("the issue-23 migration repairs repeated shortcut weights and extra default currencies", async () => {
    await repairsConcurrencyLeftovers("postgres", await freshDatabase("repair"));
  });

  it("use PostgreSQL types where they matter: uuid ids, timestamptz, numeric money", async () => {
    const url = await freshDatabase("types");
    const db = prismaClient({ url }).client;
    await migrate(db, "postgres");
    await db.$disconnect();
    const { columns } = await pgStructure(url);
    const typeOf = (table: string, column: string) => columns.find((c) => c.table_name === table && c.column_name === column)?.data_type;
    expect(columns.filter((c) => c.data_type === "timestamp without time zone")).toEqual([]);
    expect(columns.filter((c) => ["real", "double precision"].includes(c.data_type))).toEqual([]);
    expect(columns.filter((c) => c.column_name === "id" && c.data_type !== "uuid")).toEqual([]);
    const decimals = (readFileSync(join(projectRoot, "prisma/models.prisma"), "utf8").match(/^\s+\w+\s+Decimal\??\s/gm) ?? []).length;
    expect(columns.filter((c) => c.data_type === "numeric")).toHaveLength(decimals);
    expect(typeOf("Invoice", "grossAmount")).toBe("numeric");
    expect(typeOf("Invoice", "createdAt")).toBe("timestamp with time zone");
    expect(typeOf("Invoice", "issueDate")).toBe("date");
    expect(typeOf("Invoice", "numberingId")).toBe("uuid");
  });

  it("write Prisma's history table, and `prisma migrate status` reads it", async () => {
    const url = await freshDatabase("history");
    const db = prismaClient({ url }).client;
    try {
      await migrate(db, "postgres");
      const columns = await db.$queryRawUnsafe<Record<string, unknown>[]>(`
        SELECT column_name::text, data_type::text, character_maximum_length::int, is_nullable::text, column_default::text
          FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`);
      expect(columns).toEqual([
        { column_name: "id", data_type: "character varying", character_maximum_length: 36, is_nullable: "NO", column_default: null },
        { column_name: "checksum", data_type: "character varying", character_maximum_length: 64, is_nullable: "NO", column_default: null },
        {
          column_name: "finished_at",
          data_type: "timestamp with time zone",
          character_maximum_length: null,
          is_nullable: "YES",
          column_default: null,
        },
        {
          column_name: "migration_name",
          data_type: "character varying",
          character_maximum_length: 255,
          is_nullable: "NO",
          column_default: null,
        },
        { column_name: "logs", data_type: "text", character_maximum_length: null, is_nullable: "YES", column_default: null },
        {
          column_name: "rolled_back_at",
          data_type: "timestamp with time zone",
          character_maximum_length: null,
          is_nullable: "YES",
          column_default: null,
        },
        {
          column_name: "started_at",
          data_type: "timestamp with time zone",
          character_maximum_length: null,
          is_nullable: "NO",
          column_default: "now()",
        },
        {
          column_name: "applied_steps_count",
          data_type: "integer",
          character_maximum_length: null,
          is_nullable: "NO",
          column_default: "0",
        },
      ]);
      const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(
        `SELECT migration_name, checksum, logs, rolled_back_at, applied_steps_count, started_at <= finished_at AS ordered FROM _prisma_migrations ORDER BY started_at`,
      );
      expect(rows).toEqual(
        readMigrations(defaultMigrationsDir("postgres")).map((m) => ({
          migration_name: m.name,
          checksum: m.checksum,
          logs: null,
          rolled_back_at: null,
          applied_steps_count: 1,
          ordered: true,
        })),
      );
      expect(await migrate(db, "postgres")).toEqual([]);
    } finally {
      await db.$disconnect();
    }
    const status = prisma("postgres", url, ["migrate", "status"]);
    expect(status.output).toContain("Database schema is up to date!");
    expect(status.status).toBe(0);

    const c = new Client({ connectionString: url });
    await c.connect();
    await c.query(`DELETE FROM _prisma_migrations`);
    await c.end();
    const pending = prisma("postgres", url, ["migrate", "status"]);
    expect(pending.output).toContain("not yet been applied");
    expect(pending.status).not.toBe(0);
  });

  it("let replicas starting together migrate once: the others wait, then find nothing to do", async () => {
    const url = await freshDatabase("race");
    const clients = [1, 2, 3, 4].map(() => prismaClient({ url, poolSize: 2 }).client);
    try {
      const results = await Promise.all(clients.map((db) => migrate(db, "postgres")));
      const expected = readMigrations(defaultMigrationsDir("postgres")).map((m) => m.name);
      expect(results.filter((r) => r.length > 0)).toEqual([expected]);
      expect(results.filter((r) => r.length === 0)).toHaveLength(3);
      const rows = await clients[0].$queryRawUnsafe<unknown[]>(`SELECT 1 FROM _prisma_migrations`);
      expect(rows).toHaveLength(expected.length);
    } finally {
      await Promise.all(clients.map((db) => db.$disconnect()));
    }
  });

  it("apply pending migrations in one transaction: a failure leaves neither tables nor history", async () => {
    const dir = join(work, `pg-broken-${randomUUID()}`);
    mkdirSync(join(dir, "0001_ok"), { recursive: true });
    mkdirSync(join(dir, "0002_broken"), { recursive: true });
    writeFileSync(join(dir, "0001_ok/migration.sql"), `CREATE TABLE "probe_one" ("id" UUID NOT NULL PRIMARY KEY);\n`);
    writeFileSync(
      join(dir, "0002_broken/migration.sql"),
      `CREATE TABLE "probe_two" ("id" UUID NOT NULL PRIMARY KEY);\nCREATE TABLE "probe_one" ("id" UUID);\n`,
    );
    const url = await freshDatabase("broken");
    const db = prismaClient({ url }).client;
    try {
      await expect(migrate(db, "postgres", dir)).rejects.toThrow();
      const tables = await db.$queryRawUnsafe<{ table_name: string }[]>(
        `SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
      );
      expect(tables).toEqual([]);
      // and once fixed, the same database migrates
      writeFileSync(join(dir, "0002_broken/migration.sql"), `CREATE TABLE "probe_two" ("id" UUID NOT NULL PRIMARY KEY);\n`);
      expect(await migrate(db, "postgres", dir)).toEqual(["0001_ok", "0002_broken"]);
    } finally {
      await db.$disconnect();
    }
  });
});
