import type { Db, Prisma } from "../db/client";
import { hasLikeWildcards, userIdsMatching } from "./search-text";
import type { Viewer } from "../auth/authenticate";
import type { UserFilter } from "../inputs/user-filter.input";
import type { UserOrder } from "../inputs/user-order.input";
import type { User } from "../types/user.type";
import type { UserDepartment } from "../types/user-department.type";
import type { UserCollection } from "../types/user-collection.type";
import { userRefInclude } from "../mappers/user-refs";
import { defineEntity } from "../federation/entity-registry";
import { buildOrderBy } from "./ordering";
import { SortDirection } from "../types/sort-direction.enum";
import { pageWindow, paginationInfo, type PageRequest } from "./pagination";
import { canManagePerson, ledDepartments } from "./permissions";

export const userInclude = {
  ...userRefInclude,
  userDepartments: { include: { department: true }, orderBy: { id: "asc" } },
  ssoLinks: { include: { ssoProvider: true }, orderBy: { id: "asc" } },
} satisfies Prisma.UserInclude;

type UserRow = Prisma.UserGetPayload<{ include: typeof userInclude }>;

export function toUser(row: UserRow, canManage: boolean): User {
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
    jobPositionName: row.jobPosition?.name ?? null,
    contractorId: row.contractorId,
    contractorName: row.contractor?.name ?? null,
    canLogIn: row.canLogIn,
    allowApiTokenAuthentication: row.allowApiTokenAuthentication,
    isExternal: row.isExternal,
    canManage,
    isUsingMobile: row.isUsingMobile,
    twoFactorAuth: row.twoFactorAuth,
    lastActivity: row.lastActivity,
    lastActivityMobile: row.lastActivityMobile,
    hoursPerWorkDay: row.hoursPerWorkDay.toNumber(),
    tasksPerWorkday: row.tasksPerWorkday,
    tasksPerWorkDay: row.tasksPerWorkday,
    ssoProviders: row.ssoLinks.map((l) => ({
      id: l.ssoProvider.id,
      tenantId: l.ssoProvider.tenantId,
      tenantName: l.ssoProvider.tenantName,
      type: l.ssoProvider.type,
      isUserLinked: l.isUserLinked,
    })),
    userDepartments: row.userDepartments.map((d) => ({
      id: d.id,
      isLeader: d.isLeader,
      department: { id: d.department.id, name: d.department.name },
    })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function shapeUsers(db: Db, rows: UserRow[], viewer: Viewer | null): Promise<User[]> {
  const led = viewer ? await ledDepartments(db, viewer) : new Set<string>();
  return rows.map((row) =>
    toUser(row, viewer !== null && canManagePerson(viewer, led, row.userDepartments.map((d) => d.departmentId))),
  );
}

export const userEntity = defineEntity<User>({
  typeName: "User",
  async loadMany(db, ids, viewer) {
    const rows = await db.user.findMany({ where: { id: { in: [...ids] } }, include: userInclude });
    return shapeUsers(db, rows, viewer);
  },
});

export const userDepartmentEntity = defineEntity<UserDepartment>({
  typeName: "UserDepartment",
  async loadMany(db, ids) {
    const rows = await db.userDepartment.findMany({ where: { id: { in: [...ids] } }, include: { department: true } });
    return rows.map((d) => ({ id: d.id, isLeader: d.isLeader, department: { id: d.department.id, name: d.department.name } }));
  },
});

/** The Prisma condition for a user filter (everything but the leader ordering). */
export function userWhere(filter: UserFilter | undefined | null, searchIds?: string[]): Prisma.UserWhereInput {
  if (!filter) return {};
  const and: Prisma.UserWhereInput[] = [];
  // a needle with LIKE wildcards is matched literally by its ids (src/services/search-text.ts)
  if (filter.search) and.push(searchIds ? { id: { in: searchIds } } : { searchText: { contains: filter.search.toLowerCase() } });
  if (filter.isUsingMobile != null) and.push({ isUsingMobile: filter.isUsingMobile });
  if (filter.isExternal != null) and.push({ isExternal: filter.isExternal });
  if (filter.canLogIn != null) and.push({ canLogIn: filter.canLogIn });
  if (filter.hasRole) and.push({ roles: { some: { role: { in: filter.hasRole } } } });
  if (filter.hasRoleSet) for (const role of new Set(filter.hasRoleSet)) and.push({ roles: { some: { role } } });
  if (filter.jobPosition) and.push({ jobPositionId: { in: filter.jobPosition } });
  if (filter.contractorId) and.push({ contractorId: { in: filter.contractorId } });
  if (filter.id) and.push({ id: { in: filter.id } });
  if (filter.excludeIds) and.push({ id: { notIn: filter.excludeIds } });
  if (filter.excludeDepartmentIds) {
    and.push({ userDepartments: { none: { departmentId: { in: filter.excludeDepartmentIds } } } });
  }
  if (filter.department) and.push({ userDepartments: { some: { departmentId: { in: filter.department } } } });
  if (filter.existsUserDepartments != null) {
    and.push(filter.existsUserDepartments ? { userDepartments: { some: {} } } : { userDepartments: { none: {} } });
  }
  if (filter.existsSsoProvider != null) {
    and.push(filter.existsSsoProvider ? { ssoLinks: { some: {} } } : { ssoLinks: { none: {} } });
  }
  if (filter.ssoProviderIds) and.push({ ssoLinks: { some: { ssoProviderId: { in: filter.ssoProviderIds } } } });
  return { AND: and };
}

const ORDER_KEYS = {
  lastName: (dir: "asc" | "desc") => ({ lastName: dir }),
  firstName: (dir: "asc" | "desc") => ({ firstName: dir }),
  createdAt: (dir: "asc" | "desc") => ({ createdAt: dir }),
  updatedAt: (dir: "asc" | "desc") => ({ updatedAt: dir }),
} satisfies Record<keyof UserOrder, (dir: "asc" | "desc") => Prisma.UserOrderByWithRelationInput>;

/**
 * E8: the user list. With `userDepartmentLeaderOrder` the result is two segments (that
 * department's leaders, then everyone else, or the reverse), each in the requested order; the
 * page window is cut across the two, so it costs at most four statements whatever the page.
 */
export async function listUsers(
  db: Db,
  viewer: Viewer,
  args: { filter?: UserFilter | null; order?: UserOrder[] | null } & PageRequest,
  maxUnpaginated: number,
): Promise<UserCollection> {
  const search = args.filter?.search;
  const where = userWhere(args.filter, search && hasLikeWildcards(search) ? await userIdsMatching(db, search) : undefined);
  const orderBy = buildOrderBy<keyof UserOrder, Prisma.UserOrderByWithRelationInput>(args.order, ORDER_KEYS, "lastName", (dir) => ({ id: dir }));
  const window = pageWindow(args, maxUnpaginated);
  const leaderOrder = args.filter?.userDepartmentLeaderOrder;

  let rows: UserRow[];
  let total: number;
  if (!leaderOrder) {
    [total, rows] = await Promise.all([
      db.user.count({ where }),
      window.take === 0 ? Promise.resolve([]) : db.user.findMany({ where, orderBy, skip: window.skip, take: window.take, include: userInclude }),
    ]);
  } else {
    const leads: Prisma.UserWhereInput = {
      userDepartments: { some: { departmentId: leaderOrder.departmentId, isLeader: true } },
    };
    const [firstWhere, secondWhere] =
      leaderOrder.direction === SortDirection.ASC
        ? [{ AND: [where, leads] }, { AND: [where, { NOT: leads }] }]
        : [{ AND: [where, { NOT: leads }] }, { AND: [where, leads] }];
    const [firstCount, secondCount] = await Promise.all([db.user.count({ where: firstWhere }), db.user.count({ where: secondWhere })]);
    total = firstCount + secondCount;
    rows = [];
    if (window.take > 0 && window.skip < firstCount) {
      rows = await db.user.findMany({ where: firstWhere, orderBy, skip: window.skip, take: Math.min(window.take, firstCount - window.skip), include: userInclude });
    }
    const remaining = window.take - rows.length;
    if (remaining > 0) {
      rows = rows.concat(
        await db.user.findMany({ where: secondWhere, orderBy, skip: Math.max(0, window.skip - firstCount), take: remaining, include: userInclude }),
      );
    }
  }
  const items = await shapeUsers(db, rows, viewer);
  return { items, paginationInfo: paginationInfo(window, total, items.length) };
}
