import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GraphQLSchema } from "graphql";
import type { Config } from "../config/config";
import { dbConnection, isPoolExhausted, poolStats, type Db } from "../db/client";
import { StatementGate } from "../db/statement-gate";
import { ServiceUnavailableError } from "../errors/errors";
import { buildContext, type Context } from "../context";
import { attachReadDb, readDbFor, type ReadDb, type RequestHooks } from "../db/kysely";
import { createFormatError } from "../errors/format-error";
import { authPlugin, complexityPlugin, CostCache, observabilityPlugin, variableFloodPlugin, type DocumentLimits } from "./plugins";
import { createPlayground, playgroundPlugin } from "./playground";
import { createCors } from "./cors";
import { createWriteProbe } from "../db/health";
import { AuthCache } from "../auth/auth-cache";
import { createLogger, silentLogger, type Logger } from "../observability/logger";
import { createMetrics, type Metrics } from "../observability/metrics";
import { CostAdmission, lightCost } from "./admission";
import { applyDeadlines, budgetedDb, type RequestScope } from "./request-scope";
import { applyResultBudget, resultBudgetPlugin, stringifyResult } from "./result-budget";
import { createRequestListener, type Exchange } from "./http-handler";
import { createRestHandler } from "../rest/handler";
import { REST_PREFIXES } from "../rest/routes";
import { DOCS_PATH } from "../rest/docs-page";
import { restRoute } from "./rest-adapter";

export interface App {
  /** The request listener of the HTTP server (src/server/http-server.ts makes the server around it). */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  apollo: ApolloServer<Context>;
  schema: GraphQLSchema;
  logger: Logger;
  metrics: Metrics;
  /** Builds the context a request with this Authorization header gets (tests call operations with it). */
  context(authorization?: string): Promise<Context>;
  /** From now on /health and /health/ready answer 503 and new requests are refused with 503. */
  beginShutdown(): void;
  /** Requests still being answered. */
  inFlight(): ReadonlySet<RequestScope>;
}

export interface AppOptions {
  /** Where the request log and errors go (default: JSON lines on stdout at LOG_LEVEL). */
  logger?: Logger;
}

export function documentLimits(config: Config): DocumentLimits {
  return {
    maxDepth: config.maxQueryDepth,
    maxFields: config.maxQueryFields,
    maxCost: config.maxQueryCost,
    maxUnpaginatedItems: config.maxUnpaginatedItems,
  };
}

export function createApollo(
  schema: GraphQLSchema,
  config: Config,
  log: (e: unknown) => void,
  metrics?: Metrics,
  admission?: CostAdmission,
  costs = new CostCache(),
): ApolloServer<Context> {
  return new ApolloServer<Context>({
    schema,
    introspection: true,
    // a JSON array of operations (Apollo Client's BatchHttpLink); costGuard bounds its size and summed cost
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: config.debugErrors,
    formatError: createFormatError({ debug: config.debugErrors, log }),
    stringifyResult,
    plugins: [
      observabilityPlugin(metrics),
      authPlugin(),
      variableFloodPlugin(),
      complexityPlugin(schema, documentLimits(config), admission, costs),
      playgroundPlugin(),
      // federated tracing is for Apollo's hosted studio, which this deployment does not report to
      ApolloServerPluginInlineTraceDisabled(),
      // no HTTP caching of GraphQL answers; its per-field hook costs on every response
      ApolloServerPluginCacheControlDisabled(),
      // last: it measures the answer as the plugins above left it
      resultBudgetPlugin(),
    ],
  });
}

/**
 * The HTTP application: GraphQL at /graphql; the interface's REST paths (/project, /finance,
 * /calendar, /user, /chat, /crm), answered by the same Apollo server, with /openapi.json and the
 * /docs page; /health (= /health/ready) and /health/live probes; Prometheus metrics at /metrics.
 * Every request gets an id, a time budget and one log line.
 */
export async function createApp(
  db: Db,
  config: Config,
  schema: GraphQLSchema,
  options: AppOptions | ((error: unknown) => void) = {},
): Promise<App> {
  // a bare function (older callers) receives unexpected errors; the request log is then silent
  const logger = typeof options === "function" ? silentLogger() : (options.logger ?? createLogger(config.logLevel));
  const logError =
    typeof options === "function" ? options : (error: unknown) => logger.error({ err: error }, "unexpected error");
  const admission = new CostAdmission(config.maxConcurrentCost, lightCost(config.maxQueryCost));
  // PostgreSQL: heavy requests get a share of the pool, light ones the rest (SQLite has no pool)
  const gate = dbConnection(db).pool ? new StatementGate(config.dbPoolSize) : undefined;
  const metrics = createMetrics(() => poolStats(db), () => admission.stats());
  applyDeadlines(schema);
  applyResultBudget(schema);
  // one cache for the cost guard and the complexity plugin: a request's cost is computed once
  const costs = new CostCache();
  const sharedRead = readDbFor(db);
  const apollo = createApollo(schema, config, logError, metrics, admission, costs);
  await apollo.start();
  const auth = new AuthCache(db, config.authCacheTtlMs);
  const context = (authorization?: string) => buildContext(db, config, auth, authorization);
  const writable = createWriteProbe(db, config.databaseUrl);
  const inFlight = new Set<RequestScope>();
  const state = { stopping: false };

  // the context of one HTTP request, /graphql and REST alike: its caller, its budget, its database
  const requestContext = async ({ req, scope }: Exchange): Promise<Context> => {
    const holder = { held: 0 };
    // the request's own read side is made at its first statement (a request that reads nothing,
    // `{ __typename }` or a refusal, makes none), when the cost, and so whether it is heavy, is known
    const read = lazyRead(sharedRead, () => ({
      // a heavy request takes turns for its share of the pool and of the event loop; a light one goes straight on
      admit: gate && scope.heavy ? () => gate.admit(holder, scope.signal, () => scope.stopped!) : undefined,
      takeTurns: scope.heavy ? () => true : undefined,
      // a statement that hangs is given up at the deadline
      guard: (statement) => scope.guard(statement),
    }));
    const budgeted = budgetedDb(db, scope);
    // services that answer a mutation by reading it back find the read side by their client
    attachReadDb(budgeted, read);
    // the loaders' statements too are the request's (guarded, taking turns)
    const base = await buildContext(budgeted, config, auth, req.headers.authorization, read).catch((error: unknown) => {
      // authentication found no free connection: the client may retry, it is no server failure
      throw isPoolExhausted(error) ? new ServiceUnavailableError() : error;
    });
    return { ...base, request: scope };
  };
  const listener = createRequestListener(
    {
      config,
      logger,
      metrics,
      apollo,
      schema,
      limits: documentLimits(config),
      costs,
      cors: createCors(config.corsOrigins),
      playground: config.playground ? createPlayground() : undefined,
      context: requestContext,
      rest: restRoute(createRestHandler(apollo, schema), { maxBodyBytes: config.maxBodyBytes, context: requestContext }),
      ready: writable,
      inFlight,
      state,
    },
    [...REST_PREFIXES, "/openapi.json", DOCS_PATH],
  );
  return {
    listener,
    apollo,
    schema,
    logger,
    metrics,
    context,
    beginShutdown: () => {
      state.stopping = true;
      // answers still being prepared close their keep-alive connection, so the listener drains
      for (const scope of inFlight) scope.closeConnectionAfter?.();
    },
    inFlight: () => inFlight,
  };
}

/** `base.through(hooks())`, made when its database is first asked for. */
function lazyRead(base: ReadDb, hooks: () => RequestHooks): ReadDb {
  let own: ReadDb | undefined;
  return {
    kind: base.kind,
    get db() {
      own ??= base.through(hooks());
      return own.db;
    },
    destroy: async () => undefined,
    through: (more) => base.through(more),
  };
}
