import { jsonArrayFrom as pgArray, jsonObjectFrom as pgObject } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteArray, jsonObjectFrom as sqliteObject } from "kysely/helpers/sqlite";
import type { DatabaseKind } from "../../db/client";

/**
 * Nested rows aggregated as JSON inside the database, in the statement of their parent, the way
 * PostGraphile compiles a query: json_agg/json_build_object on PostgreSQL,
 * json_group_array/json_object on SQLite. The subquery's order is kept.
 */
export function jsonArray<O>(kind: DatabaseKind, subquery: Parameters<typeof sqliteArray<O>>[0]): ReturnType<typeof pgArray<O>> {
  return kind === "postgres" ? pgArray(subquery) : sqliteArray(subquery);
}

export function jsonObject<O>(kind: DatabaseKind, subquery: Parameters<typeof sqliteObject<O>>[0]): ReturnType<typeof pgObject<O>> {
  return kind === "postgres" ? pgObject(subquery) : sqliteObject(subquery);
}
