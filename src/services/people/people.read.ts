import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { ReadPort } from "../../db/database";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { User } from "../../types/people/user.type";
import type { UserDepartment } from "../../types/people/user-department.type";
import type { Shortcut } from "../../types/people/shortcut.type";
import type { UserFilter } from "../../inputs/people/user-filter.input";
import type { UserOrder } from "../../inputs/people/user-order.input";
import { SortDirection } from "../../types/shared/sort-direction.enum";
import { parseJson, toBool, toDate, toDateRequired } from "../../db/row-values";
import { escapeLike } from "../shared/search-text";
import { readBy, ruleForm, ruleSql } from "../../auth/rule";
import { Selection } from "../shared/look-ahead";
import { rules } from "../../auth/rules";
import { defineEntity } from "../../federation/entity-registry";

type From = Tables & { u: Tables["User"] };
type UserQuery<O> = SelectQueryBuilder<From, "u", O>;
type Eb = ExpressionBuilder<From, "u">;

const TRUE = sql.lit(true);

/** The user columns every User answer carries (scalars are cheap; relations are chosen by selection). */
const USER_COLUMNS = [
  "u.id", "u.firstName", "u.lastName", "u.email", "u.shortCode", "u.phoneNumber", "u.pictureSm", "u.pictureLg",
  "u.jobPositionId", "u.contractorId", "u.canLogIn", "u.allowApiTokenAuthentication", "u.isExternal",
  "u.isUsingMobile", "u.twoFactorAuth", "u.lastActivity", "u.lastActivityMobile", "u.hoursPerWorkDay",
  "u.tasksPerWorkday", "u.createdAt", "u.updatedAt",
] as const;

/**
 * The page of `User`s in one statement: scalars, and, only when the document selects them, the
 * job position and contractor names, the departments and SSO providers (as JSON arrays), and
 * `canManage` (an EXISTS over the caller's led departments; constant for admins and HR).
 */
export function selectUsers(read: ReadPort, viewer: Viewer, sel: Selection) {
  const { db } = read;
  const d = read;
  return db
    .selectFrom("User as u")
    .select(USER_COLUMNS)
    .$if(sel.has("jobPositionName"), (q) =>
      q.select((eb) => eb.selectFrom("JobPosition as jp").select("jp.name").whereRef("jp.id", "=", "u.jobPositionId").as("jobPositionName")),
    )
    .$if(sel.has("contractorName"), (q) =>
      q.select((eb) => eb.selectFrom("Contractor as c").select("c.name").whereRef("c.id", "=", "u.contractorId").as("contractorName")),
    )
    .$if(sel.has("userDepartments"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("UserDepartment as ud")
            .innerJoin("Department as d", "d.id", "ud.departmentId")
            .select(["ud.id", "ud.isLeader", "d.id as departmentId", "d.name as departmentName"])
            .whereRef("ud.userId", "=", "u.id")
            .orderBy("ud.id"),
        ).as("userDepartments"),
      ),
    )
    .$if(sel.has("ssoProviders"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("UserSsoProvider as l")
            .innerJoin("SsoProvider as p", "p.id", "l.ssoProviderId")
            .select(["p.id", "p.tenantId", "p.tenantName", "p.type", "l.isUserLinked"])
            .whereRef("l.userId", "=", "u.id")
            .orderBy("l.id"),
        ).as("ssoProviders"),
      ),
    )
    .$if(sel.has("canManage"), (q) =>
      q.select((eb) => ruleSql(read, eb, rules.managePerson, ruleForm(rules.managePerson, viewer), "u.id", viewer.id).as("canManage")),
    );
}

type UserSqlRow = {
  [K in (typeof USER_COLUMNS)[number] extends `u.${infer C}` ? C : never]: Tables["User"][K];
} & {
  jobPositionName?: string | null;
  contractorName?: string | null;
  userDepartments?: unknown;
  ssoProviders?: unknown;
  canManage?: boolean | number | null;
};

interface DepartmentJson {
  id: string;
  isLeader: boolean | number;
  departmentId: string;
  departmentName: string;
}
interface SsoJson {
  id: string;
  tenantId: string;
  tenantName: string;
  type: string;
  isUserLinked: boolean | number;
}

/** One statement row as the GraphQL `User` (what Prisma's row gave before, value for value). */
export function toUser(row: UserSqlRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    shortCode: row.shortCode,
    phoneNumber: row.phoneNumber,
    pictureSm: row.pictureSm,
    pictureLg: row.pictureLg,
    jobPosition: row.jobPositionId,
    jobPositionName: row.jobPositionName ?? null,
    contractorId: row.contractorId,
    contractorName: row.contractorName ?? null,
    canLogIn: toBool(row.canLogIn),
    allowApiTokenAuthentication: toBool(row.allowApiTokenAuthentication),
    isExternal: toBool(row.isExternal),
    canManage: toBool(row.canManage ?? false),
    isUsingMobile: toBool(row.isUsingMobile),
    twoFactorAuth: toBool(row.twoFactorAuth),
    lastActivity: toDate(row.lastActivity),
    lastActivityMobile: toDate(row.lastActivityMobile),
    hoursPerWorkDay: Number(row.hoursPerWorkDay),
    tasksPerWorkday: row.tasksPerWorkday,
    tasksPerWorkDay: row.tasksPerWorkday,
    ssoProviders: parseJson<SsoJson[] | undefined>(row.ssoProviders)?.map((p) => ({
      id: p.id,
      tenantId: p.tenantId,
      tenantName: p.tenantName,
      type: p.type,
      isUserLinked: toBool(p.isUserLinked),
    })) ?? [],
    userDepartments: parseJson<DepartmentJson[] | undefined>(row.userDepartments)?.map((d) => ({
      id: d.id,
      isLeader: toBool(d.isLeader),
      department: { id: d.departmentId, name: d.departmentName },
    })) ?? [],
    createdAt: toDateRequired(row.createdAt),
    updatedAt: toDateRequired(row.updatedAt),
  };
}

/** The conditions of a user filter (everything but the leader ordering), as SQL on `u`. */
export function userFilterWhere<O>(read: ReadPort, q: UserQuery<O>, filter: UserFilter | null | undefined): UserQuery<O> {
  if (!filter) return q;
  const d = read;
  const f = filter;
  const bool = (column: "u.isUsingMobile" | "u.isExternal" | "u.canLogIn", value: boolean) =>
    q.where(column, "=", sql.lit(value));
  if (f.search) {
    const pattern = `%${escapeLike(f.search.toLowerCase())}%`;
    q = q.where(sql<boolean>`u."searchText" like ${pattern} escape '\\'`);
  }
  if (f.isUsingMobile != null) q = bool("u.isUsingMobile", f.isUsingMobile);
  if (f.isExternal != null) q = bool("u.isExternal", f.isExternal);
  if (f.canLogIn != null) q = bool("u.canLogIn", f.canLogIn);
  if (f.hasRole) {
    const roles = f.hasRole;
    q = q.where((eb) => eb.exists(roleOf(eb).where((sub) => d.inList(sub.ref("r.role"), roles, "text"))));
  }
  if (f.hasRoleSet) for (const role of new Set(f.hasRoleSet)) q = q.where((eb) => eb.exists(roleOf(eb).where("r.role", "=", role)));
  if (f.jobPosition) q = q.where((eb) => d.inList(eb.ref("u.jobPositionId"), f.jobPosition!));
  if (f.contractorId) q = q.where((eb) => d.inList(eb.ref("u.contractorId"), f.contractorId!));
  if (f.id) q = q.where((eb) => d.inList(eb.ref("u.id"), f.id!));
  if (f.excludeIds) q = q.where((eb) => eb.not(d.inList(eb.ref("u.id"), f.excludeIds!)));
  if (f.excludeDepartmentIds) {
    q = q.where((eb) => eb.not(eb.exists(departmentOf(eb).where((sub) => d.inList(sub.ref("ud.departmentId"), f.excludeDepartmentIds!)))));
  }
  if (f.department) q = q.where((eb) => eb.exists(departmentOf(eb).where((sub) => d.inList(sub.ref("ud.departmentId"), f.department!))));
  if (f.existsUserDepartments != null) {
    const exists = f.existsUserDepartments;
    q = q.where((eb) => (exists ? eb.exists(departmentOf(eb)) : eb.not(eb.exists(departmentOf(eb)))));
  }
  if (f.existsSsoProvider != null) {
    const exists = f.existsSsoProvider;
    q = q.where((eb) => (exists ? eb.exists(ssoOf(eb)) : eb.not(eb.exists(ssoOf(eb)))));
  }
  if (f.ssoProviderIds) q = q.where((eb) => eb.exists(ssoOf(eb).where((sub) => d.inList(sub.ref("s.ssoProviderId"), f.ssoProviderIds!))));
  return q;
}

const roleOf = (eb: Eb) => eb.selectFrom("UserRole as r").select(sql.lit(1).as("one")).whereRef("r.userId", "=", "u.id");
const departmentOf = (eb: Eb) => eb.selectFrom("UserDepartment as ud").select(sql.lit(1).as("one")).whereRef("ud.userId", "=", "u.id");
const ssoOf = (eb: Eb) => eb.selectFrom("UserSsoProvider as s").select(sql.lit(1).as("one")).whereRef("s.userId", "=", "u.id");

export const USER_ORDER_COLUMNS = {
  lastName: (dir: "asc" | "desc") => ["u.lastName", dir] as const,
  firstName: (dir: "asc" | "desc") => ["u.firstName", dir] as const,
  createdAt: (dir: "asc" | "desc") => ["u.createdAt", dir] as const,
  updatedAt: (dir: "asc" | "desc") => ["u.updatedAt", dir] as const,
} satisfies Record<keyof UserOrder, (dir: "asc" | "desc") => readonly [string, "asc" | "desc"]>;

export type UserOrderTerm = readonly ["u.lastName" | "u.firstName" | "u.createdAt" | "u.updatedAt" | "u.id", "asc" | "desc"];

/**
 * The order: with `userDepartmentLeaderOrder` that department's leaders first (ASC) or last
 * (DESC), then the `order` terms (already validated and ending with `id`).
 */
export function userOrder<O>(q: UserQuery<O>, filter: UserFilter | null | undefined, terms: readonly UserOrderTerm[]): UserQuery<O> {
  const leader = filter?.userDepartmentLeaderOrder;
  if (leader) {
    const leads = (eb: Eb) =>
      eb
        .selectFrom("UserDepartment as lo")
        .select(sql.lit(1).as("one"))
        .whereRef("lo.userId", "=", "u.id")
        .where("lo.departmentId", "=", leader.departmentId)
        .where("lo.isLeader", "=", TRUE);
    // 0 for the department's leaders, 1 for everyone else
    q = q.orderBy((eb) => eb.case().when(eb.exists(leads(eb))).then(sql.lit(0)).else(sql.lit(1)).end(), leader.direction === SortDirection.ASC ? "asc" : "desc");
  }
  for (const [column, direction] of terms) q = q.orderBy(column, direction);
  return q;
}

/** UserDepartment entities by id in one statement, with their departments joined. */
export async function readUserDepartments(read: ReadPort, ids: readonly string[]): Promise<UserDepartment[]> {
  const rows = await read.db
    .selectFrom("UserDepartment as ud")
    .innerJoin("Department as d", "d.id", "ud.departmentId")
    .select(["ud.id", "ud.isLeader", "d.id as departmentId", "d.name as departmentName"])
    .where((eb) => read.inList(eb.ref("ud.id"), ids))
    .execute();
  return rows.map((d) => ({ id: d.id, isLeader: toBool(d.isLeader), department: { id: d.departmentId, name: d.departmentName } }));
}

/** Shortcut entities by id in one statement. */
export async function readShortcuts(read: ReadPort, ids: readonly string[]): Promise<Shortcut[]> {
  const rows = await read.db
    .selectFrom("Shortcut as s")
    .select(["s.id", "s.weight", "s.name", "s.viewUrl", "s.isOpenedInNewTab"])
    .where((eb) => read.inList(eb.ref("s.id"), ids))
    .execute();
  return rows.map((s) => ({ id: s.id, weight: s.weight, name: s.name, viewUrl: s.viewUrl, isOpenedInNewTab: toBool(s.isOpenedInNewTab) }));
}

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

export const userEntity = defineEntity<User>({
  typeName: "User",
  read: readBy(rules.signedIn),
  /** A batch of users (e.g. 100 `_entities` representations) in one statement. */
  async loadMany(read, ids, viewer) {
    const rows = await selectUsers(read, viewer, Selection.all())
      .where((eb) => read.inList(eb.ref("u.id"), ids))
      .execute();
    return rows.map(toUser);
  },
});

export const userDepartmentEntity = defineEntity<UserDepartment>({
  typeName: "UserDepartment",
  read: readBy(rules.signedIn),
  loadMany: (read, ids) => readUserDepartments(read, ids),
});

export const shortcutEntity = defineEntity<Shortcut>({
  typeName: "Shortcut",
  read: readBy(rules.shortcutOwner, "Shortcut", () => "e.userId"),
  loadMany: (read, ids) => readShortcuts(read, ids),
});
