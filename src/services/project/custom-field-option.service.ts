import { defineEntity } from "../../federation/entity-registry";
import type { CustomFieldOption } from "../../types/project/custom-field-option.type";

export const CUSTOM_FIELD_OPTION_SELECT = { id: true, value: true, weight: true, decorator: true } as const;

export const customFieldOptionEntity = defineEntity<CustomFieldOption>({
  typeName: "CustomFieldOption",
  async loadMany(db, ids) {
    return db.customFieldSelectOption.findMany({ where: { id: { in: [...ids] } }, select: CUSTOM_FIELD_OPTION_SELECT });
  },
});
