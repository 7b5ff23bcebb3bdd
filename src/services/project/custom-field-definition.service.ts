import type { CustomFieldDefinitionModel } from "../../db/client";
import { defineEntity } from "../../federation/entity-registry";
import type { CustomFieldDefinition } from "../../types/project/custom-field-definition.type";

export const CUSTOM_FIELD_DEFINITION_SELECT = {
  id: true,
  name: true,
  weight: true,
  description: true,
  scope: true,
  dataType: true,
  floatDisplayType: true,
  floatDecimalPlaces: true,
  floatCurrencyCode: true,
} as const;

export function toCustomFieldDefinition(row: Pick<CustomFieldDefinitionModel, keyof typeof CUSTOM_FIELD_DEFINITION_SELECT>): CustomFieldDefinition {
  return {
    id: row.id,
    name: row.name,
    weight: row.weight,
    description: row.description,
    scope: row.scope,
    dataType: row.dataType,
    floatDisplayType: row.floatDisplayType,
    floatDecimalPlaces: row.floatDecimalPlaces,
    floatCurrencyCode: row.floatCurrencyCode,
  };
}

export const customFieldDefinitionEntity = defineEntity<CustomFieldDefinition>({
  typeName: "CustomFieldDefinition",
  async loadMany(db, ids) {
    const rows = await db.customFieldDefinition.findMany({ where: { id: { in: [...ids] } }, select: CUSTOM_FIELD_DEFINITION_SELECT });
    return rows.map(toCustomFieldDefinition);
  },
});
