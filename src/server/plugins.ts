import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import type { Context } from "../context";
import { QueryTooComplexError, UnauthenticatedError } from "../errors/errors";
import type { Metrics } from "../observability/metrics";
import { lightCost, type CostAdmission } from "./admission";
import { documentCost } from "./cost";
import { measureOperation, rootFieldsOf } from "./operation-fields";

/** Root fields anyone may ask for: introspection and the federation SDL. */
const PUBLIC_ROOT_FIELDS = new Set(["__schema", "__type", "__typename", "_service"]);

/**
 * Authentication in one place: an operation that selects any root field other than
 * introspection and `_service` (the twenty operations, `_entities`) needs a valid token.
 *
 * The refusal's status follows GraphQL over HTTP: HTTP 401 to a client that asks for
 * `application/graphql-response+json` (Apollo Client 4, urql, Hive Gateway), whose media type
 * tells it the body is a GraphQL answer whatever the status; HTTP 200 to one that accepts
 * `application/json` only, or any type: for that media type the spec recommends 200 for every
 * GraphQL answer, and Apollo Gateway, which asks for any type, reads a non-2xx answer as an HTTP
 * failure ("401: Unauthorized", without the subgraph's message).
 */
export function authPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      let refused = false;
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (contextValue.viewer || !operation) return;
          const needsAuth = rootFieldsOf(document, operation).some((n) => !PUBLIC_ROOT_FIELDS.has(n));
          if (needsAuth) {
            refused = true;
            throw new UnauthenticatedError(contextValue.authFailure);
          }
        },
        async willSendResponse({ request, response }) {
          if (refused && response.http.status === 401 && !asksForGraphqlResponse(request.http?.headers.get("accept"))) {
            response.http.status = 200;
          }
        },
      };
    },
  };
}

/** Whether an Accept header lists `application/graphql-response+json` (with a q above 0). */
function asksForGraphqlResponse(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((range) => {
    const [type, ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return type === "application/graphql-response+json" && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Each operation's computed cost, keyed by its request (operations of a batch share one context). */
const costs = new WeakMap<object, number>();

/** The cost the complexity plugin computed for an operation (its request object), once it has. */
export const costOf = (request: object): number | undefined => costs.get(request);

/** The limits a document is checked against before execution. */
export interface DocumentLimits {
  maxDepth: number;
  maxFields: number;
  maxCost: number;
  maxUnpaginatedItems: number;
}

/**
 * Refuses, before any resolver runs, documents deeper than `maxDepth` (a guard for the
 * recursive walks over the document), selecting more than `maxFields` fields with fragments
 * expanded (keeps the cost calculation itself cheap), or costing more than `maxCost` (the
 * result's size; see cost.ts). Every answer to an admitted operation carries
 * `extensions.cost: { requested, limit }` so clients can budget.
 */
export function complexityPlugin(
  schema: GraphQLSchema,
  limits: DocumentLimits,
  admission?: CostAdmission,
  cache = new CostCache(),
): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      let cost: number | undefined;
      let release: (() => void) | undefined;
      return {
        async didResolveOperation({ operation, document, request, contextValue }) {
          if (!operation) return;
          const { depth, fields } = measureOperation(document, operation, limits.maxFields);
          if (depth > limits.maxDepth) {
            throw new QueryTooComplexError(`The query is ${depth} levels deep; the limit is ${limits.maxDepth}.`, {
              depth,
              maxDepth: limits.maxDepth,
            });
          }
          if (fields > limits.maxFields) {
            throw new QueryTooComplexError(`The query selects more than ${limits.maxFields} fields (fragments expanded).`, {
              maxFields: limits.maxFields,
            });
          }
          // the cost guard usually computed it already for this text, name and variables
          const key = request.query === undefined ? undefined : cache.key(request.query, request.operationName ?? undefined, request.variables);
          cost = cache.cost(key, () => operationCost(schema, document, request.variables, operation.name?.value, limits));
          costs.set(request, cost);
          if (cost > limits.maxCost) {
            throw new QueryTooComplexError(`The query's cost is ${cost}; the limit is ${limits.maxCost}. Ask for smaller pages or fewer nested lists.`, {
              cost,
              limit: limits.maxCost,
            });
          }
          // a heavy operation (priced at the door for /graphql, here for REST) takes turns from now on
          if (contextValue.request && cost > lightCost(limits.maxCost)) contextValue.request.heavy = true;
          // heavy operations take turns (see admission.ts); the wait counts against the time budget
          if (admission) release = await admission.acquire(cost, contextValue.request);
        },
        async willSendResponse({ response }) {
          release?.();
          if (cost === undefined || cost > limits.maxCost || response.body.kind !== "single") return;
          const result = response.body.singleResult;
          result.extensions = { ...result.extensions, cost: { requested: cost, limit: limits.maxCost } };
        },
      };
    },
  };
}

/**
 * Costs already computed, by document text, operation name and variables (the cost depends on
 * nothing else: the schema and limits are the app's). The cost guard computes each operation's
 * cost at the door and the complexity plugin needs it again after validation; both ask here, so
 * a request pays for the calculation (and the guard's parse) at most once, and a document sent
 * again with the same variables not at all. Least recently used entries go first; documents and
 * variables over KEY_LIMIT characters are not kept.
 */
export class CostCache {
  private readonly entries = new Map<string, number>();
  static readonly KEY_LIMIT = 32_768;

  constructor(private readonly capacity = 500) {}

  /** The entry's key, or undefined when the operation is too large to keep. */
  key(query: string, operationName: string | undefined, variables: unknown): string | undefined {
    if (query.length > CostCache.KEY_LIMIT) return undefined;
    const vars = variables === undefined || variables === null ? "" : JSON.stringify(variables);
    if (query.length + vars.length > CostCache.KEY_LIMIT) return undefined;
    return `${operationName ?? ""}\u0000${vars}\u0000${query}`;
  }

  /** The cost under `key`, computing it with `compute` when it is not known yet. */
  cost(key: string | undefined, compute: () => number): number {
    if (key === undefined) return compute();
    const known = this.entries.get(key);
    if (known !== undefined) {
      // most recently used last: Map keeps insertion order
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const cost = compute();
    this.entries.set(key, cost);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return cost;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The cost of one operation; a document too large to evaluate counts as over any limit. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
  limits: DocumentLimits,
): number {
  try {
    return documentCost(schema, document, variables, operationName, {
      maxUnpaginatedItems: limits.maxUnpaginatedItems,
      maxNodes: 4 * limits.maxFields + 100,
    });
  } catch (error) {
    if (error instanceof GraphQLError && /maximum allowed number of nodes/.test(error.message)) return Number.POSITIVE_INFINITY;
    // variables that do not coerce: execution refuses them before any resolver runs
    return 0;
  }
}

/** The label an operation gets in logs and metrics: its root field, or `multiple` (bounded by the schema, unlike client-chosen names). */
function operationLabel(document: DocumentNode, operation: OperationDefinitionNode): string {
  const names = rootFieldsOf(document, operation);
  return names.length === 1 ? names[0] : names.length === 0 ? "none" : "multiple";
}

/**
 * One record per operation for the request's log line and the metrics: root field, caller,
 * outcome (ok or the first error code), duration and cost. Nothing of the document or the
 * variables is recorded.
 */
export function observabilityPlugin(metrics: Metrics | undefined): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      const started = performance.now();
      const record: { name: string; cost?: number; errorCodes: string[] } = { name: "unknown", errorCodes: [] };
      contextValue.request?.operations.push(record);
      if (contextValue.request && contextValue.viewer) contextValue.request.callerId = contextValue.viewer.id;
      return {
        async didResolveOperation({ operation, document }) {
          if (!operation) return;
          record.name = operationLabel(document, operation);
        },
        async willSendResponse({ response, request }) {
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : undefined;
          record.errorCodes = [...new Set((errors ?? []).map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")))];
          record.cost = costs.get(request);
          if (record.cost === Number.POSITIVE_INFINITY) record.cost = undefined;
          metrics?.observeOperation(record.name, record.errorCodes[0] ?? "ok", (performance.now() - started) / 1000, record.cost);
        },
      };
    },
  };
}

/** How many of a flood's variable violations the single folded error lists. */
export const MAX_REPORTED_VARIABLE_ERRORS = 50;

/**
 * graphql-js stops coercing variables after 50 errors and answers each as an error of its own,
 * the last one saying it gave up (src/errors/format-error.ts marks it `truncated`). A client gets
 * them as one BAD_USER_INPUT instead: the violations found, at most MAX_REPORTED_VARIABLE_ERRORS,
 * and `truncated: true`, as any other invalid input answers.
 */
export function variableFloodPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== "single") return;
          const errors = response.body.singleResult.errors;
          if (!errors || errors.length < 2 || !errors.some((e) => e.extensions?.truncated === true)) return;
          if (!errors.every((e) => e.extensions?.code === "BAD_USER_INPUT")) return;
          const validationErrors = errors
            .flatMap((e) => (e.extensions?.validationErrors as unknown[] | undefined) ?? [])
            .slice(0, MAX_REPORTED_VARIABLE_ERRORS);
          response.body.singleResult.errors = [
            {
              message: `Too many invalid variables: the first ${validationErrors.length} are listed in validationErrors.`,
              extensions: { code: "BAD_USER_INPUT", validationErrors, truncated: true },
            },
          ];
        },
      };
    },
  };
}
