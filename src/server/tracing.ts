import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context as TraceContext,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import type { ApolloServerPlugin, GraphQLRequestContext } from "@apollo/server";
import { getOperationAST, type GraphQLError } from "graphql";
import { ConfigError, type DatabaseKind } from "../config/config";
import type { Context } from "../context";
import type { StatementTracing } from "../db/statement-hook";
import { costOf } from "./plugins";

/**
 * OpenTelemetry traces, configured by the standard OTEL_* variables and exported over OTLP/HTTP
 * by the official SDK. One server span per request (continuing the caller's W3C `traceparent`,
 * so a gateway's trace goes on through this subgraph), under it the GraphQL phases (parse,
 * validate, execute, with the operation's name and type), and under execute one span per SQL
 * statement (the statement's text, whose values are always bound parameters, never its values).
 * The caller's id and the operation's cost are attributes; the trace id is in the log lines of
 * the request (`logFields`) and in the `traceresponse` header of its answer.
 *
 * Without an exporter configured nothing of this exists: the SDK is not loaded, no middleware,
 * plugin or statement hook is installed, so a request costs what it cost before (the bench's
 * tracing table measures the users page both ways).
 *
 * Spans are parented explicitly, from the request's scope, never through an active context: an
 * AsyncLocalStorage (OpenTelemetry's context manager) would make Node 20's async hooks run on
 * every promise of the process (profiled: a third of tracing's cost on the users page). The one
 * place a statement's request cannot be known is Prisma's driver adapter, shared by every
 * request: each Prisma call of a traced request runs in an AsyncLocalStorage of this module,
 * enabled only while such a call is in flight (`within`), disabled again when the last ends.
 */
export interface Tracing {
  /**
   * Starts the server span of an HTTP request (`route`: its low-cardinality label, /graphql or a
   * REST prefix), continuing the request's `traceparent`, sets `traceresponse`, and ends the span
   * when the answer is sent. `scope` is the request's (src/observability/request-scope.ts): it gets the
   * trace id for the request's log line, and the GraphQL spans find their parent by it.
   */
  startRequest(req: IncomingMessage, res: ServerResponse, scope: { traceId?: string }, route: string): void;
  /**
   * Runs `fn` (a promise: all it starts until it settles) where the request's Prisma statements
   * and log lines find it: each Prisma call of a request's port (src/db/budget.ts), and requests
   * whose work also goes through the shared client (an Idempotency-Key's claim).
   */
  within: StatementTracing["within"];
  /** The GraphQL spans of each operation, under its request's server span. */
  plugin(): ApolloServerPlugin<Context>;
  /** The span of each SQL statement sent on behalf of a traced request (src/db/statement-hook.ts). */
  statements(kind: DatabaseKind): StatementTracing;
  /**
   * pino's mixin: the trace and span ids of a line written inside a request: in a Prisma call of
   * it (`within`), or about an error the request met (the line's `err`: the GraphQL errors of its
   * operations, the failures of its Prisma calls), which is how formatError's lines reach the log.
   */
  logFields(fields: object): Record<string, string>;
  /** Sends the spans still buffered (at shutdown). */
  shutdown(): Promise<void>;
}

/** What a traced request carries: its context (server span active) and the execution in progress. */
interface RequestTrace {
  context: TraceContext;
  span: Span;
  /**
   * The execute span of the operation running now: the parent of its statements (Apollo's plugin
   * hooks cannot make it the active span). The operations of a batch run side by side: there a
   * statement goes under the execute span begun last.
   */
  executing: { span?: Span; context?: TraceContext };
}

/** A statement span's name (the statement's first keyword: SELECT, INSERT, BEGIN...) and attributes, the same for every run of one text. */
interface StatementShape {
  name: string;
  attributes: Attributes;
}

/** As many statement texts as the read side names (src/db/kysely.ts): past that, shapes are built per statement, not kept. */
const MAX_SHAPES = 2_000;

const DEFAULT_SERVICE_NAME = "work-management-api";

/**
 * Whether the environment asks for traces: an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or OTEL_TRACES_EXPORTER=otlp, unless OTEL_SDK_DISABLED=true
 * or OTEL_TRACES_EXPORTER=none. A value this server cannot honour stops it at start.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if ((env.OTEL_SDK_DISABLED ?? "").trim().toLowerCase() === "true") return false;
  const exporter = (env.OTEL_TRACES_EXPORTER ?? "").trim().toLowerCase();
  if (exporter === "none") return false;
  if (exporter !== "" && exporter !== "otlp") {
    throw new ConfigError(`Invalid configuration:\n  - OTEL_TRACES_EXPORTER must be otlp or none (got "${env.OTEL_TRACES_EXPORTER}")`);
  }
  return exporter === "otlp" || Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/**
 * Starts the SDK when the environment asks for traces (tracingRequested), else answers undefined
 * and loads nothing. The SDK reads the rest of OTEL_* itself: the endpoint, headers and timeout
 * (the exporter), the sampler (OTEL_TRACES_SAMPLER, _ARG), batching (OTEL_BSP_*), limits
 * (OTEL_ATTRIBUTE_*), the service name and resource attributes (OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES).
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  if (!tracingRequested(env)) return undefined;
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || "http/protobuf").trim();
  if (protocol !== "http/protobuf" && protocol !== "http/json") {
    throw new ConfigError(
      `Invalid configuration:\n  - OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got "${protocol}"); this server exports over OTLP/HTTP`,
    );
  }
  // loaded only now: a server without tracing never loads the SDK
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { BatchSpanProcessor, NodeTracerProvider } =
    require("@opentelemetry/sdk-trace-node") as typeof import("@opentelemetry/sdk-trace-node");
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } =
    require("@opentelemetry/resources") as typeof import("@opentelemetry/resources");
  const { OTLPTraceExporter } =
    protocol === "http/json"
      ? (require("@opentelemetry/exporter-trace-otlp-http") as typeof import("@opentelemetry/exporter-trace-otlp-http"))
      : (require("@opentelemetry/exporter-trace-otlp-proto") as typeof import("@opentelemetry/exporter-trace-otlp-proto"));
  /* eslint-enable @typescript-eslint/no-require-imports */
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": DEFAULT_SERVICE_NAME }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  // the W3C trace context (and baggage) propagator; no context manager (see the module's comment)
  provider.register({ contextManager: null });
  return createTracing(provider.getTracer("work-management-api"), () => provider.shutdown());
}

function createTracing(tracer: Tracer, shutdown: () => Promise<void>): Tracing {
  const traces = new WeakMap<object, RequestTrace>();
  // the request of each Prisma call in flight; its async hooks run only while one is
  const calls = new AsyncLocalStorage<RequestTrace>();
  let inFlight = 0;
  // errors met by a request, for their log lines (logFields)
  const failures = new WeakMap<object, RequestTrace>();
  const failedRequest = (error: { originalError?: unknown }): RequestTrace | undefined =>
    failures.get(error) ??
    (typeof error.originalError === "object" && error.originalError !== null ? failures.get(error.originalError) : undefined);
  const settled = () => {
    if (--inFlight === 0) calls.disable();
  };

  const startRequest: Tracing["startRequest"] = (req, res, scope, route) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const method = req.method ?? "GET";
    const span = tracer.startSpan(
      `${method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          "http.request.method": method,
          "http.route": route,
          "url.path": (req.url ?? "").split("?")[0],
          "url.scheme": "http",
          ...(req.headers["user-agent"] ? { "user_agent.original": req.headers["user-agent"] } : {}),
        },
      },
      parent,
    );
    const { traceId, spanId, traceFlags } = span.spanContext();
    // W3C Trace Context level 2: which span answered, so a client can find this trace
    res.setHeader("traceresponse", `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, "0")}`);
    scope.traceId = traceId;
    traces.set(scope, { context: trace.setSpan(parent, span), span, executing: {} });
    res.once("close", () => {
      span.setAttribute("http.response.status_code", res.statusCode);
      if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: "the client closed the connection" });
      else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  };

  const plugin = (): ApolloServerPlugin<Context> => ({
    async requestDidStart({ contextValue }) {
      const request = contextValue.request && traces.get(contextValue.request);
      if (!request || !request.span.isRecording()) return undefined;
      const caller = contextValue.viewer?.id;
      if (caller) request.span.setAttribute("enduser.id", caller);
      const phase = (name: string, attributes: Attributes = {}) => tracer.startSpan(name, { attributes }, request.context);
      return {
        async parsingDidStart(rc) {
          const span = phase("graphql.parse");
          return async (error) => finish(span, rc, error, "GRAPHQL_PARSE_FAILED");
        },
        async validationDidStart(rc) {
          const span = phase("graphql.validate");
          return async (errors) => finish(span, rc, errors?.[0], "GRAPHQL_VALIDATION_FAILED");
        },
        async executionDidStart(rc) {
          const span = phase("graphql.execute", {
            ...operationAttributes(rc),
            ...(caller ? { "enduser.id": caller } : {}),
            ...(costOf(rc.request) !== undefined ? { "graphql.cost": costOf(rc.request) } : {}),
          });
          request.executing.span = span;
          // made once per operation, not once per statement: the context its statements start under
          request.executing.context = trace.setSpan(request.context, span);
          return {
            async executionDidEnd(error) {
              if (request.executing.span === span) {
                request.executing.span = undefined;
                request.executing.context = undefined;
              }
              finish(span, rc, error);
            },
          };
        },
        async didEncounterErrors({ errors }) {
          for (const error of errors) {
            failures.set(error, request);
            if (error.originalError) failures.set(error.originalError, request);
          }
        },
        async willSendResponse(rc) {
          request.span.setAttributes(operationAttributes(rc));
          const cost = costOf(rc.request);
          if (cost !== undefined && Number.isFinite(cost)) request.span.setAttribute("graphql.cost", cost);
          const result = rc.response.body.kind === "single" ? rc.response.body.singleResult : undefined;
          const codes = [...new Set((result?.errors ?? []).map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")))];
          if (codes.length > 0) request.span.setAttribute("graphql.error.codes", codes);
        },
      };
    },
  });

  const statements = (kind: DatabaseKind): StatementTracing => {
    const system = kind === "postgres" ? "postgresql" : "sqlite";
    const shapes = new Map<string, StatementShape>();
    const shapeOf = (sql: string): StatementShape => {
      let shape = shapes.get(sql);
      if (!shape) {
        // two attributes only: each costs on every statement
        shape = { name: /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? system, attributes: { "db.system": system, "db.query.text": sql } };
        if (shapes.size < MAX_SHAPES) shapes.set(sql, shape);
      }
      return shape;
    };
    /** A statement of `request`: under the operation executing now, else under the request's span (the token's look-up). */
    const traced = <T>(request: RequestTrace, sql: string, run: () => T): T => {
      // an unsampled request: no span
      if (!request.span.isRecording()) return run();
      const { name, attributes } = shapeOf(sql);
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, request.executing.context ?? request.context);
      let result: T;
      try {
        result = run();
      } catch (error) {
        failed(span, error);
        span.end();
        throw error;
      }
      if (isPromiseLike(result)) {
        return result.then(
          (value) => {
            span.end();
            return value;
          },
          (error: unknown) => {
            failed(span, error);
            span.end();
            throw error;
          },
        ) as T;
      }
      span.end();
      return result;
    };
    return {
      forRequest: (scope) => {
        const request = traces.get(scope);
        return request && request.span.isRecording() ? (sql, run) => traced(request, sql, run) : undefined;
      },
      adapter: (sql, run) => {
        const request = calls.getStore();
        // statements outside a traced request's Prisma call (start-up, probes): no span
        return request ? traced(request, sql, run) : run();
      },
      within,
    };
  };

  const within: StatementTracing["within"] = (scope, call) => {
    const request = traces.get(scope);
    if (!request?.span.isRecording()) return call();
    inFlight++;
    // run() enables the storage again (Node 20); the call is started (a Prisma promise is lazy:
    // it sends nothing until `then`) and followed inside it
    return calls.run(request, () => {
      let result;
      try {
        result = call();
      } catch (error) {
        settled();
        throw error;
      }
      if (!isPromiseLike(result)) {
        settled();
        return result;
      }
      return result.then(
        (value) => {
          settled();
          return value;
        },
        (error: unknown) => {
          if (typeof error === "object" && error !== null) failures.set(error, request);
          settled();
          throw error;
        },
      ) as typeof result;
    });
  };

  return {
    startRequest,
    within,
    plugin,
    statements,
    logFields: (fields): Record<string, string> => {
      const err = (fields as { err?: { originalError?: unknown } }).err;
      // Apollo wraps a failure of the context's creation (the token's look-up) in an error of its own
      const request = calls.getStore() ?? (typeof err === "object" && err !== null ? failedRequest(err) : undefined);
      if (!request) return {};
      const { traceId, spanId } = (request.executing.span ?? request.span).spanContext();
      return { traceId, spanId };
    },
    shutdown,
  };
}

/** The operation's name and type, once the document is known (`graphql.operation.*` of the semantic conventions). */
function operationAttributes(rc: GraphQLRequestContext<Context>): Attributes {
  const operation = rc.operation ?? (rc.document ? getOperationAST(rc.document, rc.request.operationName) : undefined);
  if (!operation) return {};
  return { "graphql.operation.type": operation.operation, ...(operation.name ? { "graphql.operation.name": operation.name.value } : {}) };
}

/** Ends a phase's span; graphql-js's parse and validation errors carry no code yet: `code` is the one clients get. */
function finish(span: Span, rc: GraphQLRequestContext<Context>, error?: Error | GraphQLError, code?: string): void {
  span.setAttributes(operationAttributes(rc));
  if (error) failed(span, error, code);
  span.end();
}

/** Marks a span failed with the error's code (or class), never its message (it may quote the document or a value). */
function failed(span: Span, error: unknown, fallback?: string): void {
  const e = error as { name?: string; code?: unknown; extensions?: { code?: unknown } };
  const code = e?.extensions?.code ?? e?.code ?? fallback;
  span.setStatus({ code: SpanStatusCode.ERROR, ...(code !== undefined ? { message: String(code) } : {}) });
  span.setAttribute("error.type", typeof code === "string" ? code : (e?.name ?? "Error"));
}

function isPromiseLike<T>(value: T): value is T & PromiseLike<Awaited<T>> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
