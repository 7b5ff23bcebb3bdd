import { createHash } from "node:crypto";
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type LogEvent,
  type QueryCompiler,
  type QueryResult,
} from "kysely";
import { inTurn, nextTurn, turnExpired } from "./turns";
import { types as pgTypes, type Pool, type PoolClient } from "pg";
import type { DatabaseKind } from "../config/config";
import { ServiceUnavailableError } from "../errors/errors";
import { isPoolExhausted } from "./client";
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
  /** A Kysely of one request's own on the same connections, its statements going through `hooks` (src/db/database.ts). */
  through(hooks: RequestHooks): Kysely<Tables>;
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

/**
 * A pg pool as Kysely's dialect sees it, with every statement named and read with raw types, and
 * a request's hooks: each connection first admitted, each statement guarded (a statement the
 * request gave up on keeps its connection until it ends). An exhausted pool is SERVICE_UNAVAILABLE.
 * Ending the pool is its owner's business (Prisma's client, src/db/client.ts).
 */
function namedStatementPool(pool: Pool, hooks: RequestHooks = {}) {
  return {
    async connect() {
      const admitted = await hooks.admit?.();
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        admitted?.();
        throw isPoolExhausted(error) ? new ServiceUnavailableError() : error;
      }
      let running: Promise<unknown> = Promise.resolve();
      return {
        query: (text: string, values: unknown[]) => {
          const query = { text, values, name: statementName(text), types: rawTypes } as never;
          // without a hook (an untraced request) the statement is sent as before, nothing wrapped
          const statement: Promise<unknown> = hooks.statement ? hooks.statement(text, () => client.query(query)) : client.query(query);
          running = statement.catch(() => undefined);
          return hooks.guard ? hooks.guard(statement) : statement;
        },
        release: (error?: Error | boolean) => {
          void running.then(() => {
            client.release(error);
            admitted?.();
          });
        },
      };
    },
    async end() {},
  };
}

export function createReadSide(options: ReadSideOptions): ReadSide {
  const log = options.onQuery
    ? (event: LogEvent) => {
        if (event.level === "query") options.onQuery!(event.query.sql);
      }
    : undefined;
  const dialect = DIALECTS[options.kind];
  const side = (db: Kysely<Tables>, through: ReadSide["through"], destroy = () => db.destroy()): ReadSide => ({
    db,
    dialect,
    statements: new StatementCache(db, dialect),
    destroy,
    through,
  });
  if (options.kind === "postgres") {
    const pool = options.pool!;
    const db = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: namedStatementPool(pool) as never }),
      log,
    });
    // a Kysely of the request's own (a handful of objects, microseconds) over the same pool, with the
    // process's compiler and adapter
    const compiler = new PostgresQueryCompiler();
    const adapter = new PostgresAdapter();
    return side(
      db,
      (hooks) =>
        new Kysely<Tables>({
          dialect: new RequestPostgresDialect({ pool: namedStatementPool(pool, hooks) as never }, compiler, adapter),
          log,
        }),
    );
  }
  // better-sqlite3 comes with Prisma's SQLite adapter; a second handle on the same file, read-only
  // (writes go through Prisma), on a worker thread (src/db/sqlite-reader.ts), opened at the first
  // read, once the server has created and migrated the file
  const reader = new SqliteReader(options.sqlitePath!, SQLITE_BUSY_TIMEOUT_MS);
  const compiler = new SqliteQueryCompiler();
  const adapter = new SqliteAdapter();
  const kysely = (hooks: RequestHooks) => new Kysely<Tables>({ dialect: new ReaderDialect(reader, hooks, compiler, adapter), log });
  const db = kysely({});
  return side(
    db,
    // a driver of the request's own (a handful of objects): its hooks
    kysely,
    () => reader.close(),
  );
}

/**
 * The dialect of one request's Kysely: a driver of its own (its hooks) and the compiler and
 * adapter every request shares. A compiler keeps no state between compilations, each of which
 * runs synchronously to its end, so one serves every request; building one per request (its
 * table of a hundred visitors) was 1-2% of a gantt request's CPU in the profile.
 */
class RequestPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly compiler: QueryCompiler,
    private readonly adapter: DialectAdapter,
  ) {
    super(config);
  }

  override createQueryCompiler(): QueryCompiler {
    return this.compiler;
  }

  override createAdapter(): DialectAdapter {
    return this.adapter;
  }
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
 * The read side's SQLite: every statement through the worker (src/db/sqlite-reader.ts), on its
 * one connection, never held (the worker runs one statement at a time). A light request's
 * statements go without waiting, with the turn's others. A heavy request's (`takeTurns`) go one
 * at a time, each after what the previous one's rows led to has had its turn
 * (`afterConsequences`); its first waits for a later turn when the current one has run past its
 * slice (src/db/turns.ts). A traced request's statements go through its hook.
 */
class ReaderDialect implements Dialect {
  constructor(
    private readonly reader: SqliteReader,
    private readonly hooks: RequestHooks,
    private readonly compiler: QueryCompiler,
    private readonly adapter: DialectAdapter,
  ) {}

  createDriver(): Driver {
    const { reader, hooks } = this;
    const run = <R>(query: CompiledQuery) => reader.run(query, hooks.stopped) as Promise<QueryResult<R>>;
    const send = <R>(query: CompiledQuery) => (hooks.statement ? hooks.statement(query.sql, () => run<R>(query)) : run<R>(query));
    // a heavy request's last statement, settled once what its rows led to has had its turn
    let previous: Promise<unknown> | undefined;
    const connection: DatabaseConnection = {
      executeQuery: async <R>(query: CompiledQuery) => {
        if (!hooks.takeTurns?.()) return send<R>(query);
        const turn = previous ?? (turnExpired() ? nextTurn() : undefined);
        const result = (async () => {
          await turn;
          return send<R>(query);
        })();
        previous = result.then(afterConsequences, afterConsequences);
        return result;
      },
      streamQuery: () => {
        throw new Error("The SQLite read side does not stream rows");
      },
    };
    const noTransactions = async () => {
      throw new Error("The read side runs no transactions (writes and transactions go through Prisma)");
    };
    return {
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: noTransactions,
      commitTransaction: noTransactions,
      rollbackTransaction: noTransactions,
      releaseConnection: async () => {},
      destroy: async () => {},
    };
  }

  createQueryCompiler(): QueryCompiler {
    return this.compiler;
  }

  createAdapter(): DialectAdapter {
    return this.adapter;
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
