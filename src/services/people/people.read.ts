import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import { User, UserDepartment, type UserSsoProvider } from "../../types/people/user.type";
import { Shortcut } from "../../types/people/shortcut.type";
import type { IdName } from "../../types/shared/named.type";
import type { UserFilter } from "../../inputs/people/user-filter.input";
import type { UserOrder } from "../../inputs/people/user-order.input";
import { SortDirection } from "../../types/shared/sort-direction.enum";
import { toBool } from "../../db/row-values";
import type { StatementBuilder } from "../../db/statements";
import { escapeLike } from "../shared/search-text";
import { rules } from "../../auth/rules";
import {
  column,
  columns,
  columnsOf,
  entityOf,
  group,
  joined,
  list,
  orNull,
  probe,
  readModel,
  rowsOf,
  ruleFlag,
  shapeOf,
  value,
} from "../shared/read-model";
import { pageStatement } from "../shared/pagination";

type From = Tables & { u: Tables["User"] };
type Eb = ExpressionBuilder<From, "u">;

const departmentModel = readModel<UserDepartment>({
  ...columnsOf(UserDepartment, "ud"),
  department: group<IdName>(columns("d", ["id", "name"])),
});

const ssoModel = readModel<UserSsoProvider>({
  ...columns("p", ["id", "tenantId", "tenantName", "type"]),
  isUserLinked: column("l.isUserLinked", toBool),
});

/** `User` as every read of it answers it: one declaration, read for the fields the document selects. */
const userModel = readModel<User>({
  ...columnsOf(User, "u"),
  id: column("u.id", String, true),
  jobPosition: column("u.jobPositionId"),
  jobPositionName: value(
    (_m, eb) => eb.selectFrom("JobPosition as jp").select("jp.name").whereRef("jp.id", "=", "u.jobPositionId"),
    orNull,
  ),
  contractorName: value((_m, eb) => eb.selectFrom("Contractor as c").select("c.name").whereRef("c.id", "=", "u.contractorId"), orNull),
  canManage: ruleFlag("managePerson", rules.managePerson, "u.id"),
  // the DECIMAL as the driver gives it, not read exact
  hoursPerWorkDay: column("u.hoursPerWorkDay", Number),
  tasksPerWorkDay: column("u.tasksPerWorkday"),
  ssoProviders: list(ssoModel, joined(rowsOf("UserSsoProvider as l", "l.userId", "u.id", "l.id"), "SsoProvider as p", "l.ssoProviderId")),
  userDepartments: list(
    departmentModel,
    joined(rowsOf("UserDepartment as ud", "ud.userId", "u.id", "ud.id"), "Department as d", "ud.departmentId"),
  ),
});

export interface UsersArgs {
  viewer: Viewer;
  filter?: UserFilter | null;
  /** The order (validated, ending with `id`). */
  terms: readonly UserOrderTerm[];
}

/** The conditions of a user filter (everything but the leader ordering), as SQL on `u`; the values are the statement's parameters. */
function userFilterWhere<O>(
  b: StatementBuilder<UsersArgs>,
  q: SelectQueryBuilder<From, "u", O>,
  f: ReturnType<typeof filterShape>,
): SelectQueryBuilder<From, "u", O> {
  const given = <K extends keyof UserFilter>(key: K) => b.param((a) => a.filter![key] as NonNullable<UserFilter[K]>);
  if (f.search)
    q = q.where(sql<boolean>`u."searchText" like ${b.param((a) => `%${escapeLike(a.filter!.search!.toLowerCase())}%`)} escape '\\'`);
  // booleans are literals (SQLite binds no booleans): the value is part of the shape
  for (const key of ["isUsingMobile", "isExternal", "canLogIn"] as const)
    if (f[key] !== undefined) q = q.where(`u.${key}`, "=", sql.lit(f[key] as boolean));
  if (f.hasRole) q = q.where((eb) => eb.exists(roleOf(eb).where((sub) => b.inList(sub.ref("r.role"), given("hasRole"), "text"))));
  if (f.hasRoleSet) {
    // every role of the set: as many distinct matching roles as the set has
    const roles = b.param((a) => [...new Set(a.filter!.hasRoleSet)]);
    q = q.where((eb) =>
      eb(
        roleOf(eb)
          .clearSelect()
          .select((x) => x.fn.count("r.role").distinct().as("n"))
          .where((sub) => b.inList(sub.ref("r.role"), roles, "text")),
        "=",
        b.param((a) => new Set(a.filter!.hasRoleSet).size),
      ),
    );
  }
  if (f.jobPosition) q = q.where((eb) => b.inList(eb.ref("u.jobPositionId"), given("jobPosition")));
  if (f.contractorId) q = q.where((eb) => b.inList(eb.ref("u.contractorId"), given("contractorId")));
  if (f.id) q = q.where((eb) => b.inList(eb.ref("u.id"), given("id")));
  if (f.excludeIds) q = q.where((eb) => eb.not(b.inList(eb.ref("u.id"), given("excludeIds"))));
  if (f.excludeDepartmentIds)
    q = q.where((eb) =>
      eb.not(eb.exists(departmentOf(eb).where((sub) => b.inList(sub.ref("ud.departmentId"), given("excludeDepartmentIds"))))),
    );
  if (f.department)
    q = q.where((eb) => eb.exists(departmentOf(eb).where((sub) => b.inList(sub.ref("ud.departmentId"), given("department")))));
  if (f.existsUserDepartments !== undefined)
    q = q.where((eb) => (f.existsUserDepartments ? eb.exists(departmentOf(eb)) : eb.not(eb.exists(departmentOf(eb)))));
  if (f.existsSsoProvider !== undefined) q = q.where((eb) => (f.existsSsoProvider ? eb.exists(ssoOf(eb)) : eb.not(eb.exists(ssoOf(eb)))));
  if (f.ssoProviderIds)
    q = q.where((eb) => eb.exists(ssoOf(eb).where((sub) => b.inList(sub.ref("s.ssoProviderId"), given("ssoProviderIds")))));
  return q;
}

const roleOf = (eb: Eb) => probe(eb, "UserRole as r", "r.userId", "u.id");
const departmentOf = (eb: Eb) => probe(eb, "UserDepartment as ud", "ud.userId", "u.id");
const ssoOf = (eb: Eb) => probe(eb, "UserSsoProvider as s", "s.userId", "u.id");

/** What of a filter changes the SQL: which conditions are given, and the booleans' values. */
const filterShape = (filter: UserFilter | null | undefined) =>
  shapeOf(filter ?? {}) as Partial<Record<keyof UserFilter, unknown>> & {
    isUsingMobile?: boolean;
    isExternal?: boolean;
    canLogIn?: boolean;
    existsUserDepartments?: boolean;
    existsSsoProvider?: boolean;
  };

export const USER_ORDER_COLUMNS = {
  lastName: (dir: "asc" | "desc") => ["u.lastName", dir] as const,
  firstName: (dir: "asc" | "desc") => ["u.firstName", dir] as const,
  createdAt: (dir: "asc" | "desc") => ["u.createdAt", dir] as const,
  updatedAt: (dir: "asc" | "desc") => ["u.updatedAt", dir] as const,
} satisfies Record<keyof UserOrder, (dir: "asc" | "desc") => readonly [string, "asc" | "desc"]>;

export type UserOrderTerm = readonly ["u.lastName" | "u.firstName" | "u.createdAt" | "u.updatedAt" | "u.id", "asc" | "desc"];

/** E8: a page of users (the model's columns for the selection, the filter, the order: a department's leaders first or last, then the terms; the window) and how many the filter matches (one statement, `pageStatement`). */
export const USERS_PAGE = pageStatement(
  "users.page",
  userModel,
  "User as u",
  (a: UsersArgs) => ({ filter: filterShape(a.filter), terms: a.terms, leader: a.filter?.userDepartmentLeaderOrder?.direction ?? null }),
  (b, s, q) => userFilterWhere(b, q as never, s.filter) as never,
  (b, s, query) => {
    let q = query as unknown as SelectQueryBuilder<From, "u", Record<string, unknown>>;
    if (s.leader) {
      const department = b.param((a) => a.filter!.userDepartmentLeaderOrder!.departmentId);
      const leads = (eb: Eb) =>
        probe(eb, "UserDepartment as lo", "lo.userId", "u.id")
          .where("lo.departmentId", "=", department)
          .where("lo.isLeader", "=", sql.lit(true));
      // 0 for the department's leaders, 1 for everyone else
      const rank = (eb: Eb) =>
        eb
          .case()
          .when(eb.exists(leads(eb)))
          .then(sql.lit(0))
          .else(sql.lit(1))
          .end();
      q = q.orderBy(rank, s.leader === SortDirection.ASC ? "asc" : "desc");
    }
    for (const [ref, direction] of s.terms) q = q.orderBy(ref, direction);
    return q as never;
  },
);

const shortcutModel = readModel<Shortcut>(columnsOf(Shortcut, "s"));

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

/** A batch of users (e.g. 100 `_entities` representations) in one statement. */
export const userEntity = entityOf(User, userModel, "User as u", rules.signedIn);
export const userDepartmentEntity = entityOf(UserDepartment, departmentModel, "UserDepartment as ud", rules.signedIn, {
  join: (q) => q.innerJoin("Department as d", "d.id", "ud.departmentId") as never,
});
export const shortcutEntity = entityOf(Shortcut, shortcutModel, "Shortcut as s", rules.shortcutOwner, { subject: "userId" });
