import type { Kysely, KyselyPlugin } from "kysely";
import { databaseKind, type DatabaseKind } from "../config/config";
import { RequestTimeoutError } from "../errors/errors";
import type { RequestScope } from "../observability/request-scope";
import { budgetedDb } from "./budget";
import { prismaClient, type DatabaseOptions, type Db, type PoolStats } from "./client";
import { createReadSide, type ReadSide } from "./kysely";
import type { SqlDialect } from "./sql";
import type { Statement } from "./statements";
import type { Tables } from "./tables";

/**
 * The process's database, opened once: Prisma (the schema's client: writes and transactions)
 * and the read side (Kysely, src/db/kysely.ts) on the same connections. A request never holds
 * it: it gets a DataPort (`portOf`), which is the same database inside the request's budget.
 */
export interface Database {
  kind: DatabaseKind;
  prisma: Db;
  read: ReadSide;
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export function openDatabase(options: DatabaseOptions): Database {
  const kind = databaseKind(options.url);
  const { client, pool, sqlitePath } = prismaClient(options);
  const read = createReadSide({ kind, pool, sqlitePath, onQuery: options.onQuery });
  return {
    kind,
    prisma: client,
    read,
    poolStats: () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : { total: 1, idle: 0, waiting: 0 }),
    async close() {
      await read.destroy();
      await client.$disconnect();
    },
  };
}

/**
 * The read side as one request sees it: the dialect's SQL forms (the read modules' fragments ask
 * it for them), and two ways to read, both inside the request's budget (a statement not yet sent
 * when the budget is spent is never sent):
 * - `all`/`first`: a declared statement (src/db/statements.ts), built once per shape;
 * - `db`: Kysely, for a query built for this request alone (`.execute()` as usual).
 */
export interface ReadPort extends SqlDialect {
  readonly db: Kysely<Tables>;
  all<A, R>(statement: Statement<A, R>, args: A): Promise<R[]>;
  first<A, R>(statement: Statement<A, R>, args: A): Promise<R | undefined>;
}

/** Refuses to compile, so to send, a query once the request's budget is spent. */
function budgetPlugin(scope: RequestScope): KyselyPlugin {
  return {
    transformQuery(args) {
      if (scope.signal.aborted) throw new RequestTimeoutError(scope.budgetMs);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
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

/** The port of one request (`scope` absent: an operation outside HTTP, e.g. a test calling Apollo directly). */
export function portOf(database: Database, scope?: RequestScope): DataPort {
  const side = database.read;
  const guard = () => {
    if (scope?.signal.aborted) throw new RequestTimeoutError(scope.budgetMs);
  };
  const read: ReadPort = Object.assign(Object.create(side.dialect) as SqlDialect, {
    db: scope ? side.db.withPlugin(budgetPlugin(scope)) : side.db,
    async all<A, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
      guard();
      return (await side.db.executeQuery(side.statements.compiled(statement, args))).rows;
    },
    async first<A, R>(statement: Statement<A, R>, args: A): Promise<R | undefined> {
      return (await read.all(statement, args))[0];
    },
  });
  return { db: scope ? budgetedDb(database.prisma, scope) : database.prisma, read };
}
