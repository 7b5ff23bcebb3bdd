import type { ReadPort } from "../db/database";
import type { Viewer } from "../auth/authenticate";
import type { EntityRead } from "../auth/rule";

/**
 * An entity of the subgraph: a type with its own `id`, `@key(fields: "id")`, that the gateway
 * may ask for by reference. It declares who may read it (`read`, a rule of src/auth/rules.ts
 * with the entity's table: `readBy(rules.readProject, "Stage", "projectId")`), and
 * `loadMany` answers a whole batch of ids in a bounded number of statements; the same function
 * backs single-object root fields and the answer of every mutation (through the request's
 * loader, `ctx.loaders.load(entity, id)`), so there is one way to load and shape each entity.
 * Each area lists its entities in its index (src/resolvers/<area>/index.ts).
 */
export interface EntityDefinition<T extends { id: string } = { id: string }> {
  typeName: string;
  read: EntityRead;
  /** `selection`: what a document selects of the objects (a Selection, src/services/shared/look-ahead.ts); every field without it. */
  loadMany(read: ReadPort, ids: readonly string[], viewer: Viewer, selection?: object): Promise<T[]>;
  /** Whether `loadMany` may read only what `selection` selects (`_entities`, a mutation's answer); else it is given none. */
  selective?(selection: object): boolean;
}

/**
 * Declares the entity of the object type `type` (its GraphQL name is the class's); it registers
 * nothing: the subgraph serves the entities its areas list.
 */
export function defineEntity<T extends { id: string }>(
  type: abstract new () => T,
  definition: Omit<EntityDefinition<T>, "typeName">,
): EntityDefinition<T> {
  return { typeName: type.name, ...definition };
}
