import type { Db } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import { EntityLoaders } from "./entity-loaders";

/**
 * Per-request batching loaders. Created fresh for each request so that nothing is cached
 * across callers.
 */
export interface Loaders {
  entities: EntityLoaders;
}

export function createLoaders(db: Db, viewer: Viewer | null): Loaders {
  return { entities: new EntityLoaders(db).forViewer(viewer) };
}
