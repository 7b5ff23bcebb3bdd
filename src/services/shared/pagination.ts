import type { PaginationInfo } from "../../types/shared/pagination-info.type";
import { DEFAULT_ITEMS_PER_PAGE, DEFAULT_PAGE } from "../../domain/paging";
import type { ReadPort } from "../../db/database";
import type { SelectQueryBuilder } from "kysely";
import { statement, type Statement, type StatementBuilder } from "../../db/statements";
import type { Tables } from "../../db/tables";
import { parseJson, toInt } from "../../db/row-values";
import type { Viewer } from "../../auth/authenticate";
import type { Selection } from "./look-ahead";
import { modelBuild, type ReadModel } from "./read-model";

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

/**
 * Turns page arguments into an offset window. Unpaginated requests are capped at `maxUnpaginated`
 * (an operation without a `pagination` argument is always paged, and gives none).
 */
export function pageWindow(request: PageRequest, maxUnpaginated = 0): PageWindow {
  if (request.pagination === false) {
    return { skip: 0, take: maxUnpaginated, page: 1, itemsPerPage: maxUnpaginated, unpaginated: true };
  }
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

/** The page arguments of a statement that reads the page and its count together: the items' selection, the window, whether the document wants the items and the total. */
export type PageArgs = ListPage & { items: boolean; total: boolean };

/** A list's page arguments from its selection and window (E6, E12, and the paged lists below). */
export function pageOf(selection: Selection, window: PageWindow): PageArgs {
  return {
    sel: selection.get("items"),
    take: window.take,
    skip: window.skip,
    items: selection.has("items") && window.take > 0,
    total: selection.has("paginationInfo"),
  };
}

type Query = SelectQueryBuilder<Tables & Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

/** A paged list's statement: `json` the page as one JSON array beside the total (paginated), else the page's rows, each with the total when it is selected, or the total alone. */
type PageStatementArgs = PageArgs & { json: boolean };
type PageRow = { total?: unknown; page?: unknown } & Record<string, unknown>;
/** A paged list's statement, with the read model of its items. */
export type PageStatement<A, T> = Statement<A & PageStatementArgs, PageRow> & { model: ReadModel<T> };

/**
 * A paginated list (`users`, `vacations`): the rows of `table` that `where` keeps, in `order`,
 * windowed, with the model's selection, and how many there are. On PostgreSQL the page (a JSON array) and the
 * count are ONE statement, as PostGraphile reads them: a round trip fewer (profile of the vacations
 * page with two: `writev` to the sockets 31% of the server's CPU, pg and Kysely's per-statement path
 * 25%; with one: 22% and 11%). SQLite reads it the same way: its worker thread (src/db/sqlite-reader.ts)
 * builds the JSON, and the event loop takes one string and parses it once, as pg does, instead of
 * the page's rows cloned between the threads and each nested list parsed apart (the event loop was
 * the SQLite server's bottleneck, its worker mostly idle). An unpaginated list (see `pagedList`) is
 * read as rows, each with the count beside it as a subquery the database computes once.
 *
 * `keysFirst`, for a shape whose order is mostly a sort (not an index's): on SQLite (`selectsBeforeSorting`) the window's
 * keys are sorted and windowed first, by the order terms and the id alone, and the model's columns
 * read for the page's rows only. SQLite computes a row's selected columns (the summaries' and
 * lists' subqueries) before it sorts, so for every row the filter keeps (the vacations page of
 * the benchmark: 317 rows for 30; statement 285-306 -> 211-233 us of CPU, better-sqlite3, scale 4).
 * Where an index gives the order, SQLite stops after the window's rows anyway and the join back
 * costs more than it saves (users page: 117 -> 132 us). PostgreSQL puts the columns off until
 * after the sort and limit by itself.
 */
export function pageStatement<A extends { viewer: Viewer }, S extends object, T>(
  name: string,
  model: ReadModel<T>,
  table: string,
  shape: (args: A) => S,
  where: (b: StatementBuilder<A & PageStatementArgs>, s: S, q: Query) => Query,
  order: (b: StatementBuilder<A & PageStatementArgs>, s: S, q: Query) => Query,
  { keysFirst = () => false }: { keysFirst?: (s: S) => boolean } = {},
): PageStatement<A, T> {
  const declared: Statement<A & PageStatementArgs, PageRow> = statement(
    name,
    (a: A & PageStatementArgs) => {
      const s = shape(a);
      return {
        ...s,
        items: a.items,
        total: a.total,
        json: a.json,
        ...(a.items ? { sel: a.sel, forms: model.forms(a.viewer) } : { sel: null, forms: {} }),
      };
    },
    (b, s) => {
      const rows = () => where(b, s, b.db.selectFrom(table as "User") as unknown as Query);
      const count = () => rows().select((eb) => eb.fn.countAll().as("total"));
      const window = (q: Query) => q.limit(b.param((a) => a.take)).offset(b.param((a) => a.skip));
      const selected = (q: Query) => order(b, s, model.select(modelBuild(b, s.forms), q, s.sel!));
      const page = () => {
        if (!(s.json && b.selectsBeforeSorting && keysFirst(s))) return window(selected(rows()));
        const alias = table.slice(table.lastIndexOf(" ") + 1);
        const keys = window(order(b, s, rows().select(`${alias}.id as pageId` as never)));
        // a cross join: SQLite keeps the window as the outer loop and looks each row up by its id
        const onPage = b.db
          .selectFrom(keys.as("pk") as never)
          .crossJoin(table as "User")
          .whereRef(`${alias}.id` as never, "=", "pk.pageId" as never);
        return selected(onPage as unknown as Query);
      };
      // the count as an uncorrelated subquery: both databases compute it once for the statement
      if (!s.json) return (s.items ? (s.total ? page().select(count().as("total") as never) : page()) : count()) as never;
      return b.db.selectNoFrom(() => [
        ...(s.total ? [count().as("total")] : []),
        ...(s.items ? [b.jsonArray(page() as never).as("page")] : []),
      ]) as never;
    },
  );
  return Object.assign(declared, { model });
}

/**
 * A paginated list read by its `pageStatement`, the items and the total each only when selected;
 * the page's JSON rows are the model's own (its mapper may answer with them, `ReadModel.mapper`).
 */
export async function pagedList<A, T>(
  read: ReadPort,
  selection: Selection,
  window: PageWindow,
  statement: PageStatement<A, T>,
  args: A,
): Promise<{ items: T[]; paginationInfo: PaginationInfo }> {
  const slice = pageOf(selection, window);
  // an unpaginated list (up to MAX_UNPAGINATED_ITEMS rows, the heavy documents) is read as rows on either database: as one
  // JSON text PostgreSQL builds it whole before the first byte leaves, and the text and its objects are held at once
  if (!window.unpaginated) {
    const row = slice.items || slice.total ? await read.first(statement, { ...args, ...slice, json: true }) : undefined;
    return {
      items: (parseJson<PageRow[] | undefined>(row?.page) ?? []).map(statement.model.mapper(slice.sel, "", true)),
      paginationInfo: paginationInfo(window, toInt(row?.total as number)),
    };
  }
  const rows = slice.items ? await read.all(statement, { ...args, ...slice, json: false }) : [];
  // the rows carry the total; with no rows it is 0 on the first page, and past it (or with no items read) the count runs alone
  let total = 0;
  if (slice.total && rows.length > 0) total = toInt(rows[0].total as number);
  else if (slice.total && (!slice.items || slice.skip > 0))
    total = toInt((await read.first(statement, { ...args, ...slice, items: false, json: false }))?.total as number);
  return { items: rows.map(statement.model.mapper(slice.sel)), paginationInfo: paginationInfo(window, total) };
}
