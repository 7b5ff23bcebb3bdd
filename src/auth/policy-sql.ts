import { sql, type AliasableExpression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Tables } from "../db/tables";
import type { Viewer } from "./authenticate";

/** A person rule of src/auth/policy.ts: the caller, the departments they lead, the person's departments. */
type PersonRule = (viewer: Viewer, led: Set<string>, personDepartmentIds: string[]) => boolean;

/**
 * A person rule (canManagePerson, canManageVacationsOf) inside a read's SQL, for pages of people:
 * a rule that holds whatever the departments (the caller's roles suffice) is a constant true;
 * otherwise it holds where the caller leads a department of the person whose id is in `personId`
 * (a column reference such as "u.id"), the rules' only other way to hold.
 */
export function personRuleSql(rule: PersonRule, eb: ExpressionBuilder<Tables, never>, viewer: Viewer, personId: string): AliasableExpression<SqlBool> {
  if (rule(viewer, new Set(), [])) return sql<SqlBool>`${sql.lit(true)}`;
  return eb.exists(
    eb
      .selectFrom("UserDepartment as m")
      .innerJoin("UserDepartment as lead", "lead.departmentId", "m.departmentId")
      .select(sql.lit(1).as("one"))
      .where(sql<boolean>`${sql.ref("m.userId")} = ${sql.ref(personId)}`)
      .where("lead.userId", "=", viewer.id)
      .where("lead.isLeader", "=", sql.lit(true)),
  );
}
