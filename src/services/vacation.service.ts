import type { Db, DbTx, Prisma } from "../db/client";
import { vacationIdsMatching } from "./search-text";
import type { Viewer } from "../auth/authenticate";
import type { VacationFilter } from "../inputs/vacation-filter.input";
import type { VacationOrder } from "../inputs/vacation-order.input";
import type { Vacation } from "../types/vacation.type";
import type { VacationCollection } from "../types/vacation-collection.type";
import type { VacationComment } from "../types/vacation-comment.type";
import type { VacationDate } from "../types/vacation-date.type";
import type { VacationType } from "../types/vacation-type.type";
import { toCalendarUserRef, userRefInclude, type UserRefRow } from "../mappers/user-refs";
import { defineEntity } from "../federation/entity-registry";
import { buildOrderBy } from "./ordering";
import { pageWindow, paginationInfo, type PageRequest } from "./pagination";
import { ledDepartments } from "./permissions";

/**
 * What is read with a vacation. The users it names (its owner, who accepted or rejected it, the
 * authors of its comments) are not included through their four relations, which would cost three
 * statements each (user, contractor, job position): only their ids are read with the vacation, and
 * all the distinct users of a batch are then read once, by `loadUsers`.
 */
export const vacationInclude = {
  vacationType: true,
  dates: { orderBy: [{ date: "asc" }, { id: "asc" }] },
  comments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  _count: { select: { dates: true } },
} satisfies Prisma.VacationInclude;

type VacationRow = Prisma.VacationGetPayload<{ include: typeof vacationInclude }>;
type CommentRow = Prisma.VacationCommentGetPayload<object>;
type UserRow = UserRefRow & { _count?: { userDepartments: number } };

/**
 * The users with the given ids, for the user summaries, in ONE findMany (one statement per level of
 * `userRefInclude`) whatever their number. With `ledDepartmentIds` each user also carries how many
 * of those departments it belongs to (`_count.userDepartments`, an aggregate joined into the same
 * statement), which decides whether the caller manages it.
 */
async function loadUsers(
  db: Db | DbTx,
  ids: Iterable<string>,
  ledDepartmentIds?: ReadonlySet<string>,
): Promise<Map<string, UserRow>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Map();
  const where = { id: { in: distinct } };
  const rows: UserRow[] =
    ledDepartmentIds && ledDepartmentIds.size > 0
      ? await db.user.findMany({
          where,
          include: {
            ...userRefInclude,
            _count: { select: { userDepartments: { where: { departmentId: { in: [...ledDepartmentIds] } } } } },
          },
        })
      : await db.user.findMany({ where, include: userRefInclude });
  return new Map(rows.map((u) => [u.id, u]));
}

function toVacationComment(c: CommentRow, author: UserRefRow): VacationComment {
  return { id: c.id, content: c.content, calendarUser: toCalendarUserRef(author), createdAt: c.createdAt };
}

/** Comments with their authors; a comment whose author is gone (deleted meanwhile) is left out, as its author's deletion removes it. */
function shapeComments(comments: CommentRow[], users: ReadonlyMap<string, UserRefRow>): VacationComment[] {
  const shaped: VacationComment[] = [];
  for (const c of comments) {
    const author = users.get(c.calendarUserId);
    if (author) shaped.push(toVacationComment(c, author));
  }
  return shaped;
}

function toVacationDate(d: { id: string; date: Date }): VacationDate {
  return { id: d.id, date: d.date };
}

function toVacationType(t: { id: string; name: string; decrementVacation: boolean; isActive: boolean }): VacationType {
  return { id: t.id, name: t.name, decrementVacation: t.decrementVacation, isActive: t.isActive };
}

function optionalUserRef(id: string | null, users: ReadonlyMap<string, UserRefRow>) {
  const u = id === null ? undefined : users.get(id);
  return u ? toCalendarUserRef(u) : null;
}

function toVacation(row: VacationRow, owner: UserRefRow, users: ReadonlyMap<string, UserRefRow>, canManage: boolean): Vacation {
  return {
    id: row.id,
    calendarUser: toCalendarUserRef(owner),
    vacationType: toVacationType(row.vacationType),
    status: row.status,
    daysCount: row._count.dates,
    description: row.description,
    vacationYear: row.vacationYear,
    issueDate: row.issueDate,
    vacationComments: shapeComments(row.comments, users),
    vacationDates: row.dates.map(toVacationDate),
    acceptedBy: optionalUserRef(row.acceptedById, users),
    rejectedBy: optionalUserRef(row.rejectedById, users),
    fileGenerated: row.fileGenerated,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    permissions: { canManage },
  };
}

/**
 * Admins manage every vacation; a department leader manages the vacations of the members of the
 * departments they lead. The led departments are asked once per request, and all the users the
 * rows name (owners, acceptors, rejecters, comment authors) are read in one findMany, with the
 * owners' membership of the led departments counted in the same statement: the number of statements
 * does not depend on the page size.
 */
async function shapeVacations(db: Db | DbTx, rows: VacationRow[], viewer: Viewer | null): Promise<Vacation[]> {
  if (rows.length === 0) return [];
  const led = viewer && !viewer.isAdmin ? await ledDepartments(db, viewer) : undefined;
  const ids: string[] = [];
  for (const row of rows) {
    ids.push(row.calendarUserId);
    if (row.acceptedById !== null) ids.push(row.acceptedById);
    if (row.rejectedById !== null) ids.push(row.rejectedById);
    for (const c of row.comments) ids.push(c.calendarUserId);
  }
  const users = await loadUsers(db, ids, led);
  const shaped: Vacation[] = [];
  for (const row of rows) {
    const owner = users.get(row.calendarUserId);
    // the owner's deletion removes the vacation (cascade): one deleted meanwhile is left out
    if (!owner) continue;
    const canManage = viewer !== null && (viewer.isAdmin || (owner._count?.userDepartments ?? 0) > 0);
    shaped.push(toVacation(row, owner, users, canManage));
  }
  return shaped;
}

export const vacationEntity = defineEntity<Vacation>({
  typeName: "Vacation",
  async loadMany(db, ids, viewer) {
    const rows = await db.vacation.findMany({ where: { id: { in: [...ids] } }, include: vacationInclude });
    return shapeVacations(db, rows, viewer);
  },
});

export const vacationTypeEntity = defineEntity<VacationType>({
  typeName: "VacationType",
  async loadMany(db, ids) {
    return (await db.vacationType.findMany({ where: { id: { in: [...ids] } } })).map(toVacationType);
  },
});

export const vacationCommentEntity = defineEntity<VacationComment>({
  typeName: "VacationComment",
  async loadMany(db, ids) {
    const comments = await db.vacationComment.findMany({ where: { id: { in: [...ids] } } });
    return shapeComments(comments, await loadUsers(db, comments.map((c) => c.calendarUserId)));
  },
});

export const vacationDateEntity = defineEntity<VacationDate>({
  typeName: "VacationDate",
  async loadMany(db, ids) {
    return (await db.vacationDate.findMany({ where: { id: { in: [...ids] } } })).map(toVacationDate);
  },
});

/** The Prisma condition for a vacation filter. */
export function vacationWhere(filter: VacationFilter | undefined | null, searchIds?: string[]): Prisma.VacationWhereInput {
  if (!filter) return {};
  const and: Prisma.VacationWhereInput[] = [];
  if (filter.search) {
    // both texts are stored lower-cased, so the match is case-insensitive on every database
    // matched by id: the contract's fields only, LIKE wildcards literal (src/services/search-text.ts)
    const needle = filter.search.toLowerCase();
    and.push(searchIds ? { id: { in: searchIds } } : { OR: [{ searchText: { contains: needle } }, { calendarUser: { searchText: { contains: needle } } }] });
  }
  if (filter.calendarUser) and.push({ calendarUserId: { in: filter.calendarUser } });
  if (filter.vacationYear) and.push({ vacationYear: { in: filter.vacationYear } });
  if (filter.status) and.push({ status: { in: filter.status } });
  if (filter.vacationType) and.push({ vacationTypeId: { in: filter.vacationType } });
  if (filter.issueDate) and.push({ issueDate: { in: filter.issueDate } });
  if (filter.vacationTypeIsActive) {
    // booleans have no `in`; an empty OR matches nothing, like an empty `in`
    and.push({ OR: [...new Set(filter.vacationTypeIsActive)].map((isActive) => ({ vacationType: { isActive } })) });
  }
  if (filter.calendarUserCanLogIn != null) and.push({ calendarUser: { canLogIn: filter.calendarUserCanLogIn } });
  const range = filter.vacationDatesDate;
  if (range) {
    // all bounds apply to the same day: a vacation matches when one of its days lies in the range
    const date: Prisma.DateTimeFilter = {};
    if (range.before) date.lte = range.before;
    if (range.strictlyBefore) date.lt = range.strictlyBefore;
    if (range.after) date.gte = range.after;
    if (range.strictlyAfter) date.gt = range.strictlyAfter;
    if (Object.keys(date).length > 0) and.push({ dates: { some: { date } } });
  }
  return { AND: and };
}

const ORDER_KEYS = {
  vacationYear: (dir: "asc" | "desc") => ({ vacationYear: dir }),
  status: (dir: "asc" | "desc") => ({ status: dir }),
  vacationTypeName: (dir: "asc" | "desc") => ({ vacationType: { name: dir } }),
  issueDate: (dir: "asc" | "desc") => ({ issueDate: dir }),
  createdAt: (dir: "asc" | "desc") => ({ createdAt: dir }),
  updatedAt: (dir: "asc" | "desc") => ({ updatedAt: dir }),
  // the earliest day is stored on the vacation (firstDate); a vacation without days sorts last either way
  vacationDatesDate: (dir: "asc" | "desc") => ({ firstDate: { sort: dir, nulls: "last" as const } }),
} satisfies Record<keyof VacationOrder, (dir: "asc" | "desc") => Prisma.VacationOrderByWithRelationInput>;

/** E7: the vacation list, filtered, ordered (default: vacation year ascending, then id) and paginated. */
export async function listVacations(
  db: Db,
  viewer: Viewer,
  args: { filter?: VacationFilter | null; order?: VacationOrder[] | null } & PageRequest,
  maxUnpaginated: number,
): Promise<VacationCollection> {
  const where = vacationWhere(args.filter, args.filter?.search ? await vacationIdsMatching(db, args.filter.search) : undefined);
  const orderBy = buildOrderBy<keyof VacationOrder, Prisma.VacationOrderByWithRelationInput>(
    args.order,
    ORDER_KEYS,
    "vacationYear",
    (dir) => ({ id: dir }),
  );
  const window = pageWindow(args, maxUnpaginated);
  const [total, rows] = await Promise.all([
    db.vacation.count({ where }),
    window.take === 0
      ? Promise.resolve([] as VacationRow[])
      : db.vacation.findMany({ where, orderBy, skip: window.skip, take: window.take, include: vacationInclude }),
  ]);
  const items = await shapeVacations(db, rows, viewer);
  return { items, paginationInfo: paginationInfo(window, total, items.length) };
}
