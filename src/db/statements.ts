import type { CompiledQuery, Compilable, Kysely } from "kysely";
import { Slot, type SqlDialect } from "./sql";
import type { Tables } from "./tables";

/**
 * Statements built once per shape and run many times with new parameters.
 *
 * Building a statement with Kysely (parsing references, freezing nodes, compiling them to SQL)
 * costs more CPU than sending it; a request of the same shape as an earlier one (the same fields
 * selected, the same filters present, the same rule forms) gets the same SQL text with other
 * values. So a statement is declared as two functions:
 * - `shape(args)`: everything that changes the SQL text, as a JSON value (selections serialise as
 *   their key): the statement is built once per distinct shape and database, and kept;
 * - `build(b, shape)`: the Kysely query for that shape. It sees the shape, never the arguments:
 *   a value goes in as `b.param((args) => ...)`, a slot that each execution fills from its own
 *   arguments, so one request's values cannot end up in another's statement.
 * Under tests (NODE_ENV=test) every reuse builds the statement again and compares the SQL text and
 * the parameter values: a shape that misses something that changes the SQL fails the suite.
 */
export interface StatementBuilder<A> extends SqlDialect {
  readonly db: Kysely<Tables>;
  /** A parameter each execution takes from its own arguments (typed as the value, for Kysely). */
  param<T>(valueOf: (args: A) => T): T;
}

export interface Statement<A, R> {
  readonly name: string;
  shape(args: A): unknown;
  build(b: StatementBuilder<A>, shape: never): Compilable<R>;
}

/** Declares a statement (see above). `shape` must be JSON-serialisable. */
export function statement<A, S, R>(
  name: string,
  shape: (args: A) => S,
  build: (b: StatementBuilder<A>, shape: S) => Compilable<R>,
): Statement<A, R> {
  return { name, shape, build: build as Statement<A, R>["build"] };
}

/** Distinct shapes kept per statement and database; past it the oldest is dropped. */
const MAX_SHAPES = 500;
const VERIFY = process.env.NODE_ENV === "test";

interface Built {
  query: CompiledQuery;
  /** The parameters with their slots, filled per execution. */
  parameters: readonly unknown[];
}

/**
 * The built statements of one read side (one database): statement -> shape key -> built SQL. It
 * lives with the read side, so two databases in one process (tests) never share a statement.
 */
export class StatementCache {
  private readonly built = new Map<Statement<never, unknown>, Map<string, Built>>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly dialect: SqlDialect,
  ) {}

  /** The statement for these arguments, with their values in place of the slots. */
  compiled<A, R>(statement: Statement<A, R>, args: A): CompiledQuery<R> {
    const shape = statement.shape(args);
    const key = JSON.stringify(shape);
    let byShape = this.built.get(statement as Statement<never, unknown>);
    if (!byShape) {
      byShape = new Map();
      this.built.set(statement as Statement<never, unknown>, byShape);
    }
    let built = byShape.get(key);
    if (!built) {
      built = this.build(statement, shape);
      if (byShape.size >= MAX_SHAPES) byShape.delete(byShape.keys().next().value!);
      byShape.set(key, built);
    } else if (VERIFY) {
      this.verify(statement, shape, key, built, args);
    }
    const parameters = built.parameters.map((p) => (p instanceof Slot ? p.valueOf(args as never) : p));
    return { ...built.query, parameters } as CompiledQuery<R>;
  }

  private build<A>(statement: Statement<A, unknown>, shape: unknown): Built {
    const b: StatementBuilder<A> = Object.assign(Object.create(this.dialect) as SqlDialect, {
      db: this.db,
      param: <T>(valueOf: (args: A) => T) => new Slot(valueOf as (args: never) => unknown) as unknown as T,
    });
    const query = statement.build(b, shape as never).compile();
    return { query, parameters: query.parameters };
  }

  /** Tests only: the statement built anew for this shape must be the kept one, text and values. */
  private verify<A>(statement: Statement<A, unknown>, shape: unknown, key: string, kept: Built, args: A): void {
    const fresh = this.build(statement, shape);
    const values = (built: Built) => JSON.stringify(built.parameters.map((p) => (p instanceof Slot ? p.valueOf(args as never) : p)));
    if (fresh.query.sql !== kept.query.sql || values(fresh) !== values(kept)) {
      throw new Error(
        `Statement ${statement.name}: the shape ${key} does not cover everything its SQL depends on:\n${kept.query.sql}\n!==\n${fresh.query.sql}`,
      );
    }
  }
}
