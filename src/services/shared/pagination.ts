import type { PaginationInfo } from "../../types/shared/pagination-info.type";
import { DEFAULT_ITEMS_PER_PAGE, DEFAULT_PAGE } from "../../domain/paging";
import type { ReadPort } from "../../db/database";
import type { Statement } from "../../db/statements";
import { toInt } from "../../db/row-values";
import type { Selection } from "./look-ahead";

/** Page arguments as they arrive; an explicit null means the default. */
export interface PageRequest {
  page?: number | null;
  itemsPerPage?: number | null;
  pagination?: boolean | null;
}


export interface PageWindow {
  skip: number;
  take: number;
  /** the page and page size the answer reports */
  page: number;
  itemsPerPage: number;
  unpaginated: boolean;
}

/** Turns page arguments into an offset window. Unpaginated requests are capped at `maxUnpaginated`. */
export function pageWindow(request: PageRequest, maxUnpaginated: number): PageWindow {
  if (request.pagination === false) {
    return { skip: 0, take: maxUnpaginated, page: 1, itemsPerPage: maxUnpaginated, unpaginated: true };
  }
  return pagedWindow(request);
}

/** The window of an operation that is always paged (it has no `pagination` argument). */
export function pagedWindow(request: Pick<PageRequest, "page" | "itemsPerPage">): PageWindow {
  const page = request.page ?? DEFAULT_PAGE;
  const itemsPerPage = request.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  return { skip: (page - 1) * itemsPerPage, take: itemsPerPage, page, itemsPerPage, unpaginated: false };
}

/**
 * The page's facts from the window and the total alone, never from the items read: a document
 * may select `paginationInfo` without `items`, and then no item is read at all.
 */
export function paginationInfo(window: PageWindow, totalCount: number): PaginationInfo {
  if (window.unpaginated) {
    const returned = Math.min(totalCount, window.take);
    return { page: 1, itemsPerPage: returned, totalCount, lastPage: 1, hasNextPage: totalCount > returned };
  }
  const lastPage = window.itemsPerPage > 0 ? Math.max(1, Math.ceil(totalCount / window.itemsPerPage)) : 1;
  return {
    page: window.page,
    itemsPerPage: window.itemsPerPage,
    totalCount,
    lastPage,
    hasNextPage: window.itemsPerPage > 0 && window.page * window.itemsPerPage < totalCount,
  };
}

/** What a page's statement reads besides its list's own arguments: the items' selection and the window. */
export interface ListPage {
  sel: Selection;
  take: number;
  skip: number;
}

/**
 * The page arguments of a statement that reads the page and its count together (E6, E12): the
 * items' selection and the window, and whether the document wants the items and the total.
 */
export function pageOf(selection: Selection, window: PageWindow): ListPage & { items: boolean; total: boolean } {
  return { sel: selection.get("items"), take: window.take, skip: window.skip, items: selection.has("items") && window.take > 0, total: selection.has("paginationInfo") };
}

/**
 * A paginated list (`users`, `vacations`): the page's statement, only when `items` is selected and
 * the window holds any, and the count's, only when `paginationInfo` is, side by side; `map` turns
 * the page's rows into items.
 */
export async function pagedList<A, R, T>(
  read: ReadPort,
  selection: Selection,
  window: PageWindow,
  statements: { page: Statement<A & ListPage, R>; count: Statement<A, { n: unknown }> },
  args: A,
  map: (rows: R[], sel: Selection) => T[],
): Promise<{ items: T[]; paginationInfo: PaginationInfo }> {
  const sel = selection.get("items");
  const [rows, total] = await Promise.all([
    selection.has("items") && window.take > 0 ? read.all(statements.page, { ...args, sel, take: window.take, skip: window.skip }) : [],
    selection.has("paginationInfo") ? read.first(statements.count, args).then((r) => toInt(r?.n as number)) : 0,
  ]);
  const items = map(rows, sel);
  return { items, paginationInfo: paginationInfo(window, total) };
}
