import { databaseKind, type DatabaseKind } from "../config/config";
import type { RequestScope } from "../observability/request-scope";
import { budgetedDb } from "./budget";
import { parseJson } from "./row-values";
import type { PoolStats } from "../observability/metrics";
import { postgresPoolConfig, prismaClient, type DatabaseOptions, type Db } from "./client";
import { createReadSide, type Execute, type ReadSide } from "./kysely";
import { StatementGate } from "./statement-gate";
import type { SqlDialect } from "./sql";
import type { Statement } from "./statements";
import type { StatementTracing } from "./statement-hook";

/**
 * The process's database, opened once: Prisma (the schema's client: writes and transactions)
 * and the read side (Kysely, src/db/kysely.ts) on the same connections. A request never holds
 * it: it gets a DataPort (`portOf`), which is the same database inside the request's budget.
 */
export interface Database {
  kind: DatabaseKind;
  prisma: Db;
  read: ReadSide;
  /** Present when requests are traced: how their statements get their spans (src/db/statement-hook.ts). */
  tracing?: StatementTracing;
  /** PostgreSQL: heavy requests' share of the pool (SQLite has no pool). */
  gate?: StatementGate;
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export function openDatabase(options: DatabaseOptions): Database {
  const kind = databaseKind(options.url);
  const { client, pool, sqlitePath } = prismaClient(options);
  const read = createReadSide({ kind, pool, sqlitePath, onQuery: options.onQuery });
  return {
    kind,
    tracing: options.tracing,
    prisma: client,
    read,
    gate: pool ? new StatementGate(postgresPoolConfig(options).max!) : undefined,
    poolStats: () =>
      pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : { total: 1, idle: 0, waiting: 0 },
    async close() {
      await read.destroy();
      await client.$disconnect();
    },
  };
}

/**
 * The read side as one request sees it: the dialect's SQL forms (the read modules' fragments ask
 * it for them), and its declared statements (src/db/statements.ts), each built once per shape and
 * sent inside the request's budget (a statement not yet sent when the budget is spent is never sent).
 */
export interface ReadPort extends SqlDialect {
  all<A, R>(statement: Statement<A, R>, args: A): Promise<R[]>;
  first<A, R>(statement: Statement<A, R>, args: A): Promise<R | undefined>;
  /** The rows of a statement that reads them as one JSON array `rows` where the dialect says so (`jsonBatches`). */
  batch<A, R>(statement: Statement<A, R>, args: A): Promise<R[]>;
}

/**
 * Everything a request reads and writes through, built in one place (src/context.ts) and given
 * to services and loaders alike: `db`, the Prisma client whose transactions get the request's
 * remaining budget as their timeout, and `read`, the read side in the same budget. Where each is
 * used is written down in docs/ARCHITECTURE.md ("One data port").
 */
export interface DataPort {
  db: Db;
  read: ReadPort;
}

/**
 * The port of one request (`scope` absent: an operation outside HTTP, e.g. a test calling Apollo
 * directly). With a scope every statement is the request's, Prisma's and the read side's alike:
 * none is sent once the request is abandoned, one that hangs then is given up (RequestScope.guard),
 * and a heavy request's (one costing more than a light operation, known once costGuard priced it)
 * take turns: for the event loop on SQLite (src/db/turns.ts), for its share of the pool on
 * PostgreSQL (`gate`, src/db/statement-gate.ts). A light request's go straight on.
 */
export function portOf(database: Database, scope?: RequestScope): DataPort {
  const side = database.read;
  const { gate, tracing } = database;
  const holder = { held: 0 };
  // the request's own way to the database is made at its first statement (a request that reads nothing,
  // `{ __typename }` or a refusal, makes none), when its cost, and so whether it is heavy, is known:
  // a light request's statements go straight on
  let own: Execute | undefined;
  const execute = (): Execute =>
    (own ??= side.through(
      scope
        ? {
            admit: gate && scope.heavy ? () => gate.admit(holder, scope.signal, () => scope.stopped!) : undefined,
            takeTurns: scope.heavy ? () => true : undefined,
            stopped: () => scope.stopped,
            guard: (statement) => scope.guard(statement),
            statement: tracing?.forRequest(scope),
          }
        : {},
    ));
  const read: ReadPort = Object.assign(Object.create(side.dialect) as SqlDialect, {
    async all<A, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
      if (scope?.stopped) throw scope.stopped;
      return (await execute()<R>(side.statements.compiled(statement, args))).rows;
    },
    async first<A, R>(statement: Statement<A, R>, args: A): Promise<R | undefined> {
      return (await read.all(statement, args))[0];
    },
    async batch<A, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
      if (!side.dialect.jsonBatches) return read.all(statement, args);
      return parseJson<R[]>(((await read.first(statement, args)) as { rows: unknown }).rows);
    },
  });
  return { db: scope ? budgetedDb(database.prisma, scope, tracing) : database.prisma, read };
}
