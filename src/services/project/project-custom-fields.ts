import { randomUUID } from "node:crypto";
import type { DbTx, Prisma } from "../../db/client";
import { NotFoundError } from "../../errors/errors";
import { Violations } from "../shared/violations";
import type { ProjectCustomFieldValueInput } from "../../inputs/project/project-custom-field-value.input";

/** A custom field value ready to be written for a project, whichever source it came from. */
export interface CustomFieldValueData {
  definitionId: string;
  valueText: string | null;
  valueFloat: Prisma.Decimal | number | null;
  valueDateTime: Date | null;
  valueDepartmentId: string | null;
  optionIds: string[];
  userIds: string[];
}

/** Which input field carries the value of each data type. */
const VALUE_FIELD = {
  text: "valueText",
  float: "valueFloat",
  datetime: "valueDateTime",
  select: "valueSelectOptions",
  users: "valueSelectUsers",
  department: "valueDepartment",
} as const satisfies Record<string, keyof ProjectCustomFieldValueInput>;

const VALUE_FIELDS = Object.values(VALUE_FIELD);

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}

/**
 * Checks the given values against the database: each definition exists (NOT_FOUND) and is a
 * project field, appears once, and only the value field of its data type is set; select
 * options belong to the definition; users and departments exist (NOT_FOUND). At most four
 * statements, whatever the number of values.
 */
export async function resolveCustomFieldValues(tx: DbTx, inputs: readonly ProjectCustomFieldValueInput[]): Promise<CustomFieldValueData[]> {
  if (inputs.length === 0) return [];
  const path = (i: number, field: string) => `input.customFieldValues.${i}.${field}`;
  const definitionIds = [...new Set(inputs.map((v) => v.definition))];
  const userIds = [...new Set(inputs.flatMap((v) => v.valueSelectUsers ?? []))];
  const departmentIds = [...new Set(inputs.flatMap((v) => (v.valueDepartment ? [v.valueDepartment] : [])))];
  // one after another: inside a transaction they share one connection
  const definitions = await tx.customFieldDefinition.findMany({
    where: { id: { in: definitionIds } },
    select: { id: true, scope: true, dataType: true, selectOptions: { select: { id: true } } },
  });
  const users = userIds.length ? await tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true } }) : [];
  const departments = departmentIds.length
    ? await tx.department.findMany({ where: { id: { in: departmentIds } }, select: { id: true } })
    : [];
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const knownUsers = new Set(users.map((u) => u.id));
  const knownDepartments = new Set(departments.map((d) => d.id));

  const violations = new Violations();
  const seen = new Set<string>();
  inputs.forEach((value, i) => {
    const definition = byId.get(value.definition);
    if (!definition) throw new NotFoundError("Custom field definition", value.definition, path(i, "definition"));
    if (definition.scope !== "project") {
      violations.add(path(i, "definition"), "isProjectField", "the definition is not a project custom field");
    }
    if (seen.has(value.definition)) {
      violations.add(path(i, "definition"), "isUnique", "each definition may be given once");
    }
    seen.add(value.definition);
    const expected = VALUE_FIELD[definition.dataType as keyof typeof VALUE_FIELD];
    for (const field of VALUE_FIELDS) {
      if (field !== expected && isSet(value[field])) {
        violations.add(path(i, field), "matchesDataType", `a ${definition.dataType} field takes no ${field}`);
      }
    }
    const options = new Set(definition.selectOptions.map((o) => o.id));
    (value.valueSelectOptions ?? []).forEach((optionId, j) => {
      if (!options.has(optionId)) {
        violations.add(`${path(i, "valueSelectOptions")}.${j}`, "isOptionOfDefinition", "not an option of this definition");
      }
    });
    (value.valueSelectUsers ?? []).forEach((userId, j) => {
      if (!knownUsers.has(userId)) throw new NotFoundError("User", userId, `${path(i, "valueSelectUsers")}.${j}`);
    });
    if (value.valueDepartment && !knownDepartments.has(value.valueDepartment)) {
      throw new NotFoundError("Department", value.valueDepartment, path(i, "valueDepartment"));
    }
  });
  violations.throwIfAny();

  return inputs.map((v) => ({
    definitionId: v.definition,
    valueText: v.valueText ?? null,
    valueFloat: v.valueFloat ?? null,
    valueDateTime: v.valueDateTime ?? null,
    valueDepartmentId: v.valueDepartment ?? null,
    optionIds: [...new Set(v.valueSelectOptions ?? [])],
    userIds: [...new Set(v.valueSelectUsers ?? [])],
  }));
}

/** Writes a project's custom field values with their selections: three statements for any number of values. */
export async function writeProjectCustomFieldValues(tx: DbTx, projectId: string, values: readonly CustomFieldValueData[]): Promise<void> {
  if (values.length === 0) return;
  const rows = values.map((v) => ({ ...v, id: randomUUID() }));
  await tx.customFieldValue.createMany({
    data: rows.map((v) => ({
      id: v.id,
      definitionId: v.definitionId,
      projectId,
      valueText: v.valueText,
      valueFloat: v.valueFloat,
      valueDateTime: v.valueDateTime,
      valueDepartmentId: v.valueDepartmentId,
    })),
  });
  const options = rows.flatMap((v) => v.optionIds.map((optionId) => ({ valueId: v.id, optionId })));
  const users = rows.flatMap((v) => v.userIds.map((userId) => ({ valueId: v.id, userId })));
  if (options.length > 0) await tx.customFieldValueSelectOption.createMany({ data: options });
  if (users.length > 0) await tx.customFieldValueUser.createMany({ data: users });
}
