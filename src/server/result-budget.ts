import type { GraphQLResponse } from "@apollo/server";
import { isObjectType, type FormattedExecutionResult, type GraphQLError, type GraphQLIsTypeOfFn, type GraphQLSchema } from "graphql";
import { ResultTooLargeError } from "../errors/errors";
import type { RequestScope } from "../observability/request-scope";
import { nextTurn, turnExpired } from "../db/turns";

/**
 * The result budget: what one request may answer, enforced while it is computed, whatever the
 * cost model said before (it is the backstop should a bound be wrong). Every object graphql-js
 * completes counts one node against MAX_RESULT_NODES (RequestScope.countNode); past it, or past
 * the time budget (resolvers check it too, src/server/request-scope.ts), the
 * request is stopped (RequestScope.stop) and every object and resolver still to come throws the
 * one stop error, so graphql-js unwinds at once instead of completing a huge list; the answer is
 * that one error, and the partial result is dropped. The JSON of each answer counts against
 * MAX_RESULT_BYTES before it is sent.
 */

const COUNTED = Symbol("counted by the result budget");

/**
 * Makes every object type of `schema` count its completed objects against the request's result
 * budget and stop once the request is abandoned (graphql-js calls `isTypeOf` for each object it
 * completes, with the context). Introspection is left out: its answer is bounded by the schema.
 * Idempotent (tests build many servers on one schema).
 */
export function applyResultBudget(schema: GraphQLSchema): void {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || roots.has(type)) continue;
    const own = type.isTypeOf as (GraphQLIsTypeOfFn<unknown, unknown> & { [COUNTED]?: true }) | null | undefined;
    if (own?.[COUNTED]) continue;
    const counted: GraphQLIsTypeOfFn<unknown, { request?: RequestScope }> & { [COUNTED]?: true } = (value, ctx, info) => {
      const stopped = ctx?.request?.countNode();
      // a rejection, not a throw: graphql-js would abandon the promises of the list's earlier items
      if (stopped) return Promise.reject(stopped);
      return own ? own(value, ctx, info) : true;
    };
    counted[COUNTED] = true;
    type.isTypeOf = counted as GraphQLIsTypeOfFn<unknown, unknown>;
  }
}

/** Objects in an answer above which a heavy request's JSON is written in slices (1,000 users: about 0.5 MB, a few ms at once). */
const SLICED_ABOVE_NODES = 1_000;

/**
 * The JSON of an answer already measured (with its line end), kept on its `data` under a symbol (JSON.stringify
 * skips it; a WeakMap entry per answer cost more than the look-up saved): stringifyResult sends
 * it instead of serialising twice.
 */
const MEASURED = Symbol("measured answer");
type Measured = { [MEASURED]?: { text: string; errors: unknown; extensions: unknown } };

/**
 * One operation's answer under the result budget: the answer of a stopped operation is its stop
 * error alone (REQUEST_TIMEOUT: HTTP 503, RESULT_TOO_LARGE: HTTP 400), without the partial data;
 * any other answer is measured against MAX_RESULT_BYTES (the operations of a batch together).
 * Its two steps are run by the rules plugin's hooks (src/server/plugins.ts) once every other
 * plugin's hook has seen the errors and the answer: it measures the answer as they left it.
 */
export class ResultBudget {
  private stoppedHere?: GraphQLError;

  constructor(private readonly scope: RequestScope) {}

  /** didEncounterErrors: a stopped operation's errors reduced to its stop error. */
  keepOnlyTheStop(errors: readonly GraphQLError[]): void {
    const stop = this.scope.stopped;
    if (!stop || !errors.some((e) => e === stop || e.originalError === stop)) return;
    this.stoppedHere = stop;
    // one error per abandoned position of the result (thousands, once a huge list was cut):
    // Apollo formats the errors it is handed next, so hand it only the one that is answered
    (errors as GraphQLError[]).splice(0, errors.length, stop);
  }

  /**
   * willSendResponse: the answer measured (its JSON kept for stringifyResult), or replaced by the
   * stop error or RESULT_TOO_LARGE. A promise only when the JSON is written in slices: most answers
   * are measured at once, without an async function's promise and its turns.
   */
  measure(response: GraphQLResponse): Promise<void> | undefined {
    if (response.body.kind !== "single") return;
    if (this.stoppedHere) {
      answerWith(response, this.stoppedHere);
      return;
    }
    const scope = this.scope;
    const result = response.body.singleResult;
    const answer = { errors: result.errors, data: result.data, extensions: result.extensions };
    const room = scope.result.maxBytes - scope.result.bytes;
    // a heavy request's long answer (megabytes) is written in slices between turns, and no further than the
    // budget; a short one at once (a heavy gantt of a few hundred objects spent 12% of its CPU in the slices)
    if (scope.heavy && scope.result.nodes > SLICED_ABOVE_NODES) {
      return stringifyInTurns(answer, room).then((json) => this.keep(response, result, json, room));
    }
    this.keep(response, result, JSON.stringify(answer), room);
  }

  /** The answer's JSON counted against the budget and kept for stringifyResult, or RESULT_TOO_LARGE instead. */
  private keep(response: GraphQLResponse, result: FormattedExecutionResult, json: string | undefined, room: number): void {
    const scope = this.scope;
    // the line end stringifyResult sends is added here, before the text is measured: measuring makes V8
    // flatten the pieces JSON.stringify built the text in, and the text sent is then that flat one
    // (heap profile, users page: `${text}\n` later was a second copy of every answer, 3% of the bytes allocated)
    const text = json === undefined ? undefined : `${json}\n`;
    const bytes = text === undefined ? Infinity : Buffer.byteLength(text) - 1;
    if (bytes > room) return answerWith(response, new ResultTooLargeError("bytes", scope.result.maxBytes));
    scope.result.bytes += bytes;
    if (result.data) (result.data as Measured)[MEASURED] = { text: text!, errors: result.errors, extensions: result.extensions };
  }
}

/**
 * `JSON.stringify(value)`, written in pieces that give the event loop back between turns (one
 * piece per element of a list, objects inside lists whole); undefined, with nothing more
 * written, once longer than `max` characters. Measured: JSON.stringify of 12,000 users (6 MB)
 * blocked the event loop 20-90 ms in one piece. One async call per object above the lists (not a
 * generator per level: a page of 30 users spent 8% of its CPU in generator resumptions).
 */
async function stringifyInTurns(value: unknown, max: number): Promise<string | undefined> {
  const out = { text: "", max };
  return (await append(value, out)) ? out.text : undefined;
}

/** Appends `value`'s JSON to `out.text`; false once longer than `out.max`. */
async function append(value: unknown, out: { text: string; max: number }): Promise<boolean> {
  if (Array.isArray(value)) {
    out.text += "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.text += ",";
      const item: unknown = value[i];
      if (Array.isArray(item)) {
        if (!(await append(item, out))) return false;
      } else {
        out.text += JSON.stringify(item) ?? "null";
      }
      if (out.text.length > out.max) return false;
      if (turnExpired()) await nextTurn();
    }
    out.text += "]";
  } else if (value !== null && typeof value === "object" && !("toJSON" in value)) {
    let separator = "{";
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      out.text += `${separator}${JSON.stringify(key)}:`;
      separator = ",";
      if (!(await append(item, out))) return false;
    }
    out.text += separator === "{" ? "{}" : "}";
  } else {
    out.text += JSON.stringify(value) ?? "null";
  }
  return out.text.length <= out.max;
}

function answerWith(response: GraphQLResponse, error: GraphQLError): void {
  const { http, ...extensions } = error.extensions as { http?: { status?: number; headers?: Map<string, string> } };
  response.body = { kind: "single", singleResult: { errors: [{ message: error.message, extensions }] } };
  if (http?.status) response.http.status = http.status;
  for (const [name, value] of http?.headers ?? []) response.http.headers.set(name, value);
}

/**
 * Apollo Server's `stringifyResult`: compact JSON (no pretty-printing), the text already
 * measured by the result budget when there is one.
 */
export function stringifyResult(value: FormattedExecutionResult): string {
  const known = (value.data as Measured | null | undefined)?.[MEASURED];
  if (known && known.errors === value.errors && known.extensions === value.extensions) return known.text;
  return `${JSON.stringify(value)}\n`;
}
