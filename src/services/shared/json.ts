import { sql, type ExpressionBuilder } from "kysely";
import type { SqlDialect } from "../../db/sql";
import type { Tables } from "../../db/tables";
import { parseJson } from "../../db/row-values";
import type { IdName } from "../../types/shared/id-name.type";

/** A join table between an outer row and named rows, e.g. `{ link: "ProjectTag", owner: "projectId", target: "tagId", named: "Tag" }`. */
export interface NamedLink {
  link: keyof Tables;
  /** The join table's column naming the outer row. */
  owner: string;
  /** The join table's column naming the named row. */
  target: string;
  /** The table of the named rows (with `id` and `name`). */
  named: keyof Tables;
}

// the two aliases the link helpers below read from, typed for any join table
type LinkTables = { lk: Record<string, string>; nm: { id: string; name: string } };

/**
 * The named rows linked to the outer row `ownerRef` (a column reference) through a join table,
 * as a JSON array `[{ id, name }]` by name, then id: a project's contractors and tags, a
 * contractor's industry branches and tags, a task type's categories.
 */
export function linkedNamesJson<DB, TB extends keyof DB>(d: SqlDialect, eb: ExpressionBuilder<DB, TB>, link: NamedLink, ownerRef: string) {
  const e = eb as unknown as ExpressionBuilder<LinkTables, never>;
  const target = sql.ref(`lk.${link.target}`);
  return d.jsonArray(e
      .selectFrom(`${link.link} as lk` as "lk")
      .innerJoin(`${link.named} as nm` as "nm", (j) => j.on(sql<boolean>`${sql.ref("nm.id")} = ${target}`))
      .select(["nm.id", "nm.name"])
      .where(sql<boolean>`${sql.ref(`lk.${link.owner}`)} = ${sql.ref(ownerRef)}`)
      .orderBy("nm.name")
      .orderBy(target),
  );
}

/** The id/name rows of a linkedNamesJson column (SQLite hands nested JSON over as text). */
export function idNamesOf(value: unknown): IdName[] {
  return (parseJson<IdName[] | undefined>(value) ?? []).map((x) => ({ id: x.id, name: x.name }));
}
