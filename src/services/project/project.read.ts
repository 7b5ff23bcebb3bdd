import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { DatabaseKind } from "../../db/client";
import type { Tables } from "../../db/tables";
import { Prisma } from "../../db/client";
import type { CustomFieldDefinition } from "../../types/project/custom-field-definition.type";
import type { CustomFieldOption } from "../../types/project/custom-field-option.type";
import type { CustomFieldUser } from "../../types/project/custom-field-user.type";
import type { IdName } from "../../types/shared/id-name.type";
import { parseJson, toDate } from "../../db/row-values";
import { jsonArray, jsonObject } from "../shared/json";

/**
 * The custom field values of an owner (a contractor, a project template: `owner` names the
 * CustomFieldValue column and `ownerId` the outer column) as one JSON array, by the definition's
 * weight then id, each with its definition, department, select options (by weight) and users
 * (by last name, first name).
 */
export function customFieldValuesJson(
  kind: DatabaseKind,
  eb: ExpressionBuilder<Tables, never>,
  owner: "cv.contractorId" | "cv.projectTemplateId",
  ownerId: string,
): RawBuilder<unknown> {
  return jsonArray(
    kind,
    eb
      .selectFrom("CustomFieldValue as cv")
      .innerJoin("CustomFieldDefinition as cd", "cd.id", "cv.definitionId")
      .select([
        "cv.id", "cv.valueText", "cv.valueDateTime",
        "cd.id as definitionId", "cd.name", "cd.weight", "cd.description", "cd.scope", "cd.dataType", "cd.floatDisplayType",
        "cd.floatDecimalPlaces", "cd.floatCurrencyCode",
      ])
      // PostgreSQL's JSON would turn the numeric into a float: read it as its exact text
      .select(kind === "postgres" ? sql<string>`cast(${sql.ref("cv.valueFloat")} as text)`.as("valueFloat") : sql.ref<number>("cv.valueFloat").as("valueFloat"))
      .select((e) => [
        jsonObject(kind, e.selectFrom("Department as vd").select(["vd.id", "vd.name"]).whereRef("vd.id", "=", "cv.valueDepartmentId")).as("valueDepartment"),
        jsonArray(
          kind,
          e
            .selectFrom("CustomFieldValueSelectOption as vo")
            .innerJoin("CustomFieldSelectOption as o", "o.id", "vo.optionId")
            .select(["o.id", "o.value", "o.weight", "o.decorator"])
            .whereRef("vo.valueId", "=", "cv.id")
            .orderBy("o.weight")
            .orderBy("vo.id"),
        ).as("valueSelectOptions"),
        jsonArray(
          kind,
          e
            .selectFrom("CustomFieldValueUser as vu")
            .innerJoin("User as u2", "u2.id", "vu.userId")
            .select(["u2.id", "u2.firstName", "u2.lastName", "u2.email", "u2.pictureSm"])
            .whereRef("vu.valueId", "=", "cv.id")
            .orderBy("u2.lastName")
            .orderBy("u2.firstName")
            .orderBy("vu.id"),
        ).as("valueSelectUsers"),
      ])
      .where(sql<boolean>`${sql.ref(owner)} = ${sql.ref(ownerId)}`)
      .orderBy("cd.weight")
      .orderBy("cv.id"),
  );
}

export interface CustomFieldValueJson {
  id: string;
  definitionId: string;
  name: string;
  weight: number;
  description: string;
  scope: string;
  dataType: string;
  floatDisplayType: string;
  floatDecimalPlaces: number;
  floatCurrencyCode: string;
  valueText: string | null;
  valueFloat: string | number | null;
  valueDateTime: string | null;
  valueDepartment: unknown;
  valueSelectOptions: unknown;
  valueSelectUsers: unknown;
}

export function customFieldValuesOf(value: unknown): CustomFieldValueJson[] {
  return parseJson<CustomFieldValueJson[] | undefined>(value) ?? [];
}

/** The value fields shared by every custom field value shape; valueFloat is the exact stored decimal as text. */
export function customFieldValueFields(v: CustomFieldValueJson): {
  valueText: string | null;
  valueFloat: string | null;
  valueDateTime: Date | null;
  valueSelectOptions: CustomFieldOption[];
  valueSelectUsers: CustomFieldUser[];
  valueDepartment: IdName | null;
} {
  const department = parseJson<IdName | null | undefined>(v.valueDepartment) ?? null;
  return {
    valueText: v.valueText,
    // toFixed() without places: the exact stored value, never in exponent notation (as Prisma's Decimal gave it)
    valueFloat: v.valueFloat === null ? null : new Prisma.Decimal(v.valueFloat).toFixed(),
    valueDateTime: toDate(v.valueDateTime),
    valueSelectOptions: (parseJson<CustomFieldOption[] | undefined>(v.valueSelectOptions) ?? []).map((o) => ({ id: o.id, value: o.value, weight: o.weight, decorator: o.decorator })),
    valueSelectUsers: (parseJson<CustomFieldUser[] | undefined>(v.valueSelectUsers) ?? []).map((u) => ({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      pictureSm: u.pictureSm,
    })),
    valueDepartment: department ? { id: department.id, name: department.name } : null,
  };
}

export function customFieldDefinitionOf(v: CustomFieldValueJson): CustomFieldDefinition {
  return {
    id: v.definitionId,
    name: v.name,
    weight: v.weight,
    description: v.description,
    scope: v.scope,
    dataType: v.dataType,
    floatDisplayType: v.floatDisplayType,
    floatDecimalPlaces: v.floatDecimalPlaces,
    floatCurrencyCode: v.floatCurrencyCode,
  };
}
