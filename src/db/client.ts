import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool, type PoolConfig } from "pg";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import { takingTurns } from "../server/turns";

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

export type DatabaseKind = "sqlite" | "postgres";

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
}

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith("file:")) return "sqlite";
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return "postgres";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)`);
}

export const POSTGRES_DEFAULTS = {
  poolSize: 10,
  connectTimeoutMs: 5_000,
  queryTimeoutMs: 30_000,
} as const;

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
  };
}

/** Path of the SQLite file behind a `file:` URL. */
export function sqlitePath(url: string): string {
  return url.slice("file:".length).replace(/\?.*$/, "");
}

const pools = new WeakMap<Db, Pool>();

/** Connections of a PostgreSQL client's pool (open, idle, requests waiting); SQLite has one embedded connection. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } {
  const pool = pools.get(db);
  if (!pool) return { total: 1, idle: 0, waiting: 0 };
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function createDb(options: DatabaseOptions): Db {
  const kind = databaseKind(options.url);
  const log = options.onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
  let client: Db;
  if (kind === "sqlite") {
    // better-sqlite3 is synchronous: statements take turns with other requests (src/server/turns.ts)
    const adapter = takingTurns(new PrismaBetterSQLite3({ url: sqlitePath(options.url) }, { timestampFormat: "iso8601" }));
    client = new SqliteClient({ adapter, log });
  } else {
    // the pool is created here (and closed with the client) so /metrics can read its use
    const pool = new Pool(postgresPoolConfig(options));
    const adapter = new PrismaPg(pool, { disposeExternalPool: true });
    client = new PostgresClient({ adapter, log }) as unknown as Db;
    pools.set(client, pool);
  }
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (client as unknown as { $on(e: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) =>
      onQuery(e.query),
    );
  }
  return client;
}
