import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { jsonArrayFrom as pgArray, jsonObjectFrom as pgObject } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteArray, jsonObjectFrom as sqliteObject } from "kysely/helpers/sqlite";
import type { DatabaseKind } from "../config/config";

/**
 * A statement parameter whose value each execution computes from its arguments
 * (src/db/statements.ts): a statement is built once with slots where the values go, and run many
 * times with new values. `map` derives a slot (the text a dialect stores a moment as, a list as
 * one JSON parameter) without knowing the value yet.
 */
export class Slot<A = never> {
  constructor(readonly valueOf: (args: A) => unknown) {}

  map(f: (value: never) => unknown): Slot<A> {
    return new Slot((args: A) => f(this.valueOf(args) as never));
  }
}

/** A value known now, or a slot for it. */
type Value<T> = T | Slot<never>;
const apply = <T>(value: Value<T>, f: (v: T) => unknown): unknown =>
  value instanceof Slot ? value.map(f as (v: never) => unknown) : f(value);

type Subquery<O> = SelectQueryBuilder<never, never, O>;

/**
 * Every SQL form that differs between SQLite and PostgreSQL, one object per database. The read
 * side is bound to one of them (src/db/kysely.ts), and the fragments of the read modules ask it
 * for these forms, so nothing above this file tells the databases apart.
 */
export interface SqlDialect {
  readonly kind: DatabaseKind;
  /** Nested rows as a JSON array inside the parent's statement (json_agg / json_group_array); the subquery's order is kept. */
  jsonArray<O>(subquery: Subquery<O>): RawBuilder<O[]>;
  /** One nested row as a JSON object, or null. */
  jsonObject<O>(subquery: Subquery<O>): RawBuilder<O | null>;
  /**
   * `column IN (values)` with ONE parameter whatever the number of values, so the statement's
   * text (and its prepared plan) does not change with the list's length.
   */
  inList(
    column: Expression<unknown>,
    values: Value<readonly string[]>,
    pgType?: "uuid" | "text" | "int" | "date" | "timestamptz",
  ): RawBuilder<SqlBool>;
  /** `column` is one of the values a subquery selects (PostgreSQL: an array computed first, so an OR of two stays index scans). */
  inSubquery(column: Expression<unknown>, subquery: Subquery<unknown>): RawBuilder<SqlBool>;
  /** A moment as a parameter comparable with a stored timestamp. */
  timestamp(value: Value<Date>): RawBuilder<unknown>;
  /** A day (midnight UTC) as a parameter comparable with a DATE column: a date on PostgreSQL, the stored text on SQLite. */
  day(value: Value<Date>): RawBuilder<unknown>;
  /** A moment as the text a stored timestamp compares with (for `inList` of moments). */
  timestampText(value: Date): string;
  /** A DECIMAL column as its exact text inside JSON on PostgreSQL (JSON would make it a float), as stored on SQLite. */
  exact(column: string): RawBuilder<string | number>;
}

const postgres: SqlDialect = {
  kind: "postgres",
  jsonArray: (subquery) => pgArray(subquery as never) as never,
  jsonObject: (subquery) => pgObject(subquery as never) as never,
  inList: (column, values, pgType = "uuid") => sql<SqlBool>`${column} = any(${apply(values, (v) => [...v])}::${sql.raw(pgType)}[])`,
  inSubquery: (column, subquery) => sql<SqlBool>`${column} = any(array(${subquery}))`,
  timestamp: (value) => sql`${apply(value, (d) => d.toISOString())}::timestamptz`,
  timestampText: (value) => value.toISOString(),
  day: (value) => sql`${apply(value, (d) => d.toISOString().slice(0, 10))}::date`,
  exact: (column) => sql<string>`cast(${sql.ref(column)} as text)`,
};

const sqlite: SqlDialect = {
  kind: "sqlite",
  jsonArray: (subquery) => sqliteArray(subquery as never) as never,
  jsonObject: (subquery) => sqliteObject(subquery as never) as never,
  inList: (column, values) => sql<SqlBool>`${column} in (select value from json_each(${apply(values, (v) => JSON.stringify(v))}))`,
  inSubquery: (column, subquery) => sql<SqlBool>`${column} in (${subquery})`,
  // exactly the text Prisma's adapter stores ('2026-12-21T00:00:00.000+00:00'): SQLite compares the stored text
  timestamp: (value) => sql`${apply(value, (d) => sqlite.timestampText(d))}`,
  timestampText: (value) => value.toISOString().replace(/Z$/, "+00:00"),
  day: (value) => sqlite.timestamp(value),
  exact: (column) => sql<number>`${sql.ref(column)}`,
};

export const DIALECTS: Record<DatabaseKind, SqlDialect> = { postgres, sqlite };
