import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { SqlDialect } from "../../db/sql";
import type { Tables } from "../../db/tables";
import type { CalendarUserRef } from "../../types/vacation/calendar-user-ref.type";
import type { UserRef } from "../../types/people/user-ref.type";
import type { MiniUserRef } from "../../types/people/mini-user-ref.type";
import type { RiskUserRef } from "../../types/project/risk-user-ref.type";
import type { NoteUserRef } from "../../types/crm/note-user-ref.type";
import type { TemplateUserRef } from "../../types/template/template-user-ref.type";
import type { ProjectUserRef } from "../../types/project/project-user-ref.type";
import { parseJson, toBool, toDecimalNumber } from "../../db/row-values";
import { column, object, readModel, value, type Field } from "./read-model";
import { Selection } from "./look-ahead";

// The user summaries (MiniUserRef ... ProjectUserRef) are embedded in the reads of every area, so
// their SQL and mapping are shared here rather than owned by the people area.

/**
 * The user columns behind every user summary (MiniUserRef ... ProjectUserRef), as one JSON
 * object; a summary read for a narrower selection (userRefJson's `fields`) carries only those.
 */
export interface UserRefJson {
  id: string;
  firstName: string;
  lastName: string;
  pictureSm: string;
  pictureLg: string;
  shortCode: string;
  email: string;
  phoneNumber: string;
  canLogIn: boolean | number;
  contractorId: string | null;
  contractorName: string | null;
  jobPositionName: string | null;
  isExternal: boolean | number;
  decorator: string;
  hourlyRate: string | number | null;
}

/** The user columns a summary may read, each under the name of the summary field that shows it. */
const REF_COLUMNS = [
  "firstName", "lastName", "pictureSm", "pictureLg", "shortCode", "email", "phoneNumber", "canLogIn", "contractorId", "isExternal",
  "decorator", "hourlyRate",
] as const;

/**
 * A user summary as a JSON object inside the parent's statement: the user named by `userId`
 * (a column reference of the outer query) with its contractor's and job position's names.
 * Null when there is no such user. With `fields` (what the document selects of the summary),
 * only those columns are read, besides the id (a page of vacations showing each owner's name
 * reads three columns, not thirteen and two sub-selects per row); without, all of them.
 */
export function userRefJson<DB extends Tables, TB extends keyof DB>(
  d: SqlDialect,
  eb: ExpressionBuilder<DB, TB>,
  userId: string,
  fields: Selection = Selection.all(),
): RawBuilder<UserRefJson | null> {
  const e = eb as unknown as ExpressionBuilder<Tables, never>;
  return d.jsonObject(e
      .selectFrom("User as ru")
      .select(["ru.id", ...REF_COLUMNS.filter((column) => fields.has(column)).map((column) => `ru.${column}` as const)])
      .$if(fields.has("contractorName"), (q) =>
        q.select((x) => x.selectFrom("Contractor as rc").select("rc.name").whereRef("rc.id", "=", "ru.contractorId").as("contractorName")),
      )
      .$if(fields.has("jobPositionName"), (q) =>
        q.select((x) => x.selectFrom("JobPosition as rj").select("rj.name").whereRef("rj.id", "=", "ru.jobPositionId").as("jobPositionName")),
      )
      .where(sql<boolean>`${sql.ref("ru.id")} = ${sql.ref(userId)}`),
  ) as unknown as RawBuilder<UserRefJson | null>;
}

/**
 * Every user summary (MiniUserRef ... ProjectUserRef, each a projection of User) as one read
 * model over a user row `ru`: the summary a document selects reads just the columns it asks for.
 */
export const userSummaryModel = readModel<ProjectUserRef & CalendarUserRef & NoteUserRef & TemplateUserRef>({
  id: column("ru.id", String, true),
  firstName: column("ru.firstName"),
  lastName: column("ru.lastName"),
  pictureSm: column("ru.pictureSm"),
  pictureLg: column("ru.pictureLg"),
  shortCode: column("ru.shortCode"),
  email: column("ru.email"),
  phoneNumber: column("ru.phoneNumber"),
  canLogIn: column("ru.canLogIn", toBool),
  contractorId: column("ru.contractorId"),
  contractorName: value((_m, eb) => eb.selectFrom("Contractor as rc").select("rc.name").whereRef("rc.id", "=", "ru.contractorId"), orNull),
  jobPositionName: value((_m, eb) => eb.selectFrom("JobPosition as rj").select("rj.name").whereRef("rj.id", "=", "ru.jobPositionId"), orNull),
  isExternal: column("ru.isExternal", toBool),
  decorator: column("ru.decorator"),
  hourlyRate: value((m) => m.b.exact("ru.hourlyRate"), toDecimalNumber),
});

function orNull<T>(value: T | null | undefined): T | null {
  return value ?? null;
}

/**
 * The summary of the user `userId` names (a column of the outer row), as a JSON object with the
 * fields the document selects below it (its id always); null when there is no such user.
 */
export function userSummary<T>(userId: string): Field<T | null> {
  return object(userSummaryModel, (_m, eb) => eb.selectFrom("User as ru").where(sql<boolean>`${sql.ref("ru.id")} = ${sql.ref(userId)}`) as never) as unknown as Field<T | null>;
}

/** A user summary read as JSON (SQLite hands nested JSON over as text). */
export function userRefOf(value: unknown): UserRefJson | null {
  return parseJson<UserRefJson | null | undefined>(value) ?? null;
}

export function toMiniUserRef(u: UserRefJson): MiniUserRef {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, pictureSm: u.pictureSm, pictureLg: u.pictureLg };
}

export function toRiskUserRef(u: UserRefJson): RiskUserRef {
  return { ...toMiniUserRef(u), shortCode: u.shortCode, email: u.email, phoneNumber: u.phoneNumber };
}

export function toUserRef(u: UserRefJson): UserRef {
  return {
    ...toRiskUserRef(u),
    canLogIn: toBool(u.canLogIn),
    contractorId: u.contractorId,
    contractorName: u.contractorName ?? null,
    jobPositionName: u.jobPositionName ?? null,
  };
}

