import type { Db, DbTx, Prisma } from "../../db/client";
import type { Viewer } from "../../auth/authenticate";
import type { VacationFilter } from "../../inputs/vacation/vacation-filter.input";
import type { VacationOrder } from "../../inputs/vacation/vacation-order.input";
import type { Vacation } from "../../types/vacation/vacation.type";
import type { VacationCollection } from "../../types/vacation/vacation-collection.type";
import type { VacationComment } from "../../types/vacation/vacation-comment.type";
import type { VacationDate } from "../../types/vacation/vacation-date.type";
import type { VacationType } from "../../types/vacation/vacation-type.type";
import { toCalendarUserRef, userRefInclude, type UserRefRow } from "../people/user-refs.mapper";
import { defineEntity } from "../../federation/entity-registry";
import { buildOrderBy } from "../shared/ordering";
import { pageWindow, paginationInfo, type PageRequest } from "../shared/pagination";
import type { ReadDb } from "../../db/kysely";
import { inList, toInt } from "../../db/row-values";
import { Selection } from "../shared/look-ahead";
import { selectVacations, toVacations, VACATION_ORDER_COLUMNS, vacationFilterWhere, vacationOrder, type VacationOrderTerm } from "./vacation.read";

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

export const vacationEntity = defineEntity<Vacation>({
  typeName: "Vacation",
  /** A batch of vacations in one statement. */
  async loadMany(_db, ids, viewer, read) {
    const rows = await selectVacations(read, viewer, Selection.all())
      .where((eb) => inList(read.kind, eb.ref("v.id"), ids))
      .execute();
    return toVacations(rows, viewer);
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

/**
 * E7: the vacation list, filtered, ordered (default: vacation year ascending, then id) and
 * paginated: one statement for the page with everything selected inside it, one for the total
 * when `paginationInfo` is selected.
 */
export async function listVacations(
  read: ReadDb,
  viewer: Viewer,
  args: { filter?: VacationFilter | null; order?: VacationOrder[] | null } & PageRequest,
  maxUnpaginated: number,
  selection: Selection,
): Promise<VacationCollection> {
  const terms = buildOrderBy<keyof VacationOrder, VacationOrderTerm>(args.order, VACATION_ORDER_COLUMNS, "vacationYear", (dir) => ({ column: "v.id", dir }));
  const window = pageWindow(args, maxUnpaginated);
  const page =
    selection.has("items") && window.take > 0
      ? vacationOrder(vacationFilterWhere(read, selectVacations(read, viewer, selection.get("items")), args.filter), terms)
          .limit(window.take)
          .offset(window.skip)
          .execute()
      : Promise.resolve([]);
  const total = selection.has("paginationInfo")
    ? vacationFilterWhere(read, read.db.selectFrom("Vacation as v").select((eb) => eb.fn.countAll().as("n")), args.filter)
        .executeTakeFirstOrThrow()
        .then((r) => toInt(r.n as number))
    : Promise.resolve(0);
  const [rows, totalCount] = await Promise.all([page, total]);
  const items = toVacations(rows, viewer);
  return { items, paginationInfo: paginationInfo(window, totalCount, items.length) };
}
