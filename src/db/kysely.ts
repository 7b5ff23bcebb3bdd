import { createHash } from "node:crypto";
import { Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver, type LogEvent } from "kysely";
import { nextTurn, turnExpired } from "./turns";
import { Pool, types as pgTypes, type PoolClient } from "pg";
import { databaseKind, type DatabaseKind } from "../config/config";
import { dbConnection, postgresPoolConfig, sqlitePath, type Db } from "./client";
import type { Tables } from "./tables";

/**
 * The read side: Kysely over the same database as Prisma. Prisma stays the schema, the
 * migrations and the write path; reads are compiled by hand into one statement per page (nested
 * rows aggregated as JSON inside the database), because every Prisma operation costs a fixed
 * 1-2 ms of CPU and one statement per include level (issue 10).
 */
export interface ReadDb {
  kind: DatabaseKind;
  db: Kysely<Tables>;
  /** Closes what this instance opened (an injected pool is left to its owner). */
  destroy(): Promise<void>;
}

export interface ReadDbOptions {
  url: string;
  /** PostgreSQL: a pool to share (e.g. the one behind Prisma's adapter); otherwise one is opened. */
  pool?: Pool;
  /** PostgreSQL: size of the pool opened when none is given. */
  poolSize?: number;
  /** Called with each SQL statement sent; tests count statements with it. */
  onQuery?: (sql: string) => void;
}

/**
 * PostgreSQL values read as their text: timestamps and dates (the row mapping turns them into
 * `Date`s the same way on both databases, never through the server's local time zone) and
 * numerics (exact decimals, never through a float). JSON is parsed as usual.
 */
const RAW_TEXT_OIDS = new Set([1082 /* date */, 1114 /* timestamp */, 1184 /* timestamptz */, 1700 /* numeric */]);
const rawTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    RAW_TEXT_OIDS.has(oid) ? (value: string) => value : pgTypes.getTypeParser(oid, format as "text")) as typeof pgTypes.getTypeParser,
};

/**
 * Named (prepared) statements: PostgreSQL parses and plans a named statement once per connection
 * and reuses it, where an unnamed one is planned on every call. The read queries keep their text
 * stable (lists are one array parameter, not one placeholder per element), so the set of texts is
 * small; past `MAX_NAMED` distinct texts further ones go unnamed so server memory stays bounded.
 */
const MAX_NAMED = 2_000;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED) {
    name = `wm_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A pg pool as Kysely's dialect sees it, with every statement named and read with raw types. */
function namedStatementPool(pool: Pool, owned: boolean) {
  return {
    async connect() {
      const client: PoolClient = await pool.connect();
      return {
        query: (text: string, values: unknown[]) =>
          client.query({ text, values, name: statementName(text), types: rawTypes } as never),
        release: (error?: Error | boolean) => client.release(error),
      };
    },
    async end() {
      if (owned) await pool.end();
    },
  };
}

interface SqliteStatement {
  readonly reader: boolean;
  all(parameters: ReadonlyArray<unknown>): unknown[];
  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown>;
}
interface SqliteHandle {
  prepare(sql: string): SqliteStatement;
  close(): void;
  pragma(source: string): unknown;
}

/**
 * A better-sqlite3 handle whose statements are prepared once and kept (SQLite compiles a
 * statement on prepare; Kysely prepares on every call). Statements run synchronously, so one
 * cached statement is never used by two queries at once.
 */
function cachingSqlite(handle: SqliteHandle) {
  const cache = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (!statement) {
        statement = handle.prepare(sql);
        if (cache.size >= MAX_NAMED) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
    close: () => handle.close(),
  };
}

export function createReadDb(options: ReadDbOptions): ReadDb {
  const kind = databaseKind(options.url);
  const log = options.onQuery
    ? (event: LogEvent) => {
        if (event.level === "query") options.onQuery!(event.query.sql);
      }
    : undefined;
  if (kind === "postgres") {
    const owned = !options.pool;
    const pool = options.pool ?? new Pool(postgresPoolConfig({ url: options.url, poolSize: options.poolSize }));
    // an idle connection dropped by the server (database restarted, network cut) is reported as
    // an 'error' event, which would end the process unhandled: the pool discards it and opens a
    // new one on demand, and the next statement's own error is what the request reports
    if (owned) pool.on("error", () => undefined);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool, owned) as never }), log });
    return { kind, db, destroy: () => db.destroy() };
  }
  // better-sqlite3 comes with Prisma's SQLite adapter; a second handle on the same file, read-only
  // (writes go through Prisma), waiting like Prisma's when a writer holds the lock.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require("better-sqlite3") as new (path: string, options: { readonly: boolean; timeout: number }) => SqliteHandle;
  const handle = new Database(sqlitePath(options.url), { readonly: true, timeout: 5_000 });
  const db = new Kysely<Tables>({ dialect: new TurnTakingSqliteDialect({ database: cachingSqlite(handle) as never }), log });
  return { kind, db, destroy: () => db.destroy() };
}

/**
 * The read database of each Prisma client. The server builds the Prisma client in one place and
 * the request context looks the read side up here, so a caller may hand in its own (tests count
 * its statements; the process can share one pg pool between both) with `attachReadDb`; otherwise
 * one is opened on first use from the same URL.
 */
const attached = new WeakMap<object, ReadDb>();

export function attachReadDb(prisma: object, read: ReadDb): ReadDb {
  attached.set(prisma, read);
  return read;
}

/** The read side of a client made by createDb: on PostgreSQL it queries through the very pool Prisma's adapter uses. */
export function readDbFor(prisma: Db, options: { onQuery?: (sql: string) => void } = {}): ReadDb {
  let read = attached.get(prisma);
  if (!read) {
    const connection = dbConnection(prisma);
    read = attachReadDb(prisma, createReadDb({ url: connection.url, pool: connection.pool, onQuery: options.onQuery }));
  }
  return read;
}

/**
 * better-sqlite3 runs each statement synchronously: like Prisma's SQLite statements
 * (src/db/client.ts), each read statement first gives the event loop back when the current turn
 * has run past its slice (src/db/turns.ts), so a document of many heavy reads lets other
 * requests in between them.
 */
class TurnTakingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async (): Promise<DatabaseConnection> => {
      const connection = await acquire();
      return {
        executeQuery: async (query) => {
          if (turnExpired()) await nextTurn();
          return connection.executeQuery(query);
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
    };
    return driver;
  }
}
