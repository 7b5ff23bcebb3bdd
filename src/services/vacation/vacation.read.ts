import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { ReadDb } from "../../db/kysely";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { Vacation } from "../../types/vacation/vacation.type";
import type { VacationComment } from "../../types/vacation/vacation-comment.type";
import type { VacationDate } from "../../types/vacation/vacation-date.type";
import type { VacationType } from "../../types/vacation/vacation-type.type";
import type { VacationFilter } from "../../inputs/vacation/vacation-filter.input";
import type { VacationOrder } from "../../inputs/vacation/vacation-order.input";
import { inList, parseJson, sqlTimestamp, toBool, toDateRequired, toInt } from "../../db/row-values";
import { escapeLike } from "../shared/search-text";
import { canManageVacationsOf } from "../../auth/policy";
import { personRuleSql } from "../../auth/policy-sql";
import { jsonArray, jsonObject } from "../shared/json";
import { Selection } from "../shared/look-ahead";
import { toCalendarUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { defineEntity } from "../../federation/entity-registry";

type From = Tables & { v: Tables["Vacation"] };
type VacationQuery<O> = SelectQueryBuilder<From, "v", O>;
type Eb = ExpressionBuilder<From, "v">;


const VACATION_COLUMNS = [
  "v.id", "v.calendarUserId", "v.vacationTypeId", "v.status", "v.description", "v.vacationYear", "v.issueDate",
  "v.acceptedById", "v.rejectedById", "v.fileGenerated", "v.createdAt", "v.updatedAt",
] as const;

/**
 * Vacations in one statement: the owner, acceptor and rejecter summaries, the type, the dates
 * and the comments (with their authors) as JSON, the day count as a count over the vacation's
 * own dates (the (vacationId, date) index: its cost follows the page, not the table), and
 * `permissions.canManage` as an EXISTS over the caller's led departments; each only when
 * selected, and each person's summary with only the fields selected of it. The owner is always
 * read: a vacation whose owner is gone is left out, as before.
 */
export function selectVacations(read: ReadDb, viewer: Viewer, sel: Selection) {
  const { db, kind } = read;
  const comments = sel.get("vacationComments");
  const wantManage = sel.get("permissions").has("canManage");
  return db
    .selectFrom("Vacation as v")
    .select(VACATION_COLUMNS)
    .select((eb) => userRefJson(kind, eb, "v.calendarUserId", sel.get("calendarUser")).as("owner"))
    .$if(sel.has("acceptedBy"), (q) => q.select((eb) => userRefJson(kind, eb, "v.acceptedById", sel.get("acceptedBy")).as("acceptedBy")))
    .$if(sel.has("rejectedBy"), (q) => q.select((eb) => userRefJson(kind, eb, "v.rejectedById", sel.get("rejectedBy")).as("rejectedBy")))
    .$if(sel.has("vacationType"), (q) =>
      q.select((eb) =>
        jsonObject(kind, eb.selectFrom("VacationType as vt").select(["vt.id", "vt.name", "vt.decrementVacation", "vt.isActive"]).whereRef("vt.id", "=", "v.vacationTypeId")).as(
          "vacationType",
        ),
      ),
    )
    .$if(sel.has("daysCount"), (q) =>
      q.select((eb) => eb.selectFrom("VacationDate as dc").select((e) => e.fn.countAll().as("n")).whereRef("dc.vacationId", "=", "v.id").as("daysCount")),
    )
    .$if(sel.has("vacationDates"), (q) =>
      q.select((eb) =>
        jsonArray(kind, eb.selectFrom("VacationDate as vd").select(["vd.id", "vd.date"]).whereRef("vd.vacationId", "=", "v.id").orderBy("vd.date").orderBy("vd.id")).as(
          "vacationDates",
        ),
      ),
    )
    .$if(sel.has("vacationComments"), (q) =>
      q.select((eb) =>
        jsonArray(
          kind,
          eb
            .selectFrom("VacationComment as vc")
            // a comment whose author is gone is left out, as the author's deletion removes it
            .innerJoin("User as ca", "ca.id", "vc.calendarUserId")
            .select(["vc.id", "vc.content", "vc.createdAt"])
            .$if(comments.has("calendarUser"), (cq) => cq.select((e) => userRefJson(kind, e, "vc.calendarUserId", comments.get("calendarUser")).as("calendarUser")))
            .whereRef("vc.vacationId", "=", "v.id")
            .orderBy("vc.createdAt")
            .orderBy("vc.id"),
        ).as("vacationComments"),
      ),
    )
    .$if(wantManage, (q) => q.select((eb) => personRuleSql(canManageVacationsOf, eb as never, viewer, "v.calendarUserId").as("canManage")));
}

interface VacationSqlRow {
  id: string;
  status: string;
  description: string;
  vacationYear: number;
  issueDate: string | Date;
  fileGenerated: boolean | number;
  createdAt: string | Date;
  updatedAt: string | Date;
  owner: unknown;
  acceptedBy?: unknown;
  rejectedBy?: unknown;
  vacationType?: unknown;
  daysCount?: number | string | null;
  vacationDates?: unknown;
  vacationComments?: unknown;
  canManage?: boolean | number | null;
}

interface VacationTypeJson {
  id: string;
  name: string;
  decrementVacation: boolean | number;
  isActive: boolean | number;
}

/** Statement rows as GraphQL `Vacation`s; rows whose owner is gone are left out. */
export function toVacations(rows: readonly unknown[]): Vacation[] {
  const out: Vacation[] = [];
  for (const raw of rows) {
    const row = raw as VacationSqlRow;
    const owner = userRefOf(row.owner);
    if (!owner) continue;
    const type = parseJson<VacationTypeJson | null | undefined>(row.vacationType);
    const optional = (value: unknown) => {
      const u = userRefOf(value);
      return u ? toCalendarUserRef(u) : null;
    };
    out.push({
      id: row.id,
      calendarUser: toCalendarUserRef(owner),
      vacationType: type
        ? { id: type.id, name: type.name, decrementVacation: toBool(type.decrementVacation), isActive: toBool(type.isActive) }
        : (undefined as never),
      status: row.status,
      daysCount: toInt(row.daysCount),
      description: row.description,
      vacationYear: row.vacationYear,
      issueDate: toDateRequired(row.issueDate),
      vacationComments: (parseJson<Array<{ id: string; content: string; createdAt: string; calendarUser?: unknown }> | undefined>(row.vacationComments) ?? []).map(
        (c) => ({ id: c.id, content: c.content, createdAt: toDateRequired(c.createdAt), calendarUser: toCalendarUserRef(userRefOf(c.calendarUser)!) }),
      ),
      vacationDates: (parseJson<Array<{ id: string; date: string }> | undefined>(row.vacationDates) ?? []).map((d) => ({ id: d.id, date: toDateRequired(d.date) })),
      acceptedBy: optional(row.acceptedBy),
      rejectedBy: optional(row.rejectedBy),
      fileGenerated: toBool(row.fileGenerated),
      createdAt: toDateRequired(row.createdAt),
      updatedAt: toDateRequired(row.updatedAt),
      permissions: { canManage: toBool(row.canManage ?? false) },
    });
  }
  return out;
}

/** The conditions of a vacation filter, as SQL on `v`. */
export function vacationFilterWhere<O>(read: ReadDb, q: VacationQuery<O>, filter: VacationFilter | null | undefined): VacationQuery<O> {
  if (!filter) return q;
  const { kind } = read;
  const f = filter;
  const owner = (eb: Eb) => eb.selectFrom("User as cu").select(sql.lit(1).as("one")).whereRef("cu.id", "=", "v.calendarUserId");
  if (f.search) {
    // both texts are stored lower-cased, so the match is case-insensitive on every database
    const pattern = `%${escapeLike(f.search.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`${sql.ref("v.searchText")} like ${pattern} escape '\\'`,
        // the calendar user's names and e-mail: their search text without its trailing " <shortCode>"
        eb.exists(
          owner(eb).where(
            sql<boolean>`substr(${sql.ref("cu.searchText")}, 1, length(${sql.ref("cu.searchText")}) - length(${sql.ref("cu.shortCode")}) - 1) like ${pattern} escape '\\'`,
          ),
        ),
      ]),
    );
  }
  if (f.calendarUser) q = q.where((eb) => inList(kind, eb.ref("v.calendarUserId"), f.calendarUser!));
  if (f.vacationYear) q = q.where((eb) => inList(kind, eb.ref("v.vacationYear"), f.vacationYear!.map(String), "int"));
  if (f.status) q = q.where((eb) => inList(kind, eb.ref("v.status"), f.status!.map(String), "text"));
  if (f.vacationType) q = q.where((eb) => inList(kind, eb.ref("v.vacationTypeId"), f.vacationType!));
  if (f.issueDate) {
    const days = f.issueDate.map((d) => sqlTimestamp(kind, d));
    q = q.where((eb) => inList(kind, eb.ref("v.issueDate"), days, "date"));
  }
  if (f.vacationTypeIsActive) {
    // booleans have no list parameter: one literal comparison per distinct value; none matches nothing
    const values = [...new Set(f.vacationTypeIsActive)];
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("VacationType as ft")
          .select(sql.lit(1).as("one"))
          .whereRef("ft.id", "=", "v.vacationTypeId")
          .where((e) => e.or(values.map((value) => e("ft.isActive", "=", sql.lit(value))))),
      ),
    );
  }
  if (f.calendarUserCanLogIn != null) {
    const canLogIn = f.calendarUserCanLogIn;
    q = q.where((eb) => eb.exists(owner(eb).where("cu.canLogIn", "=", sql.lit(canLogIn))));
  }
  const range = f.vacationDatesDate;
  if (range && (range.before || range.strictlyBefore || range.after || range.strictlyAfter)) {
    // all bounds apply to the same day: a vacation matches when one of its days lies in the range
    q = q.where((eb) => {
      let days = eb.selectFrom("VacationDate as fd").select(sql.lit(1).as("one")).whereRef("fd.vacationId", "=", "v.id");
      const bound = (op: "<=" | "<" | ">=" | ">", value: Date) => sql<boolean>`${sql.ref("fd.date")} ${sql.raw(op)} ${dayParam(read, value)}`;
      if (range.before) days = days.where(bound("<=", range.before));
      if (range.strictlyBefore) days = days.where(bound("<", range.strictlyBefore));
      if (range.after) days = days.where(bound(">=", range.after));
      if (range.strictlyAfter) days = days.where(bound(">", range.strictlyAfter));
      return eb.exists(days);
    });
  }
  return q;
}

/** A day (midnight UTC) as a parameter comparable with a DATE column: a date on PostgreSQL, the stored text on SQLite. */
function dayParam(read: ReadDb, value: Date) {
  return read.kind === "postgres" ? sql`${value.toISOString().slice(0, 10)}::date` : sql`${sqlTimestamp(read.kind, value)}`;
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

export function vacationOrder<O>(q: VacationQuery<O>, terms: readonly VacationOrderTerm[]): VacationQuery<O> {
  for (const { column, dir } of terms) {
    if (column === "vacationTypeName") {
      q = q.orderBy((eb) => eb.selectFrom("VacationType as ot").select("ot.name").whereRef("ot.id", "=", "v.vacationTypeId"), dir);
    } else if (column === "firstDate") {
      q = q.orderBy(sql`${sql.ref("v.firstDate")} ${sql.raw(dir)} nulls last`);
    } else {
      q = q.orderBy(column, dir);
    }
  }
  return q;
}

/** VacationType entities by id in one statement. */
export async function readVacationTypes(read: ReadDb, ids: readonly string[]): Promise<VacationType[]> {
  const rows = await read.db
    .selectFrom("VacationType as vt")
    .select(["vt.id", "vt.name", "vt.decrementVacation", "vt.isActive"])
    .where((eb) => inList(read.kind, eb.ref("vt.id"), ids))
    .execute();
  return rows.map((t) => ({ id: t.id, name: t.name, decrementVacation: toBool(t.decrementVacation), isActive: toBool(t.isActive) }));
}

/** VacationDate entities by id in one statement. */
export async function readVacationDates(read: ReadDb, ids: readonly string[]): Promise<VacationDate[]> {
  const rows = await read.db
    .selectFrom("VacationDate as vd")
    .select(["vd.id", "vd.date"])
    .where((eb) => inList(read.kind, eb.ref("vd.id"), ids))
    .execute();
  return rows.map((d) => ({ id: d.id, date: toDateRequired(d.date) }));
}

/**
 * VacationComment entities by id in one statement, each with its author's summary as JSON; a
 * comment whose author is gone is left out (the author's deletion removes it).
 */
export async function readVacationComments(read: ReadDb, ids: readonly string[]): Promise<VacationComment[]> {
  const rows = await read.db
    .selectFrom("VacationComment as vc")
    .select(["vc.id", "vc.content", "vc.createdAt"])
    .select((eb) => userRefJson(read.kind, eb, "vc.calendarUserId").as("author"))
    .where((eb) => inList(read.kind, eb.ref("vc.id"), ids))
    .execute();
  return rows.flatMap((c) => {
    const author = userRefOf(c.author);
    return author ? [{ id: c.id, content: c.content, calendarUser: toCalendarUserRef(author), createdAt: toDateRequired(c.createdAt) }] : [];
  });
}

// ─── entities: the area's @key types, loaded by the reads above (listed in src/schema/registry.ts) ───

export const vacationEntity = defineEntity<Vacation>({
  typeName: "Vacation",
  /** A batch of vacations in one statement. */
  async loadMany(_db, ids, viewer, read) {
    const rows = await selectVacations(read, viewer, Selection.all())
      .where((eb) => inList(read.kind, eb.ref("v.id"), ids))
      .execute();
    return toVacations(rows);
  },
});

export const vacationTypeEntity = defineEntity<VacationType>({
  typeName: "VacationType",
  loadMany: (_db, ids, _viewer, read) => readVacationTypes(read, ids),
});

export const vacationCommentEntity = defineEntity<VacationComment>({
  typeName: "VacationComment",
  loadMany: (_db, ids, _viewer, read) => readVacationComments(read, ids),
});

export const vacationDateEntity = defineEntity<VacationDate>({
  typeName: "VacationDate",
  loadMany: (_db, ids, _viewer, read) => readVacationDates(read, ids),
});
