import {
  AliasNode,
  ColumnNode,
  IdentifierNode,
  RawNode,
  ReferenceNode,
  sql,
  type Expression,
  type OperationNode,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from "kysely";
import { jsonArrayFrom as pgArray, jsonObjectFrom as pgObject } from "kysely/helpers/postgres";
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
  /**
   * Whether a batch of rows is read as one JSON array (`ReadPort.batch`): SQLite's worker sends one string to parse once, not rows
   * whose every value and key are made anew and cloned between threads (_entities of 100 users: 203 us on the worker, 102 as JSON).
   */
  readonly jsonBatches: boolean;
  /** Whether a row's selected columns are computed before the rows are sorted (SQLite): a sorted page then reads its keys first. */
  readonly selectsBeforeSorting: boolean;
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
  jsonBatches: false,
  selectsBeforeSorting: false,
  jsonArray: (subquery) => pgArray(subquery as never) as never,
  jsonObject: (subquery) => pgObject(subquery as never) as never,
  inList: (column, values, pgType = "uuid") => sql<SqlBool>`${column} = any(${apply(values, (v) => [...v])}::${sql.raw(pgType)}[])`,
  inSubquery: (column, subquery) => sql<SqlBool>`${column} = any(array(${subquery}))`,
  timestamp: (value) => sql`${apply(value, (d) => d.toISOString())}::timestamptz`,
  timestampText: (value) => value.toISOString(),
  day: (value) => sql`${apply(value, (d) => d.toISOString().slice(0, 10))}::date`,
  exact: (column) => sql<string>`cast(${sql.ref(column)} as text)`,
};

/** The nodes of SQLite's JSON forms below: a column that holds one is JSON, not text, to the form around it. */
const sqliteJson = new WeakSet<OperationNode>();

/** Whether a selected expression is one of SQLite's JSON forms (`sql\`${form}\``, as a read model aliases it, included). */
function isSqliteJson(node: OperationNode): boolean {
  while (RawNode.is(node) && node.parameters.length === 1 && node.sqlFragments.every((f) => f === "")) node = node.parameters[0];
  return sqliteJson.has(node);
}

/**
 * `json_object` of the subquery's columns, read from `from` (Kysely's helpers' form), except that a
 * column holding nested JSON goes in as `json(...)`: its text loses SQLite's JSON mark on its way
 * out of the subquery, and would otherwise be nested as a string, to be parsed a second time.
 */
function sqliteJsonForm<O>(subquery: Subquery<O>, aggregate: (object: RawBuilder<unknown>) => RawBuilder<unknown>, from: string) {
  const args = subquery.toOperationNode().selections!.flatMap(({ selection: s }) => {
    const column = ReferenceNode.is(s) ? s.column : s;
    const name = ColumnNode.is(column) ? column.column.name : AliasNode.is(s) && IdentifierNode.is(s.alias) ? s.alias.name : undefined;
    if (name === undefined) throw new Error("SQLite's JSON forms read named selections (columns or aliases)");
    const ref = sql.ref(`${from}.${name}`);
    return [sql.lit(name), AliasNode.is(s) && isSqliteJson(s.node) ? sql`json(${ref})` : ref];
  });
  const form = sql`(select ${aggregate(sql`json_object(${sql.join(args)})`)} from ${subquery} as ${sql.id(from)})`;
  sqliteJson.add(form.toOperationNode());
  return form as RawBuilder<never>;
}

const sqlite: SqlDialect = {
  kind: "sqlite",
  jsonBatches: true,
  selectsBeforeSorting: true,
  jsonArray: (subquery) => sqliteJsonForm(subquery, (object) => sql`coalesce(json_group_array(${object}), '[]')`, "agg"),
  jsonObject: (subquery) => sqliteJsonForm(subquery, (object) => object, "obj"),
  inList: (column, values) => sql<SqlBool>`${column} in (select value from json_each(${apply(values, (v) => JSON.stringify(v))}))`,
  inSubquery: (column, subquery) => sql<SqlBool>`${column} in (${subquery})`,
  // exactly the text Prisma's adapter stores ('2026-12-21T00:00:00.000+00:00'): SQLite compares the stored text
  timestamp: (value) => sql`${apply(value, (d) => sqlite.timestampText(d))}`,
  timestampText: (value) => value.toISOString().replace(/Z$/, "+00:00"),
  day: (value) => sqlite.timestamp(value),
  exact: (column) => sql<number>`${sql.ref(column)}`,
};

export const DIALECTS: Record<DatabaseKind, SqlDialect> = { postgres, sqlite };
