import { sql, type AliasableExpression, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { DbTx } from "../db/client";
import type { ReadPort } from "../db/database";
import type { SqlDialect } from "../db/sql";
import { statement } from "../db/statements";
import type { Tables } from "../db/tables";
import type { Viewer } from "./authenticate";
import type { RequestAccess } from "./access";

/** The subject of a rule inside SQL: a column reference (`"s.projectId"`, or a row's alias for a row rule) or an expression. */
export type SqlSubject = string | Expression<unknown>;

/**
 * One access rule, written once (src/auth/rules.ts lists them all):
 * - `decide`: what the caller alone decides (with the root field's arguments, where the rule reads
 *   them): true or false, or undefined when the subject (the object the rule is about) decides;
 * - `holds`: the decision on a subject, asked only when `decide` said undefined (it may throw a
 *   refusal of its own where the rule refuses in two ways);
 * - `refusal`: the error a refused caller gets (FORBIDDEN without a message of its own when absent:
 *   the rules of fields, which hide instead, and those that never refuse);
 * - `sql`: the same rule as a condition inside a read's statement (lists, `_entities` batches),
 *   for a subject given as SQL and the caller's id (a value, or a statement's slot).
 * The schema's edge declares rules with `@Authorized(rule)` (src/auth/policy.ts checks `decide`),
 * a service asks `policy.require(ctx, rule, subject)` where the subject is loaded, an entity
 * declares `readBy(rule, ...)` and a field `@VisibleTo(rule)`.
 */
export interface Rule<S = never> {
  /** The rule in words, as the README's table and the policy matrix show it. */
  readonly text: string;
  decide(viewer: Viewer, args?: Readonly<Record<string, unknown>>): boolean | undefined;
  holds?(access: RequestAccess, subject: S, via?: DbTx): boolean | Promise<boolean>;
  refusal?(subject?: S): Error;
  sql?(d: SqlDialect, eb: ExpressionBuilder<Tables, never>, subject: SqlSubject, me: string): AliasableExpression<SqlBool>;
}

export function rule<S = never>(definition: Rule<S>): Rule<S> {
  return definition;
}

/** A column reference or an expression, as an expression. */
export const subjectSql = (subject: SqlSubject): Expression<unknown> => (typeof subject === "string" ? sql.ref(subject) : subject);

/**
 * How a rule stands in a statement for this caller: decided (a constant) or a condition; the form
 * is part of the statement's shape (src/db/statements.ts), the caller's id one of its slots.
 */
export type RuleForm = "all" | "none" | "sql";

export function ruleForm(rule: Rule<never>, viewer: Viewer): RuleForm {
  const decided = rule.decide(viewer);
  return decided === undefined ? "sql" : decided ? "all" : "none";
}

export function ruleSql<DB, TB extends keyof DB>(
  d: SqlDialect,
  eb: ExpressionBuilder<DB, TB>,
  rule: Rule<never>,
  form: RuleForm,
  subject: SqlSubject,
  me: string,
): AliasableExpression<SqlBool> {
  if (form !== "sql") return sql<SqlBool>`${sql.lit(form === "all")}`;
  return rule.sql!(d, eb as unknown as ExpressionBuilder<Tables, never>, subject, me);
}

/**
 * Who may read an entity (`_entities`, src/federation/entity-registry.ts): one rule, with the
 * entity's table and where the rule's subject is in its row `e` (its project, its owner...). Its
 * batch form: the ids the caller may read, decided without a statement where the caller alone
 * decides (most callers), else in ONE read-side statement, the rule's SQL form over the batch.
 */
export interface EntityRead {
  readonly rule: Rule<never>;
  readable(read: ReadPort, access: RequestAccess, ids: readonly string[]): Promise<ReadonlySet<string>>;
}

/** A row `e` of an entity's table, for the SQL subject of its read rule. */
type EntityRow = ExpressionBuilder<Tables & { e: Record<string, unknown> }, "e">;

/** Where a read rule's subject is in an entity's row `e`, or the column of `e` holding it ("projectId"). */
export type EntitySubject = string | ((eb: EntityRow) => SqlSubject);

export function readBy<S>(rule: Rule<S>, table: keyof Tables, subject: EntitySubject = "id"): EntityRead {
  const subjectOf = typeof subject === "string" ? () => `e.${subject}` : subject;
  const readableIds = statement(
    `${table}.readable`,
    (_: { ids: readonly string[]; me: string }) => null,
    (b) => {
      const [ids, me] = [b.param((a) => a.ids), b.param((a) => a.me)];
      return b.db
        .selectFrom(`${table} as e` as "User as e")
        .select("e.id")
        .where((eb) => b.inList(eb.ref("e.id"), ids))
        .where((eb) => rule.sql!(b, eb as never, subjectOf(eb as never), me));
    },
  );
  return {
    rule: rule as Rule<never>,
    async readable(read, access, ids) {
      const decided = access.decide(rule as Rule<never>);
      if (decided !== undefined) return new Set(decided ? ids : []);
      return new Set((await read.all(readableIds, { ids, me: access.viewer.id })).map((r) => r.id));
    },
  };
}
