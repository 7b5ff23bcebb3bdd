import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { Float, getMetadataStorage } from "type-graphql";
import type { SqlDialect } from "../../db/sql";
import type { Tables } from "../../db/tables";
import { statement, type StatementBuilder } from "../../db/statements";
import type { ReadPort } from "../../db/database";
import { parseJson, toBool, toDate, toDateRequired, toDecimalNumber, toInt } from "../../db/row-values";
import { readBy, ruleForm, ruleSql, subjectSql, type EntitySubject, type Rule, type RuleForm, type SqlSubject } from "../../auth/rule";
import { inProject } from "../../auth/rules";
import type { Viewer } from "../../auth/authenticate";
import { Selection } from "./look-ahead";
import { defineEntity } from "../../federation/entity-registry";
import { DateScalar } from "../../scalars";

/**
 * Each read model declared once: one declaration per answer type, field by field, says how a
 * statement reads the field and how its row value becomes the field's value. From it come
 * - the select list for a selection (`select`): only what the document selects, nested rows as
 *   JSON inside the same statement, the way PostGraphile compiles a query;
 * - the mapping of a row to the answer (`mapper`), the same for a top-level row and a nested one
 *   (SQLite hands nested JSON over as text, booleans as 0/1, moments as text: the field's
 *   conversion takes either), compiled once per selection into a function of the row;
 * - the rules its flags ask (`forms`), for the statement's shape: a rule the caller alone decides
 *   is a constant, one that depends on the row a condition with the caller's id as a parameter.
 * A statement (src/db/statements.ts) built from a model is built once per selection and reused.
 */

/** What a model's fields are built with: the statement's builder, the forms of its rules, the caller's id (a slot). */
export interface ModelBuild {
  b: StatementBuilder<never> & SqlDialect;
  forms: Readonly<Record<string, RuleForm>>;
  me: string;
}

type Eb = ExpressionBuilder<Tables & Record<string, Record<string, unknown>>, string>;
type Query = SelectQueryBuilder<Tables & Record<string, Record<string, unknown>>, string, Record<string, unknown>>;
/** Where the rows of a nested field come from, correlated to the outer row. */
export type Nested = (m: ModelBuild, eb: Eb) => Query;

type Row = Readonly<Record<string, unknown>>;

/** One field of a model. */
export interface Field<V> {
  /** The expressions it reads, by alias suffix (`""` for a field read as one value). */
  reads(m: ModelBuild, eb: Eb, below: Selection): Record<string, Expression<unknown>>;
  /** The function of a row that gives its value, reading what it read under `alias` (and `alias__suffix`). */
  mapper(alias: string, below: Selection): (row: Row) => V;
  /** Read whatever the selection (the id, the columns a field resolver or a rule needs). */
  always?: boolean;
  /** The rules its value asks, named (their forms are part of the statement's shape). */
  rules?: Readonly<Record<string, Rule<never>>>;
  /**
   * How it sits in a row of nested JSON (whose keys are the aliases and nothing else), read as one
   * value under the field's own name: `"as-is"` the value itself, `"mapped"` its mapper's result
   * may replace it in place. Unset: read under other aliases (`group`, `computed`, `shownIn`).
   */
  inPlace?: "as-is" | "mapped";
}

export type Fields<T> = { [K in keyof T]?: Field<T[K]> } & Record<string, Field<unknown>>;

const ONE: (v: unknown) => unknown = (v) => v;
const inPlaceOf = (convert: unknown) => (convert === ONE ? "as-is" : "mapped");
/** What a scalar subquery or a JSON key left out reads as: null. */
export const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

/** A column of the row (`"u.firstName"`), converted (`toBool`, `toDate`...) when the drivers differ. */
export function column<V>(ref: string, convert: (raw: never) => V = ONE as (raw: never) => V, always = false): Field<V> {
  return {
    reads: () => ({ "": sql.ref(ref) }),
    mapper: (alias) => (row) => convert(row[alias] as never),
    always,
    inPlace: inPlaceOf(convert),
  };
}

/**
 * Columns of the row (`alias`) read under their own names, each converted by `convert` when the
 * drivers differ: `...columns("g", ["id", "name"])` declares each name once.
 */
export function columns<N extends string>(alias: string, names: readonly N[], convert?: (raw: never) => unknown): Record<N, Field<never>> {
  return Object.fromEntries(names.map((name) => [name, column(`${alias}.${name}`, convert as never)])) as Record<N, Field<never>>;
}

/**
 * The scalar fields of the object type `type` (its own and those it inherits) read as the columns
 * of the same names of the row `alias`, each as its GraphQL type needs: Boolean from 0/1, DateTime
 * and Date from text, Float as an exact DECIMAL. So a plain column is declared once, on the type;
 * a field read otherwise (another column, a subquery, a nested row) is declared after these and
 * replaces its column by name.
 */
export function columnsOf<T>(type: abstract new () => T, alias: string): Fields<T> {
  const chain: unknown[] = [];
  for (let c: unknown = type; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.push(c);
  const scalar = (t: unknown) => typeof t !== "function" || [String, Number, Boolean, Date].includes(t as never);
  const fields = getMetadataStorage().fields.filter((f) => chain.includes(f.target) && !f.typeOptions.array && scalar(f.getType()));
  return Object.fromEntries(
    fields.map(({ name, getType, typeOptions }) => {
      const [t, ref] = [getType(), `${alias}.${name}`];
      const field =
        t === Boolean
          ? column(ref, toBool)
          : t === Date || t === DateScalar
            ? column(ref, typeOptions.nullable ? toDate : toDateRequired)
            : t === Float
              ? value((m) => m.b.exact(ref), typeOptions.nullable ? toDecimalNumber : Number)
              : column(ref);
      return [name, field];
    }),
  ) as Fields<T>;
}

/** Any one value: a correlated subquery, an aggregate, a dialect form. */
export function value<V>(
  read: (m: ModelBuild, eb: Eb) => Expression<unknown>,
  convert: (raw: never) => V = ONE as (raw: never) => V,
): Field<V> {
  return { reads: (m, eb) => ({ "": read(m, eb) }), mapper: (alias) => (row) => convert(row[alias] as never), inPlace: inPlaceOf(convert) };
}

/** How many rows of `table` ("Stage as x") have the outer row's `outer` as their `key`, or the sum of their column `sum`. */
export function tally(table: string, key: string, outer: string, sum?: string): Field<number> {
  return value(
    (_m, eb) =>
      eb
        .selectFrom(table as "User")
        .select((e) => (sum ? e.fn.sum(sum as never) : e.fn.countAll()).as("n"))
        .whereRef(key as never, "=", outer as never),
    toInt,
  );
}

/** A value computed from several expressions of the row (a progress from two counts). */
export function computed<V>(
  reads: (m: ModelBuild, eb: Eb) => Record<string, Expression<unknown>>,
  map: (raw: (name: string) => unknown) => V,
): Field<V> {
  return { reads: (m, eb) => reads(m, eb), mapper: (alias) => (row) => map((name) => row[`${alias}__${name}`]) };
}

/** A flag: whether `rule` holds for the caller on the row's `subject` (`User.canManage`). */
export function ruleFlag(name: string, rule: Rule<never>, subject: SqlSubject): Field<boolean> {
  return {
    reads: (m, eb) => ({ "": ruleSql(m.b, eb, rule, m.forms[name], subject, m.me) }),
    mapper: (alias) => (row) => toBool(row[alias] as boolean | number),
    rules: { [name]: rule },
    inPlace: "mapped",
  };
}

/** An object type made of fields of the same row (`Vacation.permissions`, a joined row's `department`). */
export function group<T>(fields: Fields<T>): Field<T> {
  const model = readModel<T>(fields);
  return {
    reads: (m, eb, below) => Object.fromEntries(model.reads(m, eb, below)),
    mapper: (alias, below) => model.mapper(below, `${alias}__`),
    always: Object.values(fields).some((f) => f.always),
    rules: model.rules,
  };
}

/** One nested row as a JSON object inside the statement (null when there is none). */
export function object<T>(model: ReadModel<T>, from: Nested): Field<T | null> {
  return {
    reads: (m, eb, below) => ({ "": m.b.jsonObject(model.select(m, from(m, eb), below) as never) }),
    mapper: (alias, below) => {
      const map = model.mapper(below, "", true);
      return (row) => {
        const nested = parseJson<Row | null | undefined>(row[alias]);
        return nested ? map(nested) : null;
      };
    },
    rules: model.rules,
    inPlace: "mapped",
  };
}

/** Nested rows as a JSON array inside the statement, in the subquery's order. */
export function list<T>(model: ReadModel<T>, from: Nested): Field<T[]> {
  return {
    reads: (m, eb, below) => ({ "": m.b.jsonArray(model.select(m, from(m, eb), below) as never) }),
    mapper: (alias, below) => {
      const map = model.mapper(below, "", true);
      // the array is the statement's own JSON, which nothing else reads: its items are mapped in place
      return (row) => {
        const rows = parseJson<Row[] | undefined>(row[alias]) ?? [];
        for (let i = 0; i < rows.length; i++) rows[i] = map(rows[i]) as Row;
        return rows as T[];
      };
    },
    rules: model.rules,
    inPlace: "mapped",
  };
}

/**
 * A value shown in a project (a member's summary with its hourly rate): marked with the project
 * the row's `projectId` names (an SQL subject), for the rate rule (`inProject`, src/auth/rules.ts).
 */
export function shownIn<V>(field: Field<V>, projectId: SqlSubject): Field<V> {
  return {
    ...field,
    inPlace: undefined,
    reads: (m, eb, below) => ({ ...field.reads(m, eb, below), project: subjectSql(projectId) }),
    mapper: (alias, below) => {
      const map = field.mapper(alias, below);
      return (row) => {
        const shown = map(row);
        return shown ? inProject(shown as object, row[`${alias}__project`] as string | null) : shown;
      };
    },
  } as Field<V>;
}

/** The rows of `table` ("VacationDate as vd") whose `key` is the outer row's `outer`, in the order of `order` (a list's rows). */
export function rowsOf(table: string, key: string, outer: string, ...order: string[]): Nested {
  return (_m, eb) =>
    order.reduce((q, by) => q.orderBy(by as never), eb.selectFrom(table as "User").whereRef(key as never, "=", outer as never)) as never;
}

/** The rows of `table` ("ProjectFavorite as f") whose `key` is the outer row's `outer`, as the correlated `select 1` of an `exists`. */
export function probe(eb: object, table: string, key: string, outer: string): Query {
  return (eb as Eb)
    .selectFrom(table as "User")
    .select(sql.lit(1).as("one"))
    .whereRef(key as never, "=", outer as never) as never;
}

/** `rows` with the row of `table` ("User as ca") whose id is their `key` joined: a row without one is left out. */
export function joined(rows: Nested, table: string, key: string): Nested {
  return (m, eb) => rows(m, eb).innerJoin(table as "User", `${table.split(" as ")[1]}.id` as never, key as never) as never;
}

/** A nested row that is always there (a foreign key never null), or whose absence leaves the row out. */
export const required = <T>(field: Field<T | null>): Field<T> => field as Field<T>;

/** The alias under which a model `shownIn` a project reads the project. */
const SHOWN_IN = "shownInProject";

const alias = (field: string, suffix: string) => (suffix ? `${field}__${suffix}` : field);
/** The key of a model's in-place mapper among its mappers by prefix (no alias prefix holds it). */
const OWN = "\0own";

export interface ReadModel<T> {
  /** The rules its fields ask, by name. */
  readonly rules: Readonly<Record<string, Rule<never>>>;
  /** The forms of its rules for a caller: part of a statement's shape. */
  forms(viewer: Viewer): Record<string, RuleForm>;
  /** Adds to `query` the expressions the selection needs, each aliased. */
  select(m: ModelBuild, query: Query, selection: Selection): Query;
  /** The aliased expressions for a selection (used by `group`). */
  reads(m: ModelBuild, eb: Eb, selection: Selection): Array<[string, Expression<unknown>]>;
  /**
   * The answer from a row `select` read (top-level or nested JSON), as a function of the row for a
   * selection, its aliases under `prefix`: built once per selection and prefix. `own`: the rows are
   * the model's own (nested JSON or a batch it selected, their keys its aliases and nothing else)
   * that nothing else reads, so the answer may be the row itself, its converted fields replaced in place.
   */
  mapper(selection: Selection, prefix?: string, own?: boolean): (row: Row) => T;
}

/**
 * Declares the read model of an answer type: its fields (see above), by GraphQL field name.
 * `shownIn`: the answers are shown in the project it names (an SQL subject), for the hourly-rate
 * rule (`inProject`, src/auth/rules.ts).
 */
export function readModel<T>(fields: Fields<T>, options: { shownIn?: SqlSubject } = {}): ReadModel<T> {
  const entries = Object.entries(fields) as Array<[string, Field<unknown>]>;
  const rules: Record<string, Rule<never>> = Object.assign({}, ...entries.map(([, f]) => f.rules ?? {}));
  const wanted = (selection: Selection) => entries.filter(([name, f]) => f.always || selection.has(name));
  // selections are kept per parsed document (src/services/shared/look-ahead.ts): so are their mappers
  const mappers = new WeakMap<Selection, Map<string, (row: Row) => T>>();
  const model: ReadModel<T> = {
    rules,
    forms: (viewer) => Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, ruleForm(rule, viewer)])),
    reads: (m, eb, selection) => [
      ...wanted(selection).flatMap(([name, f]) =>
        Object.entries(f.reads(m, eb, selection.get(name))).map(([suffix, e]): [string, Expression<unknown>] => [alias(name, suffix), e]),
      ),
      ...(options.shownIn ? [[SHOWN_IN, subjectSql(options.shownIn)] as [string, Expression<unknown>]] : []),
    ],
    select: (m, query, selection) => {
      const reads = (eb: Eb) => model.reads(m, eb, selection).map(([name, e]) => sql`${e}`.as(name));
      return query.select(reads as never) as Query;
    },
    mapper: (selection, prefix = "", own = false) => {
      let byPrefix = mappers.get(selection);
      if (!byPrefix) mappers.set(selection, (byPrefix = new Map()));
      const key = own ? OWN : prefix;
      let map = byPrefix.get(key);
      if (!map) {
        const fields = wanted(selection);
        const parts = (list: typeof fields) =>
          list.map(([name, f]): [string, (row: Row) => unknown] => [name, f.mapper(prefix + name, selection.get(name))]);
        const shownIn = options.shownIn ? prefix + SHOWN_IN : undefined;
        if (own && !shownIn && fields.every(([, f]) => f.inPlace)) {
          // the copies were 1.4% of the bytes a gantt request allocated (heap profile, 16 connections): a
          // row whose fields are all as-is is the answer, else its converted fields are replaced in it
          const mapped = parts(fields.filter(([, f]) => f.inPlace === "mapped"));
          map =
            mapped.length === 0
              ? (row) => row as T
              : (row) => {
                  const out = row as Record<string, unknown>;
                  for (const [name, part] of mapped) out[name] = part(row);
                  return out as T;
                };
        } else {
          const all = parts(fields);
          map = (row) => {
            const out: Record<string, unknown> = {};
            for (const [name, part] of all) out[name] = part(row);
            return (shownIn ? inProject(out, row[shownIn] as string | null) : out) as T;
          };
        }
        byPrefix.set(key, map);
      }
      return map;
    },
  };
  return model;
}

/** The builder of a model for a statement: its builder, its rules' forms from the shape, the caller's id as a parameter. */
export function modelBuild<A extends { viewer: Viewer }>(b: StatementBuilder<A>, forms: Readonly<Record<string, RuleForm>>): ModelBuild {
  return { b: b as never, forms, me: b.param((a) => a.viewer.id) };
}

/** Every field: what the request's loaders read of an entity, for every field that leads to it. */
export const everything = Selection.all();

/**
 * What of an argument object changes the SQL text, for a statement's shape: which members are
 * given (their values become parameters), and the values of booleans, which are literals (SQLite
 * binds no booleans; a list of booleans by its distinct values); a list of one value is `"one"`.
 */
export function shapeOf(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === "boolean")) return [...new Set(value)].sort();
    // one value is an equality, which an index can also give the order of (`in` a list cannot)
    return value.length === 0 ? [] : value.length === 1 ? "one" : true;
  }
  if (typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (shapeOf(v) === undefined ? [] : [[k, shapeOf(v)]])));
  }
  return true;
}

/** Arguments of a statement that reads rows by id. */
interface ByIds {
  ids: readonly string[];
}

/** How `loadById` reads a batch (see there). */
interface LoadOptions {
  join?: (q: Query) => Query;
  visibleBy?: { rule: Rule<never>; subject: SqlSubject };
  by?: { rows: (b: StatementBuilder<ByIds>, eb: Eb, ids: readonly string[]) => Expression<SqlBool>; follows: readonly string[] };
}

/**
 * Rows of `table` ("Vacation as v") by id, in ONE statement built once per selection (and rule
 * forms): the request's loaders read every field, `_entities` and a root field that reads one
 * object the fields the document selects (and the id). `join` adds the rows the model reads
 * beside it; `visibleBy` keeps only the rows a rule lets the caller read, in SQL; `by` widens a
 * batch of every field (an invoice's correction chain comes along with it) for the fields that
 * follow those links (`by.follows`): a selection that has none of them reads its ids alone.
 */
export function loadById<T>(model: ReadModel<T>, table: string, { join = (q) => q, visibleBy, by }: LoadOptions = {}) {
  const [name, as] = table.split(" as ");
  const byId = statement(
    `${name}.byId`,
    (a: ByIds & { viewer: Viewer; sel: Selection }) => ({
      sel: a.sel,
      forms: model.forms(a.viewer),
      visible: visibleBy && ruleForm(visibleBy.rule, a.viewer),
    }),
    (b, s) => {
      const m = modelBuild(b, s.forms);
      const rows = model.select(m, join(b.db.selectFrom(table as "User") as unknown as Query), s.sel);
      const ids = b.param((a) => a.ids);
      const q = rows.where((eb) => (by && s.sel === everything ? by.rows(b, eb, ids) : b.inList(eb.ref(`${as}.id` as never), ids)));
      const visible = visibleBy ? q.where((eb) => ruleSql(b, eb, visibleBy.rule, s.visible!, visibleBy.subject, m.me)) : q;
      return b.jsonBatches ? (b.db.selectNoFrom(() => [b.jsonArray(visible as never).as("rows")]) as unknown as Query) : visible;
    },
  );
  return async (read: ReadPort, ids: readonly string[], viewer: Viewer, selected: Selection = everything): Promise<T[]> => {
    const sel = selected.withId();
    return (await read.batch(byId, { ids, viewer, sel })).map(model.mapper(sel, "", true));
  };
}

/** How an entity's batch is read (`loadById`) and where its read rule's subject is in its row (`readBy`). */
export type EntityOptions = LoadOptions & { subject?: EntitySubject };

/**
 * The entity of `type`: its batches read by `loadById(model, table, options)`, and who may read it
 * by `rule`, its subject in the entity's row `e` (`readBy`, src/auth/rule.ts).
 */
export function entityOf<T extends { id: string }, S>(
  type: abstract new () => T,
  model: ReadModel<T>,
  table: string,
  rule: Rule<S>,
  { subject, ...options }: EntityOptions = {},
) {
  return defineEntity(type, {
    read: readBy(rule, table.split(" as ")[0] as keyof Tables, subject),
    loadMany: loadById(model, table, options),
    // the fields that follow a widened batch's links need every field of its rows
    selective: (selection) => !options.by || !options.by.follows.some((field) => (selection as Selection).has(field)),
  });
}
