import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";

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
  /** Called with each SQL statement sent; tests count statements with it. */
  onQuery?: (sql: string) => void;
}

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith("file:")) return "sqlite";
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return "postgres";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)`);
}

/** Path of the SQLite file behind a `file:` URL. */
export function sqlitePath(url: string): string {
  return url.slice("file:".length).replace(/\?.*$/, "");
}

export function createDb(options: DatabaseOptions): Db {
  const kind = databaseKind(options.url);
  const log = options.onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
  let client: Db;
  if (kind === "sqlite") {
    const adapter = new PrismaBetterSQLite3({ url: sqlitePath(options.url) }, { timestampFormat: "iso8601" });
    client = new SqliteClient({ adapter, log });
  } else {
    const adapter = new PrismaPg({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    client = new PostgresClient({ adapter, log }) as unknown as Db;
  }
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (client as unknown as { $on(e: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) =>
      onQuery(e.query),
    );
  }
  return client;
}
