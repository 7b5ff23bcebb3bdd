import type { AuthedContext } from "../../context";
import type { VacationFilter } from "../../inputs/vacation/vacation-filter.input";
import type { VacationOrder } from "../../inputs/vacation/vacation-order.input";
import type { VacationCollection } from "../../types/vacation/vacation.type";
import { buildOrderBy } from "../shared/ordering";
import { pagedList, pageWindow, type PageRequest } from "../shared/pagination";
import type { Selection } from "../shared/look-ahead";
import { VACATION_ORDER_COLUMNS, VACATIONS_PAGE, type VacationOrderTerm } from "./vacation.read";

/**
 * E7: the vacation list, filtered, ordered (default: vacation year ascending, then id) and
 * paginated: one statement for the page with everything selected inside it and the total, each
 * only when selected (`pageStatement`).
 */
export function listVacations(
  { read, viewer, config }: AuthedContext,
  args: { filter?: VacationFilter | null; order?: VacationOrder[] | null } & PageRequest,
  selection: Selection,
): Promise<VacationCollection> {
  const terms = buildOrderBy(args.order, VACATION_ORDER_COLUMNS, "vacationYear", (dir): VacationOrderTerm => ({ column: "v.id", dir }));
  const window = pageWindow(args, config.maxUnpaginatedItems);
  return pagedList(read, selection, window, VACATIONS_PAGE, { viewer, filter: args.filter, terms });
}
