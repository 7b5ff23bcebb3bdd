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
  type SpanOptions,
  type Tracer,
} from "@opentelemetry/api";
import type {
  ApolloServerPlugin,
  GraphQLRequestContext,
  GraphQLRequestContextDidEncounterErrors,
  GraphQLRequestContextWillSendResponse,
  GraphQLRequestExecutionListener,
  GraphQLRequestListener,
} from "@apollo/server";
import { getOperationAST, type GraphQLError } from "graphql";
import { ConfigError, type DatabaseKind } from "../config/config";
import type { Context } from "../context";
import type { StatementTracing } from "../db/statement-hook";
import type { RequestScope } from "../observability/request-scope";
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
export type Tracing = ReturnType<typeof createTracing>;

/** What a traced request carries (on its scope): its context (server span set) and the execution in progress. */
interface RequestTrace {
  context: TraceContext;
  span: Span;
  /**
   * The execute span of the operation running now, and its context: the parent of its statements
   * (Apollo's plugin hooks cannot make it the active span). The operations of a batch run side by
   * side: there a statement goes under the execute span begun last.
   */
  executing: Span | undefined;
  executionContext: TraceContext | undefined;
}

/** As many statement texts as the read side names (src/db/kysely.ts): past that, shapes are built per statement, not kept. */
const MAX_SHAPES = 2_000;

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
    .merge(resourceFromAttributes({ "service.name": "work-management-api" }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  // the W3C trace context (and baggage) propagator; no context manager (see the module's comment)
  provider.register({ contextManager: null });
  return createTracing(provider.getTracer("work-management-api"), () => provider.shutdown());
}

function createTracing(tracer: Tracer, shutdown: () => Promise<void>) {
  // the request of each Prisma call in flight; its async hooks run only while one is
  const calls = new AsyncLocalStorage<RequestTrace>();
  let inFlight = 0;
  // errors met by a request, for their log lines (logFields); a WeakMap answers undefined for a key that is no object
  const failures = new WeakMap<object, RequestTrace>();
  const traceOf = (scope: RequestScope): RequestTrace | undefined => {
    const request = scope.trace as RequestTrace | undefined;
    // an unsampled request (OTEL_TRACES_SAMPLER): its server span only, nothing under it
    return request?.span.isRecording() ? request : undefined;
  };

  /** One GraphQL operation's spans: its hooks are this class's methods, shared, not closures made per request. */
  class OperationSpans implements GraphQLRequestListener<Context>, GraphQLRequestExecutionListener<Context> {
    /** The operation's execute span, once it runs. */
    private execution?: Span;

    constructor(
      private readonly request: RequestTrace,
      private readonly caller: string | undefined,
    ) {}

    private phase(name: string, attributes?: Attributes): Span {
      return tracer.startSpan(name, attributes ? { attributes } : {}, this.request.context);
    }

    async parsingDidStart(rc: GraphQLRequestContext<Context>): Promise<(error?: Error) => Promise<void>> {
      const span = this.phase("graphql.parse");
      return async (error) => finish(span, operationAttributes(rc), error, "GRAPHQL_PARSE_FAILED");
    }

    async validationDidStart(rc: GraphQLRequestContext<Context>): Promise<(errors?: readonly Error[]) => Promise<void>> {
      const span = this.phase("graphql.validate");
      return async (errors) => finish(span, operationAttributes(rc), errors?.[0], "GRAPHQL_VALIDATION_FAILED");
    }

    async executionDidStart(rc: GraphQLRequestContext<Context>): Promise<GraphQLRequestExecutionListener<Context>> {
      const attributes = operationAttributes(rc);
      const cost = costOf(rc.request);
      if (cost !== undefined) attributes["graphql.cost"] = cost;
      const span = (this.execution = this.phase("graphql.execute", attributes));
      const { request } = this;
      request.executing = span;
      // made once per operation, not once per statement: the context its statements start under
      request.executionContext = trace.setSpan(request.context, span);
      return this;
    }

    /** The end of the operation's execution: its span ended, no longer the parent of the statements. */
    async executionDidEnd(error?: Error): Promise<void> {
      const { request, execution } = this;
      if (request.executing === execution) {
        request.executing = undefined;
        request.executionContext = undefined;
      }
      finish(execution!, undefined, error);
    }

    async didEncounterErrors({ errors }: GraphQLRequestContextDidEncounterErrors<Context>): Promise<void> {
      for (const error of errors) {
        failures.set(error, this.request);
        if (error.originalError) failures.set(error.originalError, this.request);
      }
    }

    async willSendResponse(rc: GraphQLRequestContextWillSendResponse<Context>): Promise<void> {
      const attributes = operationAttributes(rc);
      if (this.caller) attributes["enduser.id"] = this.caller;
      const cost = costOf(rc.request);
      if (cost !== undefined && Number.isFinite(cost)) attributes["graphql.cost"] = cost;
      const errors = rc.response.body.kind === "single" ? rc.response.body.singleResult.errors : undefined;
      if (errors?.length)
        attributes["graphql.error.codes"] = [...new Set(errors.map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")))];
      this.request.span.setAttributes(attributes);
    }
  }

  const within: StatementTracing["within"] = (scope, call) => {
    const request = traceOf(scope);
    if (!request) return call();
    inFlight++;
    // run() enables the storage again (Node 20); the call is started (a Prisma promise is lazy:
    // it sends nothing until `then`) and followed inside it
    return calls.run(request, () =>
      whenSettled(call, (failure) => {
        if (typeof failure?.error === "object" && failure.error !== null) failures.set(failure.error, request);
        if (--inFlight === 0) calls.disable();
      }),
    );
  };

  return {
    /**
     * Starts the server span of an HTTP request (`route`: its low-cardinality label, /graphql or a
     * REST prefix; `path`: the URL's path), continuing the request's `traceparent`, and sets
     * `traceresponse`. The span is kept on `scope` (src/observability/request-scope.ts), with the
     * trace id for the request's log line; the GraphQL and statement spans find their parent there.
     */
    startRequest(req: IncomingMessage, res: ServerResponse, scope: RequestScope, route: string, path: string): void {
      const { headers } = req;
      // the SDK's propagators (W3C trace context and baggage) read these two headers only
      const parent =
        headers.traceparent === undefined && headers.baggage === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, headers);
      const method = req.method ?? "GET";
      const attributes: Attributes = { "http.request.method": method, "http.route": route, "url.path": path, "url.scheme": "http" };
      if (headers["user-agent"]) attributes["user_agent.original"] = headers["user-agent"];
      const span = tracer.startSpan(`${method} ${route}`, { kind: SpanKind.SERVER, attributes }, parent);
      const { traceId, spanId, traceFlags } = span.spanContext();
      // W3C Trace Context level 2: which span answered, so a client can find this trace
      res.setHeader("traceresponse", `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, "0")}`);
      scope.traceId = traceId;
      scope.trace = { context: trace.setSpan(parent, span), span, executing: undefined, executionContext: undefined };
    },
    /** Ends the request's server span (once its answer is sent, or the connection lost): the HTTP layer's end of a request. */
    endRequest(scope: RequestScope, res: ServerResponse): void {
      const span = (scope.trace as RequestTrace | undefined)?.span;
      if (!span) return;
      span.setAttribute("http.response.status_code", res.statusCode);
      if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: "the client closed the connection" });
      else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    /**
     * Runs `fn` (a promise: all it starts until it settles) where the request's Prisma statements
     * and log lines find it: each Prisma call of a request's port (src/db/budget.ts), and requests
     * whose work also goes through the shared client (an Idempotency-Key's claim).
     */
    within,
    /** The GraphQL spans of each operation, under its request's server span. */
    plugin: (): ApolloServerPlugin<Context> => ({
      async requestDidStart({ contextValue }) {
        const request = contextValue.request && traceOf(contextValue.request);
        return request ? new OperationSpans(request, contextValue.viewer?.id) : undefined;
      },
    }),
    /** The span of each SQL statement sent on behalf of a traced request (src/db/statement-hook.ts). */
    statements(kind: DatabaseKind): StatementTracing {
      const system = kind === "postgres" ? "postgresql" : "sqlite";
      const shapes = new Map<string, SpanOptions & { name: string }>();
      const shapeOf = (sql: string) => {
        let shape = shapes.get(sql);
        if (!shape) {
          // two attributes only: each costs on every statement
          shape = {
            name: /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? system,
            kind: SpanKind.CLIENT,
            attributes: { "db.system": system, "db.query.text": sql },
          };
          if (shapes.size < MAX_SHAPES) shapes.set(sql, shape);
        }
        return shape;
      };
      /** A statement of `request`: under the operation executing now, else under the request's span (the token's look-up). */
      const traced = <T>(request: RequestTrace, sql: string, run: () => T): T => {
        const shape = shapeOf(sql);
        const span = tracer.startSpan(shape.name, shape, request.executionContext ?? request.context);
        return whenSettled(run, (failure) => {
          if (failure) failed(span, failure.error);
          span.end();
        });
      };
      return {
        forRequest: (scope) => {
          const request = traceOf(scope);
          return request && ((sql, run) => traced(request, sql, run));
        },
        adapter: (sql, run) => {
          const request = calls.getStore();
          // statements outside a traced request's Prisma call (start-up, probes): no span
          return request ? traced(request, sql, run) : run();
        },
        within,
      };
    },
    /**
     * pino's mixin: the trace and span ids of a line written inside a request: in a Prisma call of
     * it (`within`), or about an error the request met (the line's `err`: the GraphQL errors of its
     * operations, the failures of its Prisma calls), which is how formatError's lines reach the log.
     */
    logFields(fields: object): Record<string, string> {
      const err = (fields as { err?: { originalError?: object } }).err;
      // Apollo wraps a failure of the context's creation (the token's look-up) in an error of its own
      const request = calls.getStore() ?? (err && (failures.get(err) ?? failures.get(err.originalError!)));
      if (!request) return {};
      const { traceId, spanId } = (request.executing ?? request.span).spanContext();
      return { traceId, spanId };
    },
    /** Sends the spans still buffered (at shutdown). */
    shutdown,
  };
}

/** The operation's name and type, once the document is known (`graphql.operation.*` of the semantic conventions). */
function operationAttributes(rc: GraphQLRequestContext<Context>): Attributes {
  const operation = rc.operation ?? (rc.document ? getOperationAST(rc.document, rc.request.operationName) : undefined);
  if (!operation) return {};
  const attributes: Attributes = { "graphql.operation.type": operation.operation };
  if (operation.name) attributes["graphql.operation.name"] = operation.name.value;
  return attributes;
}

/** Ends a phase's span; graphql-js's parse and validation errors carry no code yet: `code` is the one clients get. */
function finish(span: Span, attributes: Attributes | undefined, error?: Error | GraphQLError, code?: string): void {
  if (attributes) span.setAttributes(attributes);
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

/** Runs `run` and calls `done` once it has settled (at once, or when the promise it answers does); answers what `run` does. */
function whenSettled<T>(run: () => T, done: (failure?: { error: unknown }) => void): T {
  let result: T;
  try {
    result = run();
  } catch (error) {
    done({ error });
    throw error;
  }
  if (typeof (result as { then?: unknown } | null)?.then !== "function") {
    done();
    return result;
  }
  return (result as PromiseLike<Awaited<T>>).then(
    (value) => {
      done();
      return value;
    },
    (error: unknown) => {
      done({ error });
      throw error;
    },
  ) as T;
}
