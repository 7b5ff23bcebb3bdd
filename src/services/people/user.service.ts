import type { AuthedContext } from "../../context";
import type { UserFilter } from "../../inputs/people/user-filter.input";
import type { UserOrder } from "../../inputs/people/user-order.input";
import type { UserCollection } from "../../types/people/user-collection.type";
import { buildOrderBy } from "../shared/ordering";
import { pageWindow, paginationInfo, type PageRequest } from "../shared/pagination";
import { toInt } from "../../db/row-values";
import { Selection } from "../shared/look-ahead";
import { selectUsers, toUser, USER_ORDER_COLUMNS, userFilterWhere, userOrder, type UserOrderTerm } from "./people.read";

/**
 * E8: the user list. One statement for the page (departments, SSO providers, names and
 * `canManage` inside it, each only when selected) and one for the total, only when
 * `paginationInfo` is selected. With `userDepartmentLeaderOrder` the department's leaders come
 * first or last by an ORDER BY term, so the page window runs across both parts in SQL.
 */
export async function listUsers(
  { read, viewer, config }: AuthedContext,
  args: { filter?: UserFilter | null; order?: UserOrder[] | null } & PageRequest,
  selection: Selection,
): Promise<UserCollection> {
  const terms = buildOrderBy<keyof UserOrder, UserOrderTerm>(args.order, USER_ORDER_COLUMNS, "lastName", (dir) => ["u.id", dir]);
  const window = pageWindow(args, config.maxUnpaginatedItems);
  const itemSelection = selection.get("items");
  const wantItems = selection.has("items") && window.take > 0;
  const wantTotal = selection.has("paginationInfo");

  const page = wantItems
    ? userOrder(userFilterWhere(read, selectUsers(read, viewer, itemSelection), args.filter), args.filter, terms)
        .limit(window.take)
        .offset(window.skip)
        .execute()
    : Promise.resolve([]);
  const total = wantTotal
    ? userFilterWhere(read, read.db.selectFrom("User as u").select((eb) => eb.fn.countAll().as("n")), args.filter)
        .executeTakeFirstOrThrow()
        .then((r) => toInt(r.n as number))
    : Promise.resolve(0);
  const [rows, totalCount] = await Promise.all([page, total]);
  const items = rows.map(toUser);
  return { items, paginationInfo: paginationInfo(window, totalCount, items.length) };
}
