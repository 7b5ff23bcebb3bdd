import { defineEntity } from "../../federation/entity-registry";
import type { CustomFieldOption } from "../../types/project/custom-field-option.type";
import { readCustomFieldOptions } from "./project.read";

export const customFieldOptionEntity = defineEntity<CustomFieldOption>({
  typeName: "CustomFieldOption",
  loadMany: (_db, ids, _viewer, read) => readCustomFieldOptions(read, ids),
});
