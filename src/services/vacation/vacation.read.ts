import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import { Vacation, VacationComment, VacationDate, VacationType } from "../../types/vacation/vacation.type";
import type { VacationFilter } from "../../inputs/vacation/vacation-filter.input";
import type { VacationOrder } from "../../inputs/vacation/vacation-order.input";
import type { StatementBuilder } from "../../db/statements";
import { escapeLike } from "../shared/search-text";
import { rules } from "../../auth/rules";
import {
  column,
  columnsOf,
  entityOf,
  group,
  list,
  object,
  probe,
  readModel,
  required,
  rowsOf,
  ruleFlag,
  shapeOf,
  tally,
} from "../shared/read-model";
import { pageStatement } from "../shared/pagination";
import { userSummary } from "../shared/user-refs";

type From = Tables & { v: Tables["Vacation"] };
type Eb = ExpressionBuilder<From, "v">;

const vacationTypeModel = readModel<VacationType>(columnsOf(VacationType, "vt"));
const vacationDateModel = readModel<VacationDate>(columnsOf(VacationDate, "vd"));
const vacationCommentModel = readModel<VacationComment>({
  ...columnsOf(VacationComment, "vc"),
  calendarUser: required(userSummary("vc.calendarUserId")),
});

/**
 * `Vacation`, read in one statement: the owner, acceptor and rejecter summaries, the type, the
 * dates and the comments (with their authors) as JSON, the day count as a count over the
 * vacation's own dates (the (vacationId, date) index: its cost follows the page, not the table),
 * and `permissions.canManage` as the rule's condition; each only when selected.
 */
const vacationModel = readModel<Vacation>({
  ...columnsOf(Vacation, "v"),
  id: column("v.id", String, true),
  calendarUser: required(userSummary("v.calendarUserId")),
  vacationType: required(object(vacationTypeModel, rowsOf("VacationType as vt", "vt.id", "v.vacationTypeId"))),
  daysCount: tally("VacationDate as dc", "dc.vacationId", "v.id"),
  vacationComments: list(vacationCommentModel, rowsOf("VacationComment as vc", "vc.vacationId", "v.id", "vc.createdAt", "vc.id")),
  vacationDates: list(vacationDateModel, rowsOf("VacationDate as vd", "vd.vacationId", "v.id", "vd.date", "vd.id")),
  acceptedBy: userSummary("v.acceptedById"),
  rejectedBy: userSummary("v.rejectedById"),
  permissions: group({ canManage: ruleFlag("manageVacationsOf", rules.manageVacationsOf, "v.calendarUserId") }),
});

export interface VacationsArgs {
  viewer: Viewer;
  filter?: VacationFilter | null;
  terms: readonly VacationOrderTerm[];
}

type Filter = Partial<Record<keyof VacationFilter, unknown>> & {
  vacationTypeIsActive?: boolean[];
  calendarUserCanLogIn?: boolean;
  vacationDatesDate?: Partial<Record<"before" | "strictlyBefore" | "after" | "strictlyAfter", unknown>>;
};

const firstYear = (a: VacationsArgs) => a.filter!.vacationYear![0];
const yearTexts = (a: VacationsArgs) => a.filter!.vacationYear!.map(String);

/** The conditions of a vacation filter, as SQL on `v`; the values are the statement's parameters. */
function vacationFilterWhere<O>(
  b: StatementBuilder<VacationsArgs>,
  q: SelectQueryBuilder<From, "v", O>,
  f: Filter,
): SelectQueryBuilder<From, "v", O> {
  const given = <K extends keyof VacationFilter>(key: K) => b.param((a) => a.filter![key] as NonNullable<VacationFilter[K]>);
  const owner = (eb: Eb) => probe(eb, "User as cu", "cu.id", "v.calendarUserId");
  if (f.search) {
    // both texts are stored lower-cased, so the match is case-insensitive on every database
    const pattern = () => b.param((a) => `%${escapeLike(a.filter!.search!.toLowerCase())}%`);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`${sql.ref("v.searchText")} like ${pattern()} escape '\\'`,
        // the calendar user's names and e-mail: their search text without its trailing " <shortCode>"
        eb.exists(
          owner(eb).where(
            sql<boolean>`substr(${sql.ref("cu.searchText")}, 1, length(${sql.ref("cu.searchText")}) - length(${sql.ref("cu.shortCode")}) - 1) like ${pattern()} escape '\\'`,
          ),
        ),
      ]),
    );
  }
  if (f.calendarUser) q = q.where((eb) => b.inList(eb.ref("v.calendarUserId"), given("calendarUser")));
  // one year (the usual filter) as an equality: the (vacationYear, issueDate, id) index then gives the page newest first without a sort
  if (f.vacationYear === "one") q = q.where("v.vacationYear", "=", b.param(firstYear));
  else if (f.vacationYear) q = q.where((eb) => b.inList(eb.ref("v.vacationYear"), b.param(yearTexts), "int"));
  if (f.status) q = q.where((eb) => b.inList(eb.ref("v.status"), given("status"), "text"));
  if (f.vacationType) q = q.where((eb) => b.inList(eb.ref("v.vacationTypeId"), given("vacationType")));
  if (f.issueDate) {
    const days = b.param((a) => a.filter!.issueDate!.map((day) => b.timestampText(day)));
    q = q.where((eb) => b.inList(eb.ref("v.issueDate"), days, "date"));
  }
  if (f.vacationTypeIsActive) {
    // booleans are literals (SQLite binds no booleans): one comparison per distinct value, in the shape
    const values = f.vacationTypeIsActive;
    const type = probe(b.db, "VacationType as ft", "ft.id", "v.vacationTypeId");
    q = q.where((eb) => eb.exists(type.where((e) => e.or(values.map((active) => e("ft.isActive", "=", sql.lit(active)))))));
  }
  if (f.calendarUserCanLogIn !== undefined)
    q = q.where((eb) => eb.exists(owner(eb).where("cu.canLogIn", "=", sql.lit(f.calendarUserCanLogIn!))));
  const range = f.vacationDatesDate;
  if (range && Object.keys(range).length > 0) {
    // all bounds apply to the same day: a vacation matches when one of its days lies in the range
    q = q.where((eb) => {
      let days = probe(eb, "VacationDate as fd", "fd.vacationId", "v.id");
      const bounds = { before: "<=", strictlyBefore: "<", after: ">=", strictlyAfter: ">" } as const;
      for (const [bound, op] of Object.entries(bounds) as Array<[keyof typeof bounds, string]>) {
        if (range[bound] === undefined) continue;
        const day = b.day(b.param((a) => a.filter!.vacationDatesDate![bound]!));
        days = days.where(sql<boolean>`${sql.ref("fd.date")} ${sql.raw(op)} ${day}`);
      }
      return eb.exists(days);
    });
  }
  return q;
}

export const VACATION_ORDER_COLUMNS = {
  vacationYear: (dir: "asc" | "desc") => ({ column: "v.vacationYear", dir }) as const,
  status: (dir: "asc" | "desc") => ({ column: "v.status", dir }) as const,
  vacationTypeName: (dir: "asc" | "desc") => ({ column: "vacationTypeName", dir }) as const,
  issueDate: (dir: "asc" | "desc") => ({ column: "v.issueDate", dir }) as const,
  createdAt: (dir: "asc" | "desc") => ({ column: "v.createdAt", dir }) as const,
  updatedAt: (dir: "asc" | "desc") => ({ column: "v.updatedAt", dir }) as const,
  // the earliest day is stored on the vacation (firstDate); a vacation without days sorts last either way
  vacationDatesDate: (dir: "asc" | "desc") => ({ column: "firstDate", dir }) as const,
} satisfies Record<keyof VacationOrder, (dir: "asc" | "desc") => VacationOrderTerm>;

export interface VacationOrderTerm {
  column: "v.vacationYear" | "v.status" | "vacationTypeName" | "v.issueDate" | "v.createdAt" | "v.updatedAt" | "firstDate" | "v.id";
  dir: "asc" | "desc";
}

/** Whether a filter's shape is one year and nothing else. */
function isOneYear(filter: Filter | undefined): boolean {
  return filter?.vacationYear === "one" && Object.keys(filter).length === 1;
}

/** E7: a page of vacations (the model's columns for the selection, the filter, the order, the window) and how many the filter matches (one statement, `pageStatement`). */
export const VACATIONS_PAGE = pageStatement(
  "vacations.page",
  vacationModel,
  "Vacation as v",
  (a: VacationsArgs) => ({ filter: shapeOf(a.filter) as Filter, terms: a.terms }),
  (b, s, q) => vacationFilterWhere(b, q as never, s.filter ?? {}) as never,
  (_b, s, query) => {
    let q = query as unknown as SelectQueryBuilder<From, "v", Record<string, unknown>>;
    for (const { column, dir } of s.terms) {
      if (column === "vacationTypeName")
        q = q.orderBy((eb) => eb.selectFrom("VacationType as ot").select("ot.name").whereRef("ot.id", "=", "v.vacationTypeId"), dir);
      else if (column === "firstDate") q = q.orderBy(sql`${sql.ref("v.firstDate")} ${sql.raw(dir)} nulls last`);
      else q = q.orderBy(column, dir);
    }
    return q as never;
  },
  // filtered by person, status or several years, the page is a window of a sort; of one year alone, newest or by year
  // first, it is a walk of an index ((vacationYear, issueDate, id), (vacationYear, id)) that SQLite stops after the
  // window, and reading the keys first costs more (better-sqlite3, scale 4, best of 15: the benchmark's page 143 -> 125 us a
  // statement, by year 127 -> 108; a year and a status keep the keys first: 250 either way)
  {
    keysFirst: ({ filter, terms }) => !(isOneYear(filter) && (terms[0]?.column === "v.issueDate" || terms[0]?.column === "v.vacationYear")),
  },
);

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

/** A batch of vacations in one statement. */
export const vacationEntity = entityOf(Vacation, vacationModel, "Vacation as v", rules.calendar);
export const vacationTypeEntity = entityOf(VacationType, vacationTypeModel, "VacationType as vt", rules.signedIn);
export const vacationCommentEntity = entityOf(VacationComment, vacationCommentModel, "VacationComment as vc", rules.calendar);
export const vacationDateEntity = entityOf(VacationDate, vacationDateModel, "VacationDate as vd", rules.calendar);
