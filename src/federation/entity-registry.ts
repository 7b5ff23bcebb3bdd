import type { Db } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import type { ReadDb } from "../db/kysely";
import { readableIds } from "../auth/visibility";

/**
 * An entity of the subgraph: a type with its own `id`, `@key(fields: "id")`, that the gateway
 * may ask for by reference. `loadMany` answers a whole batch of ids in a bounded number of SQL
 * statements; the same function backs single-object root fields and the answer of every
 * mutation (through the request's loader, `ctx.loaders.load(entity, id)`), so there is one way
 * to load and shape each entity. The entities of the subgraph are listed in src/schema/registry.ts.
 */
export interface EntityDefinition<T extends { id: string } = { id: string }> {
  typeName: string;
  /** `read` is the Kysely read side: entities converted to it load a batch in one statement. */
  loadMany(db: Db, ids: readonly string[], viewer: Viewer, read: ReadDb): Promise<T[]>;
}

/**
 * Declares an entity's loader; it registers nothing: the subgraph serves the entities listed in
 * src/schema/registry.ts (a test checks that list against the schema's `@key` types).
 */
export function defineEntity<T extends { id: string }>(definition: EntityDefinition<T>): EntityDefinition<T> {
  return definition;
}

/**
 * What `_entities` answers: the batch's objects that the caller may read under the entity's
 * rule in src/auth/visibility.ts (the same rule as the root read); the others resolve to null,
 * exactly like an unknown id.
 */
export async function loadReadable<T extends { id: string }>(
  definition: EntityDefinition<T>,
  db: Db,
  ids: readonly string[],
  viewer: Viewer,
  read: ReadDb,
): Promise<T[]> {
  const readable = await readableIds(db, viewer, definition.typeName, [...new Set(ids)]);
  if (readable.size === 0) return [];
  return definition.loadMany(db, [...readable], viewer, read);
}
