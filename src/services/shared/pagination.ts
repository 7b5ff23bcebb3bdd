import type { PaginationInfo } from "../../types/shared/pagination-info.type";
import { DEFAULT_ITEMS_PER_PAGE, DEFAULT_PAGE } from "../../domain/paging";

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

export function paginationInfo(window: PageWindow, totalCount: number, returned: number): PaginationInfo {
  if (window.unpaginated) {
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
