import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { ReadPort } from "../../db/database";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { Vacation } from "../../types/vacation/vacation.type";
import type { VacationComment } from "../../types/vacation/vacation-comment.type";
import type { VacationDate } from "../../types/vacation/vacation-date.type";
import type { VacationType } from "../../types/vacation/vacation-type.type";
import type { VacationFilter } from "../../inputs/vacation/vacation-filter.input";
import type { VacationOrder } from "../../inputs/vacation/vacation-order.input";
import { parseJson, toBool, toDateRequired, toInt } from "../../db/row-values";
import { escapeLike } from "../shared/search-text";
import { Selection } from "../shared/look-ahead";
import { toCalendarUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { readBy, ruleForm, ruleSql } from "../../auth/rule";
import { rules } from "../../auth/rules";
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
 * selected. The owner is always read: a vacation whose owner is gone is left out, as before.
 */
export function selectVacations(read: ReadPort, viewer: Viewer, sel: Selection) {
  const { db } = read;
  const d = read;
  const comments = sel.get("vacationComments");
  const wantManage = sel.get("permissions").has("canManage");
  return db
    .selectFrom("Vacation as v")
    .select(VACATION_COLUMNS)
    .select((eb) => userRefJson(d, eb, "v.calendarUserId").as("owner"))
    .$if(sel.has("acceptedBy"), (q) => q.select((eb) => userRefJson(d, eb, "v.acceptedById").as("acceptedBy")))
    .$if(sel.has("rejectedBy"), (q) => q.select((eb) => userRefJson(d, eb, "v.rejectedById").as("rejectedBy")))
    .$if(sel.has("vacationType"), (q) =>
      q.select((eb) =>
        d.jsonObject(eb.selectFrom("VacationType as vt").select(["vt.id", "vt.name", "vt.decrementVacation", "vt.isActive"]).whereRef("vt.id", "=", "v.vacationTypeId")).as(
          "vacationType",
        ),
      ),
    )
    .$if(sel.has("daysCount"), (q) =>
      q.select((eb) => eb.selectFrom("VacationDate as dc").select((e) => e.fn.countAll().as("n")).whereRef("dc.vacationId", "=", "v.id").as("daysCount")),
    )
    .$if(sel.has("vacationDates"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb.selectFrom("VacationDate as vd").select(["vd.id", "vd.date"]).whereRef("vd.vacationId", "=", "v.id").orderBy("vd.date").orderBy("vd.id")).as(
          "vacationDates",
        ),
      ),
    )
    .$if(sel.has("vacationComments"), (q) =>
      q.select((eb) =>
        d.jsonArray(eb
            .selectFrom("VacationComment as vc")
            // a comment whose author is gone is left out, as the author's deletion removes it
            .innerJoin("User as ca", "ca.id", "vc.calendarUserId")
            .select(["vc.id", "vc.content", "vc.createdAt"])
            .$if(comments.has("calendarUser"), (cq) => cq.select((e) => userRefJson(d, e, "vc.calendarUserId").as("calendarUser")))
            .whereRef("vc.vacationId", "=", "v.id")
            .orderBy("vc.createdAt")
            .orderBy("vc.id"),
        ).as("vacationComments"),
      ),
    )
    .$if(wantManage, (q) => q.select((eb) => ruleSql(read, eb, rules.manageVacationsOf, ruleForm(rules.manageVacationsOf, viewer), "v.calendarUserId", viewer.id).as("canManage")));
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
export function vacationFilterWhere<O>(read: ReadPort, q: VacationQuery<O>, filter: VacationFilter | null | undefined): VacationQuery<O> {
  if (!filter) return q;
  const d = read;
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
  if (f.calendarUser) q = q.where((eb) => d.inList(eb.ref("v.calendarUserId"), f.calendarUser!));
  if (f.vacationYear) q = q.where((eb) => d.inList(eb.ref("v.vacationYear"), f.vacationYear!.map(String), "int"));
  if (f.status) q = q.where((eb) => d.inList(eb.ref("v.status"), f.status!.map(String), "text"));
  if (f.vacationType) q = q.where((eb) => d.inList(eb.ref("v.vacationTypeId"), f.vacationType!));
  if (f.issueDate) {
    const days = f.issueDate.map((day) => d.timestampText(day));
    q = q.where((eb) => d.inList(eb.ref("v.issueDate"), days, "date"));
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
      const bound = (op: "<=" | "<" | ">=" | ">", value: Date) => sql<boolean>`${sql.ref("fd.date")} ${sql.raw(op)} ${read.timestamp(value)}`;
      if (range.before) days = days.where(bound("<=", range.before));
      if (range.strictlyBefore) days = days.where(bound("<", range.strictlyBefore));
      if (range.after) days = days.where(bound(">=", range.after));
      if (range.strictlyAfter) days = days.where(bound(">", range.strictlyAfter));
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
export async function readVacationTypes(read: ReadPort, ids: readonly string[]): Promise<VacationType[]> {
  const rows = await read.db
    .selectFrom("VacationType as vt")
    .select(["vt.id", "vt.name", "vt.decrementVacation", "vt.isActive"])
    .where((eb) => read.inList(eb.ref("vt.id"), ids))
    .execute();
  return rows.map((t) => ({ id: t.id, name: t.name, decrementVacation: toBool(t.decrementVacation), isActive: toBool(t.isActive) }));
}

/** VacationDate entities by id in one statement. */
export async function readVacationDates(read: ReadPort, ids: readonly string[]): Promise<VacationDate[]> {
  const rows = await read.db
    .selectFrom("VacationDate as vd")
    .select(["vd.id", "vd.date"])
    .where((eb) => read.inList(eb.ref("vd.id"), ids))
    .execute();
  return rows.map((d) => ({ id: d.id, date: toDateRequired(d.date) }));
}

/**
 * VacationComment entities by id in one statement, each with its author's summary as JSON; a
 * comment whose author is gone is left out (the author's deletion removes it).
 */
export async function readVacationComments(read: ReadPort, ids: readonly string[]): Promise<VacationComment[]> {
  const rows = await read.db
    .selectFrom("VacationComment as vc")
    .select(["vc.id", "vc.content", "vc.createdAt"])
    .select((eb) => userRefJson(read, eb, "vc.calendarUserId").as("author"))
    .where((eb) => read.inList(eb.ref("vc.id"), ids))
    .execute();
  return rows.flatMap((c) => {
    const author = userRefOf(c.author);
    return author ? [{ id: c.id, content: c.content, calendarUser: toCalendarUserRef(author), createdAt: toDateRequired(c.createdAt) }] : [];
  });
}

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

export const vacationEntity = defineEntity<Vacation>({
  typeName: "Vacation",
  read: readBy(rules.calendar),
  /** A batch of vacations in one statement. */
  async loadMany(read, ids, viewer) {
    const rows = await selectVacations(read, viewer, Selection.all())
      .where((eb) => read.inList(eb.ref("v.id"), ids))
      .execute();
    return toVacations(rows);
  },
});

export const vacationTypeEntity = defineEntity<VacationType>({
  typeName: "VacationType",
  read: readBy(rules.signedIn),
  loadMany: (read, ids) => readVacationTypes(read, ids),
});

export const vacationCommentEntity = defineEntity<VacationComment>({
  typeName: "VacationComment",
  read: readBy(rules.calendar),
  loadMany: (read, ids) => readVacationComments(read, ids),
});

export const vacationDateEntity = defineEntity<VacationDate>({
  typeName: "VacationDate",
  read: readBy(rules.calendar),
  loadMany: (read, ids) => readVacationDates(read, ids),
});
