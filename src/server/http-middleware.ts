import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { parse, type GraphQLSchema } from "graphql";
import type { Config } from "../config/config";
import { ErrorCode } from "../errors/errors";
import type { Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";
import { CostCache, operationCost, type DocumentLimits } from "./plugins";
import { createRequestScope, type RequestScope } from "../observability/request-scope";
import { lightCost } from "./admission";

/** A refusal in the shape of a GraphQL response, so clients parse every answer the same way. */
function refuse(res: Response, status: number, code: string, message: string, extensions: Record<string, unknown> = {}): void {
  res.status(status).json({ errors: [{ message, extensions: { code, ...extensions } }] });
}

/**
 * Gives each request its scope (id, time budget), the headers every API answer carries, and
 * one log line when it ends: method, path, status, duration, request id, caller, operations
 * (root field, cost, error codes). Never the body, the variables or the Authorization header.
 * A client that goes away before its answer cancels the work and is logged as aborted.
 */
export function requestScopeMiddleware(options: { config: Config; logger: Logger; inFlight: Set<RequestScope> }): RequestHandler {
  const { config, logger, inFlight } = options;
  return (req, res, next) => {
    const scope = createRequestScope(config.requestTimeoutMs, req.get("x-request-id"), {
      maxNodes: config.maxResultNodes,
      maxBytes: config.maxResultBytes,
    });
    res.locals.scope = scope;
    scope.clientAddress = req.socket.remoteAddress;
    scope.closeConnectionAfter = () => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    };
    inFlight.add(scope);
    res.setHeader("X-Request-Id", scope.id);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "no-store");
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      inFlight.delete(scope);
      const aborted = !res.writableFinished;
      if (aborted) scope.cancel();
      else scope.finish();
      const line = {
        reqId: scope.id,
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: aborted ? undefined : res.statusCode,
        durationMs: Math.round(performance.now() - scope.startedAt),
        callerId: scope.callerId,
        operations: scope.operations.length > 0 ? scope.operations : undefined,
        errorCode: res.locals.errorCode as string | undefined,
      };
      if (aborted) logger.warn(line, "request aborted by the client");
      else if (line.path.startsWith("/health") || line.path === "/metrics") logger.debug(line, "probe");
      else logger.info(line, "request");
    };
    res.on("finish", end);
    res.on("close", end);
    next();
  };
}

/** While the server stops: probes say 503 (the load balancer drains it), other requests get 503 and the connection closes. */
export function shutdownGate(state: { stopping: boolean }, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    if (!state.stopping || req.path === "/health/live") return next();
    res.setHeader("Connection", "close");
    metrics.observeRefusal("stopping");
    if (req.path === "/health" || req.path === "/health/ready") {
      res.status(503).json({ status: "stopping" });
      return;
    }
    res.locals.errorCode = "SERVICE_UNAVAILABLE";
    refuse(res, 503, "SERVICE_UNAVAILABLE", "The server is shutting down; send the request again (to another instance).");
  };
}

/**
 * The cost limit at the door, before Apollo parses and validates anything: a document over
 * MAX_QUERY_COST is refused by parsing it and computing its cost alone, so the refusal of a
 * huge document takes milliseconds, not a full validation. Batched requests (a JSON array, as
 * Apollo Client's BatchHttpLink sends) carry at most MAX_BATCH_SIZE operations, and their costs
 * are summed against the same limit before any of them runs. The complexity plugin checks each
 * operation again after validation (and sets `extensions.cost`); this guard only refuses early.
 */
export function costGuard(schema: GraphQLSchema, config: Config, limits: DocumentLimits, cache = new CostCache()): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.method === "GET" ? req.query : req.body;
    const operations = Array.isArray(body) ? body : [body];
    if (operations.length > config.maxBatchSize) {
      res.locals.errorCode = "BAD_REQUEST";
      return refuse(res, 400, "BAD_REQUEST", `A batch may carry at most ${config.maxBatchSize} operations; this one has ${operations.length}.`, {
        maxBatchSize: config.maxBatchSize,
      });
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
      total += cost;
      if (total > limits.maxCost) break;
    }
    const scope = res.locals.scope as RequestScope | undefined;
    if (scope) {
      scope.cost = total;
      scope.heavy = total > lightCost(limits.maxCost);
    }
    if (total > limits.maxCost) {
      res.locals.errorCode = ErrorCode.QUERY_TOO_COMPLEX;
      const cost = Number.isFinite(total) ? total : undefined;
      const what = Array.isArray(body) ? "The batch's operations cost" : "The query's cost is";
      return refuse(
        res,
        400,
        ErrorCode.QUERY_TOO_COMPLEX,
        `${what} ${cost ?? "more than can be counted"}; the limit is ${limits.maxCost}. Ask for smaller pages or fewer nested lists.`,
        { cost, limit: limits.maxCost },
      );
    }
    next();
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Failures before GraphQL runs (malformed JSON, a body over MAX_BODY_BYTES, an unsupported
 * encoding, a client that hung up mid-body) answered as GraphQL-style JSON errors with a code,
 * never Express's HTML page, and logged as one line without the body or a stack.
 */
export function jsonErrorHandler(logger: Logger, metrics: Metrics): ErrorRequestHandler {
  return (error: { type?: string; status?: number; statusCode?: number; message?: string }, req, res, _next) => {
    const scope = res.locals.scope as RequestScope | undefined;
    const status = error.status ?? error.statusCode ?? 500;
    const [code, message] = describe(error.type, status);
    res.locals.errorCode = code;
    metrics.observeRefusal(error.type ?? code);
    if (error.type === "request.aborted") {
      // the client went away: nobody to answer; the request's own log line says "aborted"
      return;
    }
    if (status >= 500) logger.error({ reqId: scope?.id, code, reason: error.type, err: error }, "request failed");
    if (res.headersSent) return;
    refuse(res, status >= 400 && status < 600 ? status : 500, code, message);
  };
}

function describe(type: string | undefined, status: number): [string, string] {
  switch (type) {
    case "entity.parse.failed":
      return ["BAD_REQUEST", "The request body is not valid JSON."];
    case "entity.too.large":
      return ["PAYLOAD_TOO_LARGE", "The request body is larger than the server accepts (MAX_BODY_BYTES)."];
    case "encoding.unsupported":
    case "charset.unsupported":
      return ["UNSUPPORTED_MEDIA_TYPE", "The request body's encoding or charset is not supported; send UTF-8 JSON."];
    case "request.size.invalid":
      return ["BAD_REQUEST", "The request body's length does not match its Content-Length."];
    case "request.aborted":
      return ["CLIENT_CLOSED_REQUEST", "The client closed the request."];
    default:
      return status < 500 ? ["BAD_REQUEST", "The request could not be read."] : [ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error."];
  }
}
