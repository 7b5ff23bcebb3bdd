import type { Db } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import type { ReadDb } from "../db/kysely";
import { EntityLoaders } from "./entity-loaders";

/**
 * Per-request batching loaders: `ctx.loaders.load(invoiceEntity, id)`. Created fresh for each
 * request so that nothing is cached across callers.
 */
export type Loaders = EntityLoaders;

export function createLoaders(db: Db, viewer: Viewer | null, read: ReadDb): Loaders {
  return new EntityLoaders(db, read, viewer);
}
