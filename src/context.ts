import type { Config } from "./config/config";
import { isPoolExhausted } from "./db/client";
import { portOf, type Database, type DataPort } from "./db/database";
import { ServiceUnavailableError } from "./errors/errors";
import type { AuthResult, Viewer } from "./auth/authenticate";
import type { AuthCache } from "./auth/auth-cache";
import { RequestAccess } from "./auth/access";
import { EntityLoaders } from "./loaders/entity-loaders";
import type { RequestScope } from "./observability/request-scope";

/**
 * What every resolver receives, built in one place (`buildContext`): the request's data port
 * (`db` for writes and transactions, `read` for reads, both inside the request's budget), the
 * caller with their access memo, and this request's batching loaders, which read through the
 * same port.
 */
export interface Context extends DataPort {
  config: Config;
  /** The authenticated caller, or null; the auth plugin refuses operations that need one. */
  viewer: Viewer | null;
  /** Why there is no viewer, for the UNAUTHENTICATED message. */
  authFailure?: string;
  /** Facts about the caller asked at most once per request (src/auth/access.ts); null without a caller. */
  access: RequestAccess | null;
  loaders: EntityLoaders;
  /** The HTTP request's id, time budget and abort signal (absent when an operation runs outside HTTP). */
  request?: RequestScope;
}

/**
 * What resolvers behind authentication receive: the caller is known. Every root field except
 * introspection and `_service` is behind authentication: the auth plugin (src/server/plugins.ts)
 * refuses an operation without a caller before any resolver runs, so every resolver of
 * src/resolvers, every `_entities` reference and every field rule takes this type.
 */
export type AuthedContext = Context & { viewer: Viewer; access: RequestAccess };

/**
 * The context of one request: its caller (from the Authorization header) and its port, inside
 * `scope`'s budget. Authentication that finds no free connection is SERVICE_UNAVAILABLE: the
 * client may send the request again, it is no server failure.
 */
export function buildContext(
  database: Database,
  config: Config,
  auth: AuthCache,
  authorization: string | undefined,
  scope?: RequestScope,
): Promise<Context> {
  // a token authenticated a moment ago (most requests): the context at once, without an async function's promise and turns
  const known = auth.known(authorization);
  if (known) return Promise.resolve(new RequestContext(database, config, known, scope));
  return lookUp(database, auth, authorization, scope).then((result) => new RequestContext(database, config, result, scope));
}

/** The caller of a token not cached: its look-up, a Prisma call of the request (its statement traced as one). */
async function lookUp(database: Database, auth: AuthCache, authorization: string | undefined, scope?: RequestScope): Promise<AuthResult> {
  // a cached answer does not enter `within`, whose async hooks cost on every promise while on
  const { tracing } = database;
  const around = scope && tracing ? <T>(run: () => T) => tracing.within(scope, run) : undefined;
  try {
    return await auth.authenticate(authorization, around);
  } catch (error) {
    throw isPoolExhausted(error) ? new ServiceUnavailableError() : error;
  }
}

/**
 * A request's context whose port, access memo and loaders are made when a resolver first asks
 * for them: an operation that reads nothing (`{ __typename }`, introspection, a refusal before
 * execution) makes none (profiled: building them was 8% of such a request's CPU, most of its
 * garbage). Each is made once and then the same for the whole request. They are accessors: a
 * copy of the context (`{ ...ctx }`) must name them (a spread copies fields only).
 */
class RequestContext implements Context {
  readonly viewer: Viewer | null;
  readonly authFailure?: string;
  private port?: DataPort;
  private accessMemo?: RequestAccess | null;
  private entityLoaders?: EntityLoaders;

  constructor(
    private readonly database: Database,
    readonly config: Config,
    result: AuthResult,
    readonly request: RequestScope | undefined,
  ) {
    this.viewer = result.viewer;
    if (!result.viewer) this.authFailure = result.reason;
  }

  private dataPort(): DataPort {
    return (this.port ??= portOf(this.database, this.request));
  }

  get db(): DataPort["db"] {
    return this.dataPort().db;
  }

  get read(): DataPort["read"] {
    return this.dataPort().read;
  }

  get access(): RequestAccess | null {
    return (this.accessMemo ??= this.viewer ? new RequestAccess(this.read, this.viewer) : null);
  }

  get loaders(): EntityLoaders {
    // the access memo is there exactly when the caller is
    return (this.entityLoaders ??= new EntityLoaders(this.read, this.viewer ? { viewer: this.viewer, access: this.access! } : null));
  }
}
