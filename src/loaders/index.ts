import type { Db } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import type { ReadDb } from "../db/kysely";
import { EntityLoaders } from "./entity-loaders";

/**
 * Per-request batching loaders. Created fresh for each request so that nothing is cached
 * across callers.
 */
export interface Loaders {
  entities: EntityLoaders;
}

export function createLoaders(db: Db, viewer: Viewer | null, read: ReadDb): Loaders {
  return { entities: new EntityLoaders(db, read).forViewer(viewer) };
}
