import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool, type PoolConfig } from "pg";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import { databaseKind } from "../config/config";
import { immediateTransactions, SQLITE_BUSY_TIMEOUT_MS } from "./sqlite-write-lock";
import { hookedAdapter, withMembers, type StatementTracing } from "./statement-hook";

export { Prisma } from "../generated/sqlite/client";
export type * from "../generated/sqlite/models";

/**
 * The database client the whole application uses. The SQLite and PostgreSQL clients are
 * generated from one model (prisma/models.prisma) and expose the same API, so the code is
 * typed against one of them and runs on either.
 */
export type Db = SqliteClient;
/** A client or an interactive transaction: what services accept so they compose inside transactions. */
export type DbTx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export interface DatabaseOptions {
  url: string;
  /** PostgreSQL pool size (connections per process). */
  poolSize?: number;
  /** PostgreSQL: how long opening a connection (TCP, TLS, authentication) may take. */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long the client waits for a statement's answer (0: forever). */
  queryTimeoutMs?: number;
  /** Called with each SQL statement sent; tests count statements with it. */
  onQuery?: (sql: string) => void;
  /**
   * Prisma's query plan cache (compiled query plans kept per query shape; on by default in
   * Prisma 7, 1000 entries). It halves Prisma's CPU per operation; 0 turns it off (benchmarks).
   */
  queryPlanCacheMaxSize?: number;
  /**
   * SQLite: how long a transaction waits for another process's write lock (without blocking the
   * event loop; see src/db/sqlite-write-lock.ts). The server passes its request budget.
   */
  lockWaitMs?: number;
  /** Sees every statement of a request, Prisma's and the read side's (src/db/statement-hook.ts). */
  tracing?: StatementTracing;
}

/** SQLite: how long a transaction waits for another process's write lock unless told (DatabaseOptions.lockWaitMs). */
const DEFAULT_LOCK_WAIT_MS = 10_000;

export const POSTGRES_DEFAULTS = {
  poolSize: 10,
  connectTimeoutMs: 5_000,
  queryTimeoutMs: 30_000,
} as const;

/**
 * Every statement is named (prepared once per connection, see preparedStatementName and the read
 * side's), and each is planned once too: PostgreSQL's default (auto) keeps planning a prepared
 * statement anew on every execution whenever its generic plan's estimate is dearer than the plans
 * made for the values, and a page's `LIMIT $n OFFSET $m` (assumed to keep a tenth of the rows) or
 * a list parameter (`= any($1)`, assumed to match any number) always makes it so. Measured on
 * the demo data at scale 4 (pg_stat_statements, issue 19): the vacations page and its count, the
 * gantt read and createInvoice's statements were planned on every call (0.2 ms per gantt, 0.35
 * per vacations page, 1.4-1.7 per invoice), while their generic plans are the same plans
 * (EXPLAIN ANALYZE) and run as fast; the users page, checklists, comments and `_entities` had
 * switched to their generic plans already.
 */
const PLAN_CACHE_MODE = "force_generic_plan";

/**
 * The pg pool behind the PostgreSQL adapter. The timeouts are what keeps a request from hanging
 * when the database goes away: a refused or unanswered connection attempt fails within
 * `connectTimeoutMs`, a connection whose peer vanished mid-statement fails within
 * `queryTimeoutMs` (TCP keep-alive eventually closes it too). Broken connections are dropped by
 * the pool and replaced on demand, so service resumes by itself once the database is back.
 */
export function postgresPoolConfig(options: DatabaseOptions): PoolConfig {
  return {
    connectionString: options.url,
    max: options.poolSize ?? POSTGRES_DEFAULTS.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs ?? POSTGRES_DEFAULTS.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs ?? POSTGRES_DEFAULTS.queryTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: "work-management-api",
    options: `-c plan_cache_mode=${PLAN_CACHE_MODE}`,
  };
}

/**
 * Named (prepared) statements, Prisma's pg adapter's and the read side's (src/db/kysely.ts) on the
 * connections they share: PostgreSQL parses and plans an unnamed statement on every call, a named
 * one once per connection. The name is derived from the text, so one name always means one text;
 * the read side keeps its texts stable (a list is one array parameter, not one placeholder per
 * element), so the set is small. Past MAX_NAMED_STATEMENTS distinct texts further ones go unnamed,
 * so the memory each connection keeps on the server stays bounded.
 */
const MAX_NAMED_STATEMENTS = 4_000;
const statementNames = new Map<string, string>();
export function preparedStatementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `p_${createHash("sha1").update(sql).digest("hex").slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Whether `error` says the pool is exhausted: no connection came free within
 * `connectTimeoutMs` (pg-pool's message, as Prisma and Kysely pass it on). The request may be
 * sent again later: the server answers SERVICE_UNAVAILABLE, never a server failure.
 */
export function isPoolExhausted(error: unknown): boolean {
  return error instanceof Error && error.message.includes("timeout exceeded when trying to connect");
}

/** Path of the SQLite file behind a `file:` URL. */
export function sqlitePath(url: string): string {
  return url.slice("file:".length).replace(/\?.*$/, "");
}

/**
 * SQLite's settings on the connection Prisma writes through. Write-ahead logging: a commit
 * appends to the -wal file beside the database instead of writing a rollback journal, and with
 * synchronous=NORMAL it is flushed to disk at checkpoints rather than at every commit. With the
 * default rollback journal every commit waited for several fsyncs (8-12 ms measured on the
 * development machine), during which better-sqlite3, being synchronous, held the whole process:
 * that capped createInvoice near 80 per second. Readers also no longer wait for a writer. The
 * database stays consistent after a crash; a power loss may undo the last commits before the
 * next checkpoint. journal_mode is stored in the file (the read side's read-only handle and later
 * starts find it set); synchronous is per connection.
 */
const SQLITE_SETTINGS = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;";

/**
 * A Prisma client on the database, with what a second query layer needs to share it
 * (src/db/database.ts): on PostgreSQL the very pg.Pool behind Prisma's adapter (same connections,
 * same limits and timeouts: the pool size is the process's whole budget of connections), closed
 * by `$disconnect()`; on SQLite the file's path (better-sqlite3 handles are synchronous and
 * cheap, so a reader opens its own handle on the same file; SQLite's locking serialises it with
 * Prisma's writes).
 */
export function prismaClient(options: DatabaseOptions): { client: Db; pool?: Pool; sqlitePath?: string } {
  const { onQuery, queryPlanCacheMaxSize } = options;
  const log = onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
  let opened: { client: Db; pool?: Pool; sqlitePath?: string };
  if (databaseKind(options.url) === "sqlite") {
    const path = sqlitePath(options.url);
    // a new database file's folder too (data/ on a fresh clone)
    mkdirSync(dirname(path), { recursive: true });
    // better-sqlite3 is synchronous: heavy requests' statements take turns (budgetedDb, src/db/budget.ts)
    const sqlite = new PrismaBetterSqlite3({ url: path, timeout: SQLITE_BUSY_TIMEOUT_MS }, { timestampFormat: "iso8601" });
    // every connection first runs the settings (the public SqlDriverAdapter API: executeScript)
    const settled = withMembers(sqlite, {
      connect: async () => {
        const adapter = await sqlite.connect();
        await adapter.executeScript(SQLITE_SETTINGS);
        return adapter;
      },
    });
    // hooked inside the write lock's wrapper: its BEGIN IMMEDIATE is a statement too
    const factory = options.tracing ? hookedAdapter(settled, options.tracing.adapter) : settled;
    const adapter = immediateTransactions(factory, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
    opened = { client: new SqliteClient({ adapter, log, queryPlanCacheMaxSize }), sqlitePath: path };
  } else {
    // The pool is built here, not by the adapter, so that other query layers can share it.
    // Prisma's adapter does not end a pool it was given; `$disconnect()` below does.
    const pool = new Pool(postgresPoolConfig(options));
    // an idle connection that dies (server restart) must not crash the process; the pool drops it
    pool.on("error", () => undefined);
    const pg = new PrismaPg(pool, { statementNameGenerator: (query) => preparedStatementName(query.sql)! });
    const adapter = options.tracing ? hookedAdapter(pg, options.tracing.adapter) : pg;
    const pgClient = new PostgresClient({ adapter, log, queryPlanCacheMaxSize });
    const disconnect = pgClient.$disconnect.bind(pgClient);
    let ended: Promise<void> | undefined;
    pgClient.$disconnect = async () => {
      await disconnect();
      await (ended ??= pool.end());
    };
    opened = { client: pgClient as unknown as Db, pool };
  }
  const { client } = opened;
  if (onQuery) (client as unknown as { $on(e: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) => onQuery(e.query));
  return opened;
}
