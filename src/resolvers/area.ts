import type { ClassType } from "type-graphql";
import type { EntityDefinition } from "../federation/entity-registry";

/**
 * What one area of the API serves: its resolver classes and its federation entities (each with
 * its read rule). Every area exports one from its `index.ts`; src/schema/registry.ts lists the
 * areas and nothing else.
 */
export interface Area {
  resolvers: ClassType[];
  entities: EntityDefinition[];
}
