import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type QueryResult,
} from "kysely";
import { inTurn, nextTurn, turnExpired } from "./turns";
import { types as pgTypes, type Pool } from "pg";
import type { DatabaseKind } from "../config/config";
import { ServiceUnavailableError } from "../errors/errors";
import { isPoolExhausted, preparedStatementName } from "./client";
import { DIALECTS, type SqlDialect } from "./sql";
import type { Release } from "./statement-gate";
import { StatementCache } from "./statements";
import type { Tables } from "./tables";
import { SQLITE_BUSY_TIMEOUT_MS } from "./sqlite-write-lock";
import type { StatementHook } from "./statement-hook";
import { SqliteReader } from "./sqlite-reader";

/**
 * The read side: Kysely over the same database as Prisma, bound to its SQL dialect. Prisma stays
 * the schema, the migrations and the write path; reads are compiled by hand into one statement
 * per page (nested rows aggregated as JSON inside the database), because every Prisma operation
 * costs a fixed 1-2 ms of CPU and one statement per include level (issue 10). Its statements
 * are built once per shape and kept (src/db/statements.ts); a request reads through its own port
 * (src/db/database.ts), inside its time budget.
 */
export interface ReadSide {
  db: Kysely<Tables>;
  dialect: SqlDialect;
  statements: StatementCache;
  /** Closes what this instance opened (a shared pool is left to its owner). */
  destroy(): Promise<void>;
  /** How one request sends a compiled (declared) statement to the same connections, through `hooks` (src/db/database.ts). */
  through(hooks: RequestHooks): Execute;
}

/** How one request's statements reach the database. */
export interface RequestHooks {
  /** PostgreSQL: waits for the request's turn before each statement (its share of the pool, src/db/statement-gate.ts). */
  admit?: () => Promise<Release>;
  /** PostgreSQL: how the request waits for a statement: it may give up before the statement ends (its time budget). */
  guard?: <T>(statement: Promise<T>) => Promise<T>;
  /**
   * SQLite: whether the request's statements take turns (a heavy request; known once its cost
   * is): they are then sent one at a time, each once the previous one's rows have been completed
   * in their turns (src/db/turns.ts), so that light requests get in between and the result budget
   * stops the request before more is read. A light request's statements go without waiting (at
   * the end of the turn, with the other requests' of that turn: src/db/sqlite-reader.ts).
   */
  takeTurns?: () => boolean;
  /** SQLite: the request's stop (its budget spent), asked again when a statement waiting for the worker is to be sent. */
  stopped?: () => unknown;
  /** A traced request's statements: each through its hook (src/db/statement-hook.ts). */
  statement?: StatementHook;
}

export interface ReadSideOptions {
  kind: DatabaseKind;
  /** PostgreSQL: the pool to query through (the one behind Prisma's adapter). */
  pool?: Pool;
  /** SQLite: the database file. */
  sqlitePath?: string;
  /** Called with each SQL statement sent (once it has answered); tests count statements with it. */
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

export type Execute = <R>(query: CompiledQuery) => Promise<QueryResult<R>>;

/**
 * A statement on PostgreSQL, straight to pg: a connection of the pool for it alone, the statement
 * named and read with raw types, and a request's hooks: the connection first admitted, the
 * statement guarded (one the request gave up on keeps its connection until it ends). An exhausted
 * pool is SERVICE_UNAVAILABLE. Sent without Kysely's executor in between (its connection provider,
 * plugins and a Kysely made for each request: 2-3% of the server's CPU on the gantt and vacations
 * pages at 16 connections).
 */
function postgresExecute(pool: Pool, hooks: RequestHooks): Execute {
  return async <R>(query: CompiledQuery) => {
    const admitted = await hooks.admit?.();
    let client;
    try {
      client = await pool.connect();
    } catch (error) {
      admitted?.();
      throw isPoolExhausted(error) ? new ServiceUnavailableError() : error;
    }
    const config = { text: query.sql, values: query.parameters, name: preparedStatementName(query.sql), types: rawTypes } as never;
    // without a hook (an untraced request) the statement is sent as is, nothing wrapped
    const statement: Promise<{ rows: R[] }> = hooks.statement
      ? hooks.statement(query.sql, () => client.query(config))
      : client.query(config);
    // the connection goes back as soon as the statement ends, a heavy request's turn (`admit`) once
    // what its rows led to has had its turn: the result budget has counted them before its next
    // statement leaves (statements of a document cut by MAX_RESULT_NODES: 76-104 sent with Kysely's
    // executor in between, 105-149 without this wait; test/result-budget.test.ts)
    const release = () => {
      client.release();
      if (admitted) void afterConsequences().then(admitted);
    };
    statement.then(release, release);
    const { rows } = await (hooks.guard ? hooks.guard(statement) : statement);
    return { rows };
  };
}

/**
 * Resolves once what a settled statement's rows led to has had its turn: its continuations run
 * (graphql-js completes its objects, whose resolvers join the queue of turns), then the turns
 * queued by then have run (`inTurn`, first come first served). A heavy request's next statement
 * waits for it, so the result budget has counted the objects of the previous one before the next
 * is sent: a document of 200 root lists cut by MAX_RESULT_NODES sends a few of them, however loaded
 * the machine (sent as the worker became free, it sent the statements of every root field the
 * queue of turns had reached meanwhile, 203 of 200 fields once; test/result-budget.test.ts).
 */
function afterConsequences(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => void inTurn(resolve)));
}

/**
 * A statement on SQLite: through the worker (src/db/sqlite-reader.ts), on its one connection,
 * never held (the worker runs one statement at a time). A light request's statements go without
 * waiting, with the turn's others. A heavy request's (`takeTurns`) go one at a time, each after
 * what the previous one's rows led to has had its turn (`afterConsequences`); its first waits for
 * a later turn when the current one has run past its slice (src/db/turns.ts). A traced request's
 * statements go through its hook.
 */
function sqliteExecute(reader: SqliteReader, hooks: RequestHooks): Execute {
  const run = <R>(query: CompiledQuery) => reader.run(query, hooks.stopped) as Promise<QueryResult<R>>;
  const send = <R>(query: CompiledQuery) => (hooks.statement ? hooks.statement(query.sql, () => run<R>(query)) : run<R>(query));
  // a heavy request's last statement, settled once what its rows led to has had its turn
  let previous: Promise<unknown> | undefined;
  return <R>(query: CompiledQuery) => {
    if (!hooks.takeTurns?.()) return send<R>(query);
    const turn = previous ?? (turnExpired() ? nextTurn() : undefined);
    const result = (async () => {
      await turn;
      return send<R>(query);
    })();
    previous = result.then(afterConsequences, afterConsequences);
    return result;
  };
}

export function createReadSide(options: ReadSideOptions): ReadSide {
  const { onQuery } = options;
  const dialect = DIALECTS[options.kind];
  const sqlite = options.kind === "postgres" ? undefined : new SqliteReader(options.sqlitePath!, SQLITE_BUSY_TIMEOUT_MS);
  // better-sqlite3 comes with Prisma's SQLite adapter; on SQLite a second handle on the same file,
  // read-only (writes go through Prisma), on a worker thread, opened at the first read, once the
  // server has created and migrated the file.
  const through = (hooks: RequestHooks): Execute => {
    const sent = sqlite ? sqliteExecute(sqlite, hooks) : postgresExecute(options.pool!, hooks);
    return onQuery
      ? async <R>(query: CompiledQuery) => {
          const result = await sent<R>(query);
          onQuery(query.sql);
          return result;
        }
      : sent;
  };
  // one Kysely, which builds every statement (a compiler keeps no state between compilations, each of which
  // runs synchronously to its end) and sends a query built by hand (tests); never a transaction, never a stream
  const connection = { executeQuery: through({}), streamQuery: refused("The read side does not stream rows") };
  const db = new Kysely<Tables>({
    dialect: {
      createDriver: () => ({
        init: async () => {},
        acquireConnection: async () => connection,
        beginTransaction: noTransactions,
        commitTransaction: noTransactions,
        rollbackTransaction: noTransactions,
        releaseConnection: async () => {},
        destroy: async () => {},
      }),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
    },
  });
  return {
    db,
    dialect,
    statements: new StatementCache(db, dialect),
    destroy: async () => sqlite?.close(),
    through,
  };
}

const refused = (message: string) => () => {
  throw new Error(message);
};
const noTransactions = refused("The read side runs no transactions (writes and transactions go through Prisma)");
