import type { AuthedContext } from "../../context";
import type { UserFilter } from "../../inputs/people/user-filter.input";
import type { UserOrder } from "../../inputs/people/user-order.input";
import type { UserCollection } from "../../types/people/user.type";
import { buildOrderBy } from "../shared/ordering";
import { pagedList, pageWindow, type PageRequest } from "../shared/pagination";
import type { Selection } from "../shared/look-ahead";
import { USER_ORDER_COLUMNS, USERS_PAGE, userModel, type UserOrderTerm } from "./people.read";

/**
 * E8: the user list. One statement for the page (departments, SSO providers, names and
 * `canManage` inside it, each only when selected) and the total (when `paginationInfo` is
 * selected, `pageStatement`). With `userDepartmentLeaderOrder` the department's leaders come
 * first or last by an ORDER BY term, so the page window runs across both parts in SQL.
 */
export function listUsers(
  { read, viewer, config }: AuthedContext,
  args: { filter?: UserFilter | null; order?: UserOrder[] | null } & PageRequest,
  selection: Selection,
): Promise<UserCollection> {
  const terms = buildOrderBy<keyof UserOrder, UserOrderTerm>(args.order, USER_ORDER_COLUMNS, "lastName", (dir) => ["u.id", dir]);
  const window = pageWindow(args, config.maxUnpaginatedItems);
  return pagedList(read, selection, window, USERS_PAGE, { viewer, filter: args.filter, terms }, (rows, sel, own) =>
    rows.map(userModel.mapper(sel, "", own)),
  );
}
