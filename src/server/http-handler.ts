import type { IncomingMessage, ServerResponse } from "node:http";
import { HeaderMap, type ApolloServer } from "@apollo/server";
import { parse, type GraphQLSchema } from "graphql";
import type { Config } from "../config/config";
import type { Context } from "../context";
import { ErrorCode } from "../errors/errors";
import type { Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";
import { problem, type RestResponse } from "../rest/problems";
import { lightCost } from "./admission";
import type { createCors } from "./cors";
import { PLAYGROUND_ASSETS_PATH, type Playground } from "./playground";
import { operationCost, type DocumentLimits } from "./cost";
import type { CostCache } from "./plugins";
import { RequestScope } from "../observability/request-scope";
import { BODY_REFUSALS, BodyError, isRecord, readJsonBody } from "./request-body";
import type { Tracing } from "./tracing";
import type { TrustedDocumentsDoor } from "./trusted-documents";

/** One HTTP request and its answer as the server handles them: a class, so a request allocates its fields, not closures. */
export class Exchange {
  /** The code of the refusal recorded, for the log line. */
  errorCode?: string;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly scope: RequestScope,
    /** The path, without the query string. */
    readonly path: string,
    /** The query string with its `?`, or "". */
    public search: string,
    private readonly metrics: Metrics,
  ) {}

  /** Records a refusal before GraphQL ran: the log line's errorCode and http_requests_refused_total{reason}. */
  refuse(reason: string, code = reason): void {
    this.errorCode = code;
    this.metrics.observeRefusal(reason);
  }
}

export interface HttpParts {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  apollo: ApolloServer<Context>;
  schema: GraphQLSchema;
  limits: DocumentLimits;
  costs: CostCache;
  cors: ReturnType<typeof createCors>;
  /** Present unless PLAYGROUND=false (or TRUSTED_DOCUMENTS=require). */
  playground?: Playground;
  /** Present unless TRUSTED_DOCUMENTS=off: resolves document ids, refuses what may not run. */
  trusted?: TrustedDocumentsDoor;
  /** Present when OpenTelemetry is configured: a server span per API request. */
  tracing?: Tracing;
  /** The context of one HTTP request, /graphql and REST alike. */
  context(x: Exchange): Promise<Context>;
  /** The REST paths (src/rest): resolves false when the path is none of the interface's. */
  rest(x: Exchange): Promise<boolean>;
  /** Whether the database takes writes, for /health/ready. */
  ready(): Promise<{ ok: boolean; reason?: string }>;
  /** Requests being answered (shutdown waits for them). */
  inFlight: Set<RequestScope>;
  state: { stopping: boolean };
}

/** Where a response keeps its request's exchange, for the 'close' listener. */
const EXCHANGE = Symbol("exchange");
type Answered = ServerResponse & { [EXCHANGE]?: Exchange };

/** Where the playground's files are: /playground/<file>. */
const ASSETS = `${PLAYGROUND_ASSETS_PATH}/`;

/** The probes and metrics: read only. */
const READ_ONLY_PATHS = new Set(["/health", "/health/live", "/health/ready", "/metrics"]);

/**
 * The server's one request listener, a router of its own over node:http (no framework: a handful
 * of paths, each decided by a string comparison). Every request gets its scope (id, time budget),
 * the headers every answer carries and one log line when it ends (at `info` when it failed or was
 * slow, else at `debug`; see worthInfo): method, path, status, duration,
 * request id, caller, operations (root field, cost, error codes); never the body, the variables or
 * the Authorization header. A client that goes away before its answer cancels the work and is
 * logged as aborted. Paths: /graphql (GET, POST; OPTIONS preflights; the playground's page),
 * /playground/<file>, the REST paths (`restPaths`: each with what lies below it), /health,
 * /health/live, /health/ready, /metrics; a JSON 404 for any other path.
 */
export function createRequestListener(parts: HttpParts, restPaths: readonly string[]): (req: IncomingMessage, res: ServerResponse) => void {
  const { config, logger, metrics, inFlight, state, cors, tracing } = parts;
  const resultLimits = { maxNodes: config.maxResultNodes, maxBytes: config.maxResultBytes };
  const isRest = (path: string) => restPaths.some((p) => path === p || (path.startsWith(p) && path.charCodeAt(p.length) === 47) /* / */);
  const graphql = graphqlRoute(parts);

  return (req, res) => {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const scope = new RequestScope(config.requestTimeoutMs, req.headers["x-request-id"] as string | undefined, resultLimits);
    scope.clientAddress = req.socket.remoteAddress;
    scope.answer = res;
    const x = new Exchange(req, res, scope, path, q < 0 ? "" : url.slice(q), metrics);
    inFlight.add(scope);
    res.setHeader("X-Request-Id", scope.id);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "no-store");
    // 'close' follows the answer's end, or the connection's loss before it (once per response)
    (res as Answered)[EXCHANGE] = x;
    res.on("close", onClose);

    const api = path === "/graphql" || isRest(path);
    if (api && cors(req, res)) return;
    if (state.stopping && path !== "/health/live") return stopping(x, api && path !== "/graphql");
    if (api && tracing) {
      // the API's requests (not the probes): a server span each, its statements parented from the scope
      tracing.startRequest(req, res, scope, path === "/graphql" ? path : (restPaths.find((p) => path.startsWith(p)) ?? path), path);
      // an Idempotency-Key's claim and answer go through the shared Prisma client, not the request's
      // port: such a request (a retried write, rare) is followed whole
      if (req.headers["idempotency-key"] !== undefined) {
        return void tracing.within(scope, () => route(x, api)).catch((error: unknown) => fail(x, error));
      }
    }
    route(x, api).catch((error: unknown) => fail(x, error));
  };

  /** The listener of every response's 'close': one function, not a closure per request. */
  function onClose(this: ServerResponse): void {
    ended((this as Answered)[EXCHANGE]!);
  }

  /** The request's end: its scope let go, and its one log line (at `info` when it failed or was slow, see worthInfo). */
  function ended(x: Exchange): void {
    const { req, res, scope, path, errorCode } = x;
    inFlight.delete(scope);
    tracing?.endRequest(scope, res);
    const aborted = !res.writableFinished;
    if (aborted) scope.cancel();
    else scope.finish();
    const probe = path.startsWith("/health") || path === "/metrics";
    const durationMs = performance.now() - scope.startedAt;
    const level = aborted ? "warn" : !probe && worthInfo(x, durationMs) ? "info" : "debug";
    // nothing of the line is built when it is not written (most successes at the default level)
    if (!logger.isLevelEnabled(level)) return;
    const line = {
      reqId: scope.id,
      traceId: scope.traceId,
      method: req.method,
      path,
      status: aborted ? undefined : res.statusCode,
      durationMs: Math.round(durationMs),
      callerId: scope.callerId,
      operations: scope.operations.length > 0 ? scope.operations : undefined,
      errorCode,
    };
    logger[level](line, aborted ? "request aborted by the client" : probe ? "probe" : "request");
  }

  /**
   * Whether an answered request's line (not a probe's) is written at `info`: it failed (a refusal, a status
   * of 400 or more, an error code in any operation) or took LOG_SLOW_REQUEST_MS or longer. Plain
   * successes go to `debug`: writing a line for each was an eighth of the CPU of a light request
   * (see README, Probes and logs); the metrics and traces count every request anyway.
   */
  function worthInfo({ res, scope, errorCode }: Exchange, durationMs: number): boolean {
    if (errorCode !== undefined || res.statusCode >= 400 || durationMs >= config.logSlowRequestMs) return true;
    for (const operation of scope.operations) if (operation.errorCodes.length > 0) return true;
    return false;
  }

  /** /graphql's own promise (an async function returning it would add a promise and two turns of the microtask queue), or the other paths'. */
  function route(x: Exchange, api: boolean): Promise<void> {
    return x.path === "/graphql" ? graphql(x) : otherPaths(x, api);
  }

  async function otherPaths(x: Exchange, api: boolean): Promise<void> {
    const { req, res, path } = x;
    if (api && (await parts.rest(x))) return;
    if (req.method === "GET" || req.method === "HEAD") {
      if (path === "/health/live") {
        // the process answers: a restart would not help (the database is /health/ready's concern)
        return sendJson(res, 200, { status: "ok" });
      }
      if (path === "/health" || path === "/health/ready") {
        const probe = await parts.ready();
        if (!probe.ok) logger.warn({ reason: probe.reason }, "health check failed");
        // the cause (host, port, file) is for the server's log, not for whoever can reach the probe
        return sendJson(
          res,
          probe.ok ? 200 : 503,
          probe.ok ? { status: "ok", database: "up" } : { status: "unavailable", database: "down" },
        );
      }
      if (path === "/metrics") {
        const text = await metrics.registry.metrics();
        res.setHeader("content-type", metrics.registry.contentType);
        res.end(text);
        return;
      }
      if (parts.playground && path.startsWith(ASSETS) && parts.playground.asset(res, path.slice(ASSETS.length))) return;
    } else if (READ_ONLY_PATHS.has(path)) {
      x.refuse("METHOD_NOT_ALLOWED");
      res.setHeader("Allow", "GET, HEAD");
      return answerError(res, 405, "METHOD_NOT_ALLOWED", "This path takes GET and HEAD.");
    }
    if (api) return sendRest(x, problem(404, "NOT_FOUND", "No operation of the interface has this path.", { refused: true }));
    x.refuse("NOT_FOUND");
    answerError(
      res,
      404,
      "NOT_FOUND",
      "Nothing is served at this path; the API is at /graphql, and its REST paths are listed at /openapi.json.",
    );
  }

  /** While the server stops: probes say 503 (the load balancer drains it), other requests get 503 and the connection closes. */
  function stopping(x: Exchange, rest: boolean): void {
    x.res.setHeader("Connection", "close");
    x.refuse("stopping", ErrorCode.SERVICE_UNAVAILABLE);
    if (x.path === "/health" || x.path === "/health/ready") return sendJson(x.res, 503, { status: "stopping" });
    const message = "The server is shutting down; send the request again (to another instance).";
    if (rest) return sendRest(x, problem(503, ErrorCode.SERVICE_UNAVAILABLE, message));
    answerError(x.res, 503, ErrorCode.SERVICE_UNAVAILABLE, message);
  }

  /** An unexpected failure outside GraphQL's own error handling: logged, answered 500 without details. */
  function fail(x: Exchange, error: unknown): void {
    x.refuse(ErrorCode.INTERNAL_SERVER_ERROR);
    logger.error({ reqId: x.scope.id, traceId: x.scope.traceId, code: ErrorCode.INTERNAL_SERVER_ERROR, err: error }, "request failed");
    if (x.res.headersSent) return void x.res.destroy();
    if (isRest(x.path)) return sendRest(x, problem(500, ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error."));
    answerError(x.res, 500, ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error.");
  }
}

/**
 * POST and GET /graphql through Apollo Server's integration API (`executeHTTPGraphQLRequest`):
 * the page for browsers (PLAYGROUND), the JSON body read and bounded, the cost guard, then Apollo
 * with the request's context. Apollo answers every other method (405) and every malformed request.
 */
function graphqlRoute(parts: HttpParts): (x: Exchange) => Promise<void> {
  const { apollo, schema, config, limits, costs, playground, trusted } = parts;
  return async (x) => {
    const { req, res } = x;
    if (playground && req.method === "GET" && playground.page(req, res, x.search)) return;
    let body: unknown;
    if (req.method === "POST") {
      try {
        body = await readJsonBody(req, config.maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyError) return bodyRefused(x, error.type);
        throw error;
      }
    }
    if (trusted) {
      const door = trusted(req.method, x.search, body);
      if (door.refusal) {
        x.refuse(door.refusal.code);
        return answerError(res, door.refusal.status, door.refusal.code, door.refusal.message);
      }
      x.search = door.search;
    }
    if (costGuard(x, body, schema, config, limits, costs)) return;
    const headers = new HeaderMap();
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method!, headers, search: x.search, body },
      context: () => parts.context(x),
    });
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.statusCode = response.status ?? 200;
    if (response.body.kind === "complete") {
      res.end(response.body.string);
      return;
    }
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  };
}

/**
 * Failures before GraphQL runs (malformed JSON, a body over MAX_BODY_BYTES, an unsupported
 * encoding or charset, a client that hung up mid-body) answered as GraphQL-style JSON errors with
 * a code, each logged as the request's one line, without the body.
 */
function bodyRefused(x: Exchange, type: BodyError["type"]): void {
  const [status, code, message] = BODY_REFUSALS[type];
  x.refuse(type, code);
  // the client went away: nobody to answer; the request's own log line says "aborted"
  if (type === "request.aborted") return;
  answerError(x.res, status, code, message);
}

/**
 * The cost limit at the door, before Apollo parses and validates anything: a document over
 * MAX_QUERY_COST is refused by parsing it and computing its cost alone, so the refusal of a
 * huge document takes milliseconds, not a full validation. Batched requests (a JSON array, as
 * Apollo Client's BatchHttpLink sends) carry at most MAX_BATCH_SIZE operations, and their costs
 * are summed against the same limit before any of them runs. The complexity plugin checks each
 * operation again after validation (and sets `extensions.cost`); this guard only refuses early.
 * Returns true when it answered (refused) the request.
 */
function costGuard(x: Exchange, posted: unknown, schema: GraphQLSchema, config: Config, limits: DocumentLimits, cache: CostCache): boolean {
  // a GET request's operation, as its query string carries it
  const params = x.req.method === "GET" ? new URLSearchParams(x.search) : undefined;
  const body = params
    ? { query: params.get("query"), operationName: params.get("operationName"), variables: params.get("variables") }
    : posted;
  const operations = Array.isArray(body) ? body : [body];
  if (operations.length > config.maxBatchSize) {
    x.refuse("BAD_REQUEST");
    answerError(
      x.res,
      400,
      "BAD_REQUEST",
      `A batch may carry at most ${config.maxBatchSize} operations; this one has ${operations.length}.`,
      { maxBatchSize: config.maxBatchSize },
    );
    return true;
  }
  let total = 0;
  for (const item of operations as Array<Record<string, unknown> | null | undefined>) {
    if (typeof item?.query !== "string") continue; // Apollo answers a malformed element itself
    const query = item.query;
    let variables = item.variables;
    if (typeof variables === "string") {
      try {
        variables = JSON.parse(variables) as unknown; // GET requests carry them as JSON text
      } catch {
        continue;
      }
    }
    const name = typeof item.operationName === "string" ? item.operationName : undefined;
    const given = isRecord(variables) ? variables : undefined;
    let unparsable = false;
    // known texts skip the parse too; the complexity plugin finds the cost here after validation
    const cost = cache.cost(cache.key(query, name, given), () => {
      let document;
      try {
        document = parse(query, { noLocation: true });
      } catch {
        unparsable = true; // Apollo reports GRAPHQL_PARSE_FAILED for it
        return 0;
      }
      return operationCost(schema, document, given, name, limits);
    });
    if (unparsable) continue;
    // a lone operation: the complexity plugin takes its cost from here, without the cache's key
    if (operations.length === 1) x.scope.priced = { query, name, variables: given, cost };
    total += cost;
    if (total > limits.maxCost) break;
  }
  x.scope.cost = total;
  x.scope.heavy = total > lightCost(limits.maxCost);
  if (total <= limits.maxCost) return false;
  x.refuse(ErrorCode.QUERY_TOO_COMPLEX);
  const cost = Number.isFinite(total) ? total : undefined;
  const what = Array.isArray(body) ? "The batch's operations cost" : "The query's cost is";
  answerError(
    x.res,
    400,
    ErrorCode.QUERY_TOO_COMPLEX,
    `${what} ${cost ?? "more than can be counted"}; the limit is ${limits.maxCost}. Ask for smaller pages or fewer nested lists.`,
    { cost, limit: limits.maxCost },
  );
  return true;
}

/** Sends a REST answer; a refusal is recorded for the request's log line and the refusal metric. */
export function sendRest(x: Exchange, answer: RestResponse): void {
  if (answer.refusal) x.refuse(answer.refusal);
  for (const name in answer.headers) x.res.setHeader(name, answer.headers[name]);
  x.res.statusCode = answer.status;
  x.res.end(answer.body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(value));
}

/** A refusal in the shape of a GraphQL response, so clients parse every answer the same way. */
function answerError(res: ServerResponse, status: number, code: string, message: string, extensions: Record<string, unknown> = {}): void {
  sendJson(res, status, { errors: [{ message, extensions: { code, ...extensions } }] });
}
