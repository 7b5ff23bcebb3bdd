import { sql } from "kysely";
import { ProjectUserRef, type CalendarUserRef, type NoteUserRef, type TemplateUserRef } from "../../types/people/user-summaries.type";
import { column, columnsOf, joined, object, orNull, readModel, rowsOf, value, type Field, type Nested } from "./read-model";

/**
 * Every user summary (MiniUserRef ... ProjectUserRef, each a projection of User, embedded in the
 * reads of every area: hence here, not in the people area) as one read model over a user row
 * `ru`: the summary a document selects reads just the columns it asks for.
 */
export const userSummaryModel = readModel<ProjectUserRef & CalendarUserRef & NoteUserRef & TemplateUserRef>({
  ...columnsOf(ProjectUserRef, "ru"),
  id: column("ru.id", String, true),
  contractorName: value((_m, eb) => eb.selectFrom("Contractor as rc").select("rc.name").whereRef("rc.id", "=", "ru.contractorId"), orNull),
  jobPositionName: value(
    (_m, eb) => eb.selectFrom("JobPosition as rj").select("rj.name").whereRef("rj.id", "=", "ru.jobPositionId"),
    orNull,
  ),
});

/**
 * The summary of the user `userId` names (a column of the outer row), as a JSON object with the
 * fields the document selects below it (its id always); null when there is no such user.
 */
export function userSummary<T>(userId: string): Field<T | null> {
  return object(
    userSummaryModel,
    (_m, eb) => eb.selectFrom("User as ru").where(sql<boolean>`${sql.ref("ru.id")} = ${sql.ref(userId)}`) as never,
  ) as unknown as Field<T | null>;
}

/**
 * The rows of `table` ("ContractorAttendant as lk") whose `key` is the outer row's `parent`, each
 * with its user joined as `user`, by the user's last name, first name, then the row's id.
 */
export function byUserName(table: string, user: string, key: string, parent: string): Nested {
  const row = table.split(" as ")[1];
  return joined(rowsOf(table, key, parent, `${user}.lastName`, `${user}.firstName`, `${row}.id`), `User as ${user}`, `${row}.userId`);
}
