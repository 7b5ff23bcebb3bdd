import type { AuthedContext } from "../../context";
import type { VacationFilter } from "../../inputs/vacation/vacation-filter.input";
import type { VacationOrder } from "../../inputs/vacation/vacation-order.input";
import type { VacationCollection } from "../../types/vacation/vacation-collection.type";
import { buildOrderBy } from "../shared/ordering";
import { pageWindow, paginationInfo, type PageRequest } from "../shared/pagination";
import { toInt } from "../../db/row-values";
import { Selection } from "../shared/look-ahead";
import { selectVacations, toVacations, VACATION_ORDER_COLUMNS, vacationFilterWhere, vacationOrder, type VacationOrderTerm } from "./vacation.read";

/**
 * E7: the vacation list, filtered, ordered (default: vacation year ascending, then id) and
 * paginated: one statement for the page with everything selected inside it, one for the total
 * when `paginationInfo` is selected.
 */
export async function listVacations(
  { read, viewer, config }: AuthedContext,
  args: { filter?: VacationFilter | null; order?: VacationOrder[] | null } & PageRequest,
  selection: Selection,
): Promise<VacationCollection> {
  const terms = buildOrderBy<keyof VacationOrder, VacationOrderTerm>(args.order, VACATION_ORDER_COLUMNS, "vacationYear", (dir) => ({ column: "v.id", dir }));
  const window = pageWindow(args, config.maxUnpaginatedItems);
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
  const items = toVacations(rows);
  return { items, paginationInfo: paginationInfo(window, totalCount, items.length) };
}
