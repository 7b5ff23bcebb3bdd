import type { AuthedContext } from "../../context";
import type { UserFilter } from "../../inputs/people/user-filter.input";
import type { UserOrder } from "../../inputs/people/user-order.input";
import type { UserCollection } from "../../types/people/user.type";
import { buildOrderBy } from "../shared/ordering";
import { pagedList, pageWindow, type PageRequest } from "../shared/pagination";
import type { Selection } from "../shared/look-ahead";
import { USER_ORDER_COLUMNS, USERS_PAGE, type UserOrderTerm } from "./people.read";
import type { CreateShortcutInput } from "../../inputs/people/create-shortcut.input";
import type { Shortcut } from "../../types/people/shortcut.type";
import { lockRow, retryOnUniqueViolation } from "../shared/retry";

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
  return pagedList(read, selection, window, USERS_PAGE, { viewer, filter: args.filter, terms });
}

const SELECT = { id: true, weight: true, name: true, viewUrl: true, isOpenedInNewTab: true } as const;

/**
 * E20: the shortcut belongs to the caller and goes after their existing ones. Weights are unique
 * per user (a unique index): one user's creations take turns on the user's row, so each reads the
 * weight the one before wrote; a race lost all the same is run again.
 */
export async function createShortcut({ db, viewer }: AuthedContext, input: CreateShortcutInput): Promise<Shortcut> {
  const userId = viewer.id;
  const race = { attempts: 3, conflict: "Another shortcut was created at the same moment; try again." };
  return retryOnUniqueViolation(race, () =>
    db.$transaction(async (tx) => {
      await lockRow(tx, "User", userId);
      const last = await tx.shortcut.aggregate({ where: { userId }, _max: { weight: true } });
      return tx.shortcut.create({
        data: {
          userId,
          weight: (last._max.weight ?? 0) + 1,
          name: input.name,
          viewUrl: input.viewUrl,
          isOpenedInNewTab: input.isOpenedInNewTab,
        },
        select: SELECT,
      });
    }),
  );
}
