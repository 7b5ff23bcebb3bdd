import type {
  ApolloServerPlugin,
  GraphQLRequest,
  GraphQLRequestContextDidEncounterErrors,
  GraphQLRequestContextDidResolveOperation,
  GraphQLRequestContextWillSendResponse,
  GraphQLRequestListener,
} from "@apollo/server";
import type { DocumentNode, FormattedExecutionResult, GraphQLSchema, OperationDefinitionNode } from "graphql";
import type { Context } from "../context";
import { QueryTooComplexError, UnauthenticatedError } from "../errors/errors";
import type { Metrics } from "../observability/metrics";
import type { RequestScope } from "../observability/request-scope";
import { lightCost, type CostAdmission } from "./admission";
import { operationCost, type DocumentLimits } from "./cost";
import { measureOperation, rootFieldsOf } from "./operation-fields";
import { ResultBudget } from "./result-budget";
import { untrustedRefusal, type TrustedDocuments } from "./trusted-documents";

/** Root fields anyone may ask for: introspection and the federation SDL. */
const PUBLIC_ROOT_FIELDS = new Set(["__schema", "__type", "__typename", "_service"]);

/** Whether an Accept header lists `application/graphql-response+json` (with a q above 0). */
function asksForGraphqlResponse(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((range) => {
    const [type, ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return type === "application/graphql-response+json" && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Where an operation's computed cost is kept: on its request object (operations of a batch share
 * one context), under a symbol, not in a WeakMap (a WeakMap entry per request cost about a
 * microsecond to add, and its ephemerons are work for every scavenge).
 */
const COST = Symbol("operation cost");

/** The cost the complexity plugin computed for an operation (its request object), once it has. */
export const costOf = (request: object): number | undefined => (request as { [COST]?: number })[COST];

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
  /** The key used last (the Map's last entry). */
  private newest?: string;
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
      // most recently used last: Map keeps insertion order (moving an entry is a delete and an
      // insertion, measurable on every request: skipped when it is the last already)
      if (key !== this.newest) {
        this.entries.delete(key);
        this.entries.set(key, known);
        this.newest = key;
      }
      return known;
    }
    const cost = compute();
    this.entries.set(key, cost);
    this.newest = key;
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return cost;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The rules every GraphQL operation goes through, as one Apollo plugin (each plugin costs every
 * request a listener and a promise per stage: four of them were measurable on `{ __typename }`),
 * its per-operation state in one object whose hooks are shared methods (no closures per request):
 *
 * - **Observability**: one record per operation for the request's log line and the metrics: root
 *   field, caller, outcome (ok or the first error code), duration and cost. Nothing of the
 *   document or the variables is recorded.
 * - **Authentication** in one place: an operation that selects any root field other than
 *   introspection and `_service` (the twenty operations, `_entities`) needs a valid token. The
 *   refusal's status follows GraphQL over HTTP: HTTP 401 to a client that asks for
 *   `application/graphql-response+json` (Apollo Client 4, urql, Hive Gateway), whose media type
 *   tells it the body is a GraphQL answer whatever the status; HTTP 200 to one that accepts
 *   `application/json` only, or any type: for that media type the spec recommends 200 for every
 *   GraphQL answer, and Apollo Gateway, which asks for any type, reads a non-2xx answer as an HTTP
 *   failure ("401: Unauthorized", without the subgraph's message).
 * - **Trusted documents** (TRUSTED_DOCUMENTS, src/server/trusted-documents.ts) once the caller is known.
 * - **Complexity**: refuses, before any resolver runs, documents deeper than `maxDepth` (a guard
 *   for the recursive walks over the document), selecting more than `maxFields` fields with
 *   fragments expanded (keeps the cost calculation itself cheap), or costing more than `maxCost`
 *   (the result's size; see cost.ts). Every answer to an admitted operation carries
 *   `extensions.cost: { requested, limit }` so clients can budget. Heavy operations take turns
 *   (admission.ts).
 * - **Variable floods**: graphql-js stops coercing variables after 50 errors and answers each as
 *   an error of its own, the last one saying it gave up (src/errors/format-error.ts marks it
 *   `truncated`). A client gets them as one BAD_USER_INPUT instead: the violations found, at
 *   most MAX_REPORTED_VARIABLE_ERRORS, and `truncated: true`, as any other invalid input answers.
 * - **The result budget** of an HTTP request (src/server/result-budget.ts), after every other
 *   plugin's hooks: registered first (its rules come before theirs), its hooks wait one turn of
 *   the microtask queue before its part, as a plugin registered last would run (Apollo calls
 *   every plugin's hook at once, each up to its first await, and awaits them all).
 */
export function operationRulesPlugin(rules: Rules): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      return new OperationRules(rules, contextValue);
    },
  };
}

interface Rules {
  schema: GraphQLSchema;
  limits: DocumentLimits;
  metrics: Metrics;
  admission: CostAdmission;
  costs: CostCache;
  trusted?: TrustedDocuments;
}

/** One operation's state under the rules (see operationRulesPlugin), its hooks as methods. */
class OperationRules implements GraphQLRequestListener<Context> {
  private readonly started = performance.now();
  private readonly record: RequestScope["operations"][number] = { name: "unknown", errorCodes: [] };
  /** The auth rule refused the operation (its answer's status is then decided in willSendResponse). */
  private refused = false;
  private cost?: number;
  private release?: () => void;
  private readonly budget?: ResultBudget;

  constructor(
    private readonly rules: Rules,
    context: Context,
  ) {
    const scope = context.request;
    if (!scope) return;
    scope.operations.push(this.record);
    if (context.viewer) scope.callerId = context.viewer.id;
    this.budget = new ResultBudget(scope);
  }

  async didEncounterErrors({ errors }: GraphQLRequestContextDidEncounterErrors<Context>): Promise<void> {
    if (!this.budget) return;
    // after the other plugins' hooks have seen the errors as execution left them (tracing records each)
    await Promise.resolve();
    this.budget.keepOnlyTheStop(errors);
  }

  async didResolveOperation({
    operation,
    document,
    request,
    contextValue,
  }: GraphQLRequestContextDidResolveOperation<Context>): Promise<void> {
    const { limits, admission, trusted } = this.rules;
    if (!operation) {
      // no operation to run (Apollo answers why), but an untrusted document is refused as such
      const untrusted = trusted && untrustedRefusal(trusted, request, contextValue.viewer);
      if (untrusted) throw untrusted;
      return;
    }
    const roots = rootFieldsOf(document, operation);
    // its label in logs and metrics: its root field, or `multiple` (bounded by the schema, unlike client-chosen names)
    this.record.name = roots.length === 1 ? roots[0] : roots.length === 0 ? "none" : "multiple";
    // authentication first, then trusted documents (TRUSTED_DOCUMENTS), then the complexity rule
    const unauthenticated = !contextValue.viewer && roots.some((n) => !PUBLIC_ROOT_FIELDS.has(n));
    const refusal = unauthenticated
      ? new UnauthenticatedError(contextValue.authFailure)
      : trusted && untrustedRefusal(trusted, request, contextValue.viewer);
    // priced even when refused (the refusal's answer and log line carry the cost, as any other's)
    try {
      this.price(operation, document, request, contextValue.request);
    } catch (error) {
      if (!refusal) throw error;
    }
    if (refusal) {
      this.refused = unauthenticated;
      throw refusal;
    }
    // a heavy operation (priced at the door for /graphql, here for REST) takes turns from now on
    if (contextValue.request && this.cost! > lightCost(limits.maxCost)) contextValue.request.heavy = true;
    // heavy operations take turns (see admission.ts); the wait counts against the time budget
    const admitted = admission.acquire(this.cost!, contextValue.request);
    if (admitted) this.release = await admitted;
  }

  /** The complexity rule: depth, fields, then the cost, each refused over its limit. */
  private price(operation: OperationDefinitionNode, document: DocumentNode, request: GraphQLRequest, scope?: RequestScope): void {
    const { schema, limits, costs: cache } = this.rules;
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
    // the cost guard computed it already for this text, name and variables: on this request (a
    // lone operation), or on another one in the cache
    const priced = scope?.priced;
    const cost =
      priced &&
      priced.query === request.query &&
      priced.name === (request.operationName ?? undefined) &&
      priced.variables === request.variables
        ? priced.cost
        : cache.cost(
            request.query === undefined ? undefined : cache.key(request.query, request.operationName ?? undefined, request.variables),
            () => operationCost(schema, document, request.variables, operation.name?.value, limits),
          );
    this.cost = cost;
    (request as { [COST]?: number })[COST] = cost;
    if (cost > limits.maxCost) {
      throw new QueryTooComplexError(
        `The query's cost is ${cost}; the limit is ${limits.maxCost}. Ask for smaller pages or fewer nested lists.`,
        { cost, limit: limits.maxCost },
      );
    }
  }

  async willSendResponse({ request, response }: GraphQLRequestContextWillSendResponse<Context>): Promise<void> {
    this.settle(request, response);
    if (!this.budget) return;
    // measured as the other plugins' hooks leave the answer (the rate limit's budget, the stored answer of a keyed mutation)
    await Promise.resolve();
    return this.budget.measure(response);
  }

  /** The operation's end under the rules: admission given back, its record and metrics, its status and price. */
  private settle(request: GraphQLRequest, response: GraphQLRequestContextWillSendResponse<Context>["response"]): void {
    this.release?.();
    const body = response.body;
    const single = body.kind === "single" ? body.singleResult : undefined;
    // observability, with the errors as execution left them
    const record = this.record;
    const errors = single?.errors;
    if (errors) record.errorCodes = [...new Set(errors.map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")))];
    record.cost = this.cost === Number.POSITIVE_INFINITY ? undefined : this.cost;
    this.rules.metrics.observeOperation(record.name, record.errorCodes[0] ?? "ok", (performance.now() - this.started) / 1000, record.cost);
    if (this.refused && response.http.status === 401 && !asksForGraphqlResponse(request.http?.headers.get("accept"))) {
      response.http.status = 200;
    }
    if (body.kind !== "single") return;
    if (errors && errors.length >= 2) foldVariableFlood(body.singleResult);
    const cost = this.cost;
    const maxCost = this.rules.limits.maxCost;
    if (cost === undefined || cost > maxCost) return;
    // a new answer, not a property added to Apollo's: an object made by a spread gets a hidden class of
    // its own for each property added to it later (about 1 µs, the rules' costliest line on `{ __typename }`)
    const { data, extensions } = body.singleResult;
    body.singleResult = {
      errors: body.singleResult.errors,
      data,
      extensions: { ...extensions, cost: { requested: cost, limit: maxCost } },
    };
  }
}

/** How many of a flood's variable violations the single folded error lists. */
export const MAX_REPORTED_VARIABLE_ERRORS = 50;

/** One BAD_USER_INPUT for graphql-js's variable errors once it gave up counting them (see operationRulesPlugin). */
function foldVariableFlood(result: FormattedExecutionResult): void {
  const errors = result.errors!;
  if (!errors.some((e) => e.extensions?.truncated === true)) return;
  if (!errors.every((e) => e.extensions?.code === "BAD_USER_INPUT")) return;
  const validationErrors = errors
    .flatMap((e) => (e.extensions?.validationErrors as unknown[] | undefined) ?? [])
    .slice(0, MAX_REPORTED_VARIABLE_ERRORS);
  result.errors = [
    {
      message: `Too many invalid variables: the first ${validationErrors.length} are listed in validationErrors.`,
      extensions: { code: "BAD_USER_INPUT", validationErrors, truncated: true },
    },
  ];
}
