import type { Config } from "./config/config";
import type { Db } from "./db/client";
import { readDbFor, type ReadDb } from "./db/kysely";
import type { Viewer } from "./auth/authenticate";
import type { AuthCache } from "./auth/auth-cache";
import { createLoaders, type Loaders } from "./loaders";
import type { RequestScope } from "./observability/request-scope";

/** What every resolver receives: the database, the caller and this request's batching loaders. */
export interface Context {
  db: Db;
  /** The read side (Kysely on the same database): read root fields answer in one or two statements. */
  read: ReadDb;
  config: Config;
  /** The authenticated caller, or null; the auth plugin refuses operations that need one. */
  viewer: Viewer | null;
  /** Why there is no viewer, for the UNAUTHENTICATED message. */
  authFailure?: string;
  loaders: Loaders;
  /** The HTTP request's id, time budget and abort signal (absent when an operation runs outside HTTP). */
  request?: RequestScope;
}

/**
 * What resolvers behind authentication receive: the caller is known. Every root field except
 * introspection and `_service` is behind authentication: the auth plugin (src/server/plugins.ts)
 * refuses an operation without a caller before any resolver runs, so every resolver of
 * src/resolvers, every `_entities` reference and every field policy takes this type.
 */
export type AuthedContext = Context & { viewer: Viewer };

export async function buildContext(db: Db, config: Config, auth: AuthCache, authorization: string | undefined): Promise<Context> {
  const result = await auth.authenticate(authorization);
  const read = readDbFor(db);
  return {
    db,
    read,
    config,
    viewer: result.viewer,
    authFailure: result.viewer ? undefined : result.reason,
    loaders: createLoaders(db, result.viewer, read),
  };
}
