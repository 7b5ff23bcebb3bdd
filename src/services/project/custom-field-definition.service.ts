import { defineEntity } from "../../federation/entity-registry";
import type { CustomFieldDefinition } from "../../types/project/custom-field-definition.type";
import { readCustomFieldDefinitions } from "./project.read";

export const customFieldDefinitionEntity = defineEntity<CustomFieldDefinition>({
  typeName: "CustomFieldDefinition",
  loadMany: (_db, ids, _viewer, read) => readCustomFieldDefinitions(read, ids),
});
