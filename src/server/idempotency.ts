import { createHash } from "node:crypto";
import { stringify } from "safe-stable-stringify";
import {
  type ApolloServerPlugin,
  type GraphQLRequestContextDidResolveOperation,
  type GraphQLRequestContextResponseForOperation,
  type GraphQLRequestContextWillSendResponse,
  type GraphQLRequestListener,
  type GraphQLResponse,
} from "@apollo/server";
import { GraphQLError, print, type DocumentNode, type FormattedExecutionResult } from "graphql";
import type { Context } from "../context";
import type { Db } from "../db/client";
import { ErrorCode, singleResponse } from "../errors/errors";
import { IdempotencyStore, type Claim, type StoredAnswer } from "./idempotency-store";

/** The request header of the IETF draft (draft-ietf-httpapi-idempotency-key-header), as payment APIs use it. */
const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Marks an answer that is the stored answer of an earlier request with the same key. */
const REPLAYED_HEADER = "Idempotent-Replayed";

/** Letters, digits and `. _ : ~ + / = -`, 1 to 255 of them: UUIDs, ULIDs and base64 keys fit. */
const KEY = /^[A-Za-z0-9._:~+/=-]{1,255}$/;

/** How long a waiting retry first sleeps between looks at the first request's state, and at most (it backs off). */
const POLL_MS = 50;
const MAX_POLL_MS = 400;

/** Headers of the first answer that describe the caller's state at that moment, not the answer: never replayed. */
const NOT_REPLAYED = /^(ratelimit-|retry-after$)/;

export interface IdempotencyOptions {
  /** How long a stored answer is replayed (IDEMPOTENCY_TTL). */
  ttlMs: number;
  /** How long a running claim holds its key before another request may take it (its process died). */
  leaseMs: number;
}

/** A key the server cannot take (malformed, or on a batch): HTTP 400 naming the header, before anything runs. */
class IdempotencyKeyError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: "BAD_REQUEST", header: IDEMPOTENCY_HEADER, http: { status: 400 } } });
  }
}

/**
 * Safe retries of mutations (GraphQL and the REST writes, which run through the same Apollo
 * server): a request carrying a mutation and an `Idempotency-Key` header claims the key for its
 * caller before it runs (src/server/idempotency-store.ts). Then
 * - the first answer that wrote something is stored and every retry with the key and the same
 *   request (fingerprint: caller, document, variables, operation name) gets it again, marked
 *   `Idempotent-Replayed: true`, without running the mutation;
 * - an answer that wrote nothing (errors in every mutation field, a refusal, a timeout) gives
 *   the key back: a retry runs the mutation;
 * - a retry arriving while the first request runs waits for its answer, within the retry's own
 *   time budget, else 409 IDEMPOTENCY_IN_PROGRESS;
 * - the key sent with another request is 422 IDEMPOTENCY_KEY_REUSED.
 * Queries ignore the header (they write nothing; running one again is its retry).
 */
export function idempotencyPlugin(db: Db, options: IdempotencyOptions, log: (error: unknown) => void): ApolloServerPlugin<Context> {
  const store = new IdempotencyStore(db, log);
  return {
    // only a request with the header can be a keyed mutation: the others get no listener (and its promises per stage)
    async requestDidStart({ request }) {
      return request.http?.headers.get(IDEMPOTENCY_HEADER.toLowerCase()) === undefined
        ? undefined
        : new IdempotentRequest(store, options, log);
    },
  };
}

/** One request under the plugin (a class: its hooks are shared methods, not closures per request). */
class IdempotentRequest implements GraphQLRequestListener<Context> {
  private key?: string;
  private held?: Claim;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly options: IdempotencyOptions,
    private readonly log: (error: unknown) => void,
  ) {}

  async didResolveOperation({ operation, request, requestIsBatched }: GraphQLRequestContextDidResolveOperation<Context>): Promise<void> {
    if (operation?.operation !== "mutation") return;
    this.key = parseKey(request.http!.headers.get(IDEMPOTENCY_HEADER.toLowerCase())!);
    if (requestIsBatched) {
      throw new IdempotencyKeyError(
        `The ${IDEMPOTENCY_HEADER} header names the answer of one operation: send a mutation with a key on its own, not in a batch.`,
      );
    }
  }

  async responseForOperation({
    document,
    request,
    operationName,
    contextValue,
  }: GraphQLRequestContextResponseForOperation<Context>): Promise<GraphQLResponse | null> {
    const { key, store, options, log } = this;
    const viewer = contextValue.viewer;
    if (key === undefined || !viewer) return null;
    const fingerprint = fingerprintOf(viewer.id, document, request.variables, operationName);
    const scope = contextValue.request;
    const deadline = scope?.deadline ?? Date.now() + options.leaseMs;
    for (let pause = POLL_MS; ; pause = Math.min(MAX_POLL_MS, pause * 2)) {
      let outcome;
      try {
        outcome = await store.claim(viewer.id, key, fingerprint, options.leaseMs);
      } catch (error) {
        // without the claim a retry could run twice: refuse rather than run unguarded
        log(error);
        return refusal("The server could not record the Idempotency-Key; send the request again.", ErrorCode.SERVICE_UNAVAILABLE, 503, [
          ["retry-after", "1"],
        ]);
      }
      switch (outcome.kind) {
        case "claimed":
          this.held = outcome.claim;
          return null;
        case "done":
          return replay(outcome.answer);
        case "mismatch":
          return refusal(
            `This ${IDEMPOTENCY_HEADER} was used for another request (another document, variables or operation name); use a new key for a new request.`,
            ErrorCode.IDEMPOTENCY_KEY_REUSED,
            422,
          );
        case "running": {
          // wait for the first request's answer while this request's own budget lasts
          const left = deadline - Date.now();
          if (left <= POLL_MS || scope?.signal.aborted) {
            return refusal(
              `A request with this ${IDEMPOTENCY_HEADER} is still running; send it again once that one was answered.`,
              ErrorCode.IDEMPOTENCY_IN_PROGRESS,
              409,
              [["retry-after", "1"]],
            );
          }
          await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left - POLL_MS)));
        }
      }
    }
  }

  async willSendResponse({ response }: GraphQLRequestContextWillSendResponse<Context>): Promise<void> {
    if (!this.held) return;
    const claim = this.held;
    this.held = undefined;
    const { store, options, log } = this;
    try {
      if (response.body.kind === "single" && wroteSomething(response.body.singleResult, response.http.status ?? 200)) {
        const headers = [...response.http.headers].filter(([name]) => !NOT_REPLAYED.test(name));
        // the price and budget in `extensions` are stated anew on every answer, the replay's too
        const { data, errors } = response.body.singleResult;
        const answer = { status: response.http.status ?? 200, headers, body: JSON.stringify({ data, errors }) };
        if (!(await store.complete(claim, answer, options.ttlMs)))
          log(new Error("an idempotency key expired while its request ran; its answer was not stored"));
      } else {
        await store.release(claim);
      }
    } catch (error) {
      log(error);
    }
  }
}

/** The key of the header (the draft sends it as a structured-field string, quoted; clients often send it bare). */
function parseKey(header: string): string {
  const key = header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header;
  if (KEY.test(key)) return key;
  // the value is the client's own: never echoed
  throw new IdempotencyKeyError(
    `The ${IDEMPOTENCY_HEADER} header must be 1 to 255 letters, digits or . _ : ~ + / = - (a UUID is a good key).`,
  );
}

/** SHA-256 of the caller, the document (printed, so spacing does not matter), the variables (keys sorted: safe-stable-stringify, which pino uses) and the operation name. */
function fingerprintOf(
  userId: string,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | null,
): string {
  return createHash("sha256")
    .update([userId, print(document), stringify(variables ?? {}), operationName ?? ""].join("\u0000"))
    .digest("hex");
}

/**
 * Whether an answer reports a write: a complete answer, or one in which some mutation field
 * answered without an error (each field writes in a transaction of its own, all or nothing, so
 * a field with an error wrote nothing). An answer without data (a refusal, REQUEST_TIMEOUT)
 * wrote nothing.
 */
function wroteSomething(result: FormattedExecutionResult, status: number): boolean {
  if (!result.errors?.length) return status < 300 && result.data != null;
  const data = result.data;
  if (!data) return false;
  return Object.keys(data).some((field) => data[field] !== null || !result.errors!.some((e) => e.path?.[0] === field));
}

function replay(answer: StoredAnswer): GraphQLResponse {
  const result = JSON.parse(answer.body) as FormattedExecutionResult;
  return singleResponse(answer.status, result, [...answer.headers, [REPLAYED_HEADER.toLowerCase(), "true"]]);
}

function refusal(message: string, code: string, status: number, headers: Array<[string, string]> = []): GraphQLResponse {
  return singleResponse(status, { errors: [{ message, extensions: { code, header: IDEMPOTENCY_HEADER } }] }, headers);
}
