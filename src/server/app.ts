import { ApolloServer } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import type { GraphQLSchema } from "graphql";
import type { Config } from "../config/config";
import type { Database } from "../db/database";
import { buildContext, type Context } from "../context";
import { createFormatError } from "../errors/format-error";
import { CostCache, operationRulesPlugin } from "./plugins";
import type { DocumentLimits } from "./cost";
import { createPlayground } from "./playground";
import { createCors } from "./cors";
import { createWriteProbe } from "../db/health";
import { AuthCache } from "../auth/auth-cache";
import { createLogger, type Logger } from "../observability/logger";
import { createMetrics } from "../observability/metrics";
import { CostAdmission, lightCost } from "./admission";
import type { RequestScope } from "../observability/request-scope";
import { applyDeadlines } from "./request-scope";
import { applyResultBudget, stringifyResult } from "./result-budget";
import { createRequestListener, type Exchange } from "./http-handler";
import { createRestHandler } from "../rest/handler";
import { REST_PREFIXES, REST_ROUTES } from "../rest/routes";
import { loadStoredOperations } from "../rest/documents";
import { trustedDocuments, trustedDocumentsDoor } from "./trusted-documents";
import type { Tracing } from "./tracing";
import { DOCS_PATH } from "../rest/docs-page";
import { restRoute } from "./rest-adapter";
import { idempotencyPlugin } from "./idempotency";
import { CostBuckets, rateLimitPlugin } from "./rate-limit";

export type App = Awaited<ReturnType<typeof createApp>>;

export interface AppOptions {
  /** Where the request log and errors go (default: JSON lines on stdout at LOG_LEVEL). */
  logger?: Logger;
  /** OpenTelemetry, when the environment configures it (src/server/tracing.ts). */
  tracing?: Tracing;
}

/**
 * The HTTP application: GraphQL at /graphql; the interface's REST paths (/project, /finance,
 * /calendar, /user, /chat, /crm), answered by the same Apollo server, with /openapi.json and the
 * /docs page; /health (= /health/ready) and /health/live probes; Prometheus metrics at /metrics.
 * Every request gets an id, a time budget and one log line.
 */
export async function createApp(database: Database, config: Config, schema: GraphQLSchema, options: AppOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  const logError = (error: unknown) => logger.error({ err: error }, "unexpected error");
  const admission = new CostAdmission(config.maxConcurrentCost, lightCost(config.maxQueryCost));
  const metrics = createMetrics(
    () => database.poolStats(),
    () => admission.stats(),
  );
  applyDeadlines(schema);
  applyResultBudget(schema);
  // one cache for the cost guard and the complexity plugin: a request's cost is computed once
  const costs = new CostCache();
  const limits: DocumentLimits = {
    maxDepth: config.maxQueryDepth,
    maxFields: config.maxQueryFields,
    maxCost: config.maxQueryCost,
    maxUnpaginatedItems: config.maxUnpaginatedItems,
  };
  const operations = loadStoredOperations(schema, REST_ROUTES);
  // the REST layer's stored documents are the server's own: trusted in every mode
  const trusted =
    config.trustedDocuments === "off"
      ? undefined
      : trustedDocuments(
          config.trustedDocuments,
          config.trustedDocumentsManifest!,
          [...operations.values()].map((o) => o.query),
        );
  const { tracing } = options;
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: true,
    // with trusted documents the door resolves every id (APQ's hashes included) from the manifest
    persistedQueries: trusted ? false : undefined,
    // a JSON array of operations (Apollo Client's BatchHttpLink); costGuard bounds its size and summed cost
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: config.debugErrors,
    formatError: createFormatError({ debug: config.debugErrors, log: logError }),
    stringifyResult,
    plugins: [
      operationRulesPlugin({ schema, limits, metrics, admission, costs, trusted }),
      // once an operation is priced and admitted, before it executes, what production clients rely
      // on besides the limits: the cost-based rate limit per caller (RATE_LIMIT_COST_PER_MINUTE,
      // charged first) and safe retries of mutations with an Idempotency-Key. A running claim
      // outlives its request's budget by a minute (a commit that began before the deadline still
      // ends), then a retry may take the key (its process died).
      ...(config.rateLimitCostPerMinute ? [rateLimitPlugin(new CostBuckets(config.rateLimitCostPerMinute))] : []),
      idempotencyPlugin(database.prisma, { ttlMs: config.idempotencyTtlMs, leaseMs: config.requestTimeoutMs + 60_000 }, logError),
      // Apollo's own landing pages load from a CDN (blank without internet) and cannot carry
      // response headers such as a CSP: the playground is served by createPlayground instead
      ApolloServerPluginLandingPageDisabled(),
      // federated tracing is for Apollo's hosted studio, which this deployment does not report to
      ApolloServerPluginInlineTraceDisabled(),
      // no HTTP caching of GraphQL answers; its per-field hook costs on every response
      ApolloServerPluginCacheControlDisabled(),
      // after the complexity plugin: its spans carry the cost
      ...(tracing ? [tracing.plugin()] : []),
    ],
  });
  await apollo.start();
  const auth = new AuthCache(database.prisma, config.authCacheTtlMs);
  const context = (authorization?: string, scope?: RequestScope) => buildContext(database, config, auth, authorization, scope);
  const inFlight = new Set<RequestScope>();
  const state = { stopping: false };

  // the context of one HTTP request, /graphql and REST alike: its caller, its budget, its database
  const requestContext = ({ req, scope }: Exchange): Promise<Context> => context(req.headers.authorization, scope);
  const listener = createRequestListener(
    {
      config,
      logger,
      metrics,
      apollo,
      schema,
      limits,
      costs,
      cors: createCors(config.corsOrigins),
      // in require mode the playground could run nothing (its documents are typed in): not served
      playground: config.playground && config.trustedDocuments !== "require" ? createPlayground() : undefined,
      trusted: trusted && trustedDocumentsDoor(trusted),
      tracing,
      context: requestContext,
      rest: restRoute(createRestHandler(apollo, operations), { maxBodyBytes: config.maxBodyBytes, context: requestContext }),
      ready: createWriteProbe(database.prisma, config.databaseUrl),
      inFlight,
      state,
    },
    [...REST_PREFIXES, "/openapi.json", DOCS_PATH],
  );
  return {
    /** The request listener of the HTTP server (src/server/http-server.ts makes the server around it). */
    listener,
    apollo,
    schema,
    logger,
    metrics,
    /**
     * Builds the context of a request with this Authorization header, inside `scope`'s budget (the
     * HTTP layer passes the request's scope; tests call operations without one).
     */
    context,
    /** From now on /health and /health/ready answer 503 and new requests are refused with 503. */
    beginShutdown: () => {
      state.stopping = true;
      // answers still being prepared close their keep-alive connection, so the listener drains
      for (const scope of inFlight) scope.closeConnectionAfter();
    },
    /** Requests still being answered. */
    inFlight: (): ReadonlySet<RequestScope> => inFlight,
  };
}
