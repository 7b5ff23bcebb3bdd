import { HeaderMap, type GraphQLResponse } from "@apollo/server";
import { GraphQLError, type FormattedExecutionResult } from "graphql";

/** The error codes of the contract; every error a client sees carries one in `extensions.code`. */
export const ErrorCode = {
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  BAD_USER_INPUT: "BAD_USER_INPUT",
  CONFLICT: "CONFLICT",
  QUERY_TOO_COMPLEX: "QUERY_TOO_COMPLEX",
  /** The request ran past REQUEST_TIMEOUT_MS and was abandoned; nothing it began to write was kept. */
  REQUEST_TIMEOUT: "REQUEST_TIMEOUT",
  /** The answer grew past MAX_RESULT_NODES objects or MAX_RESULT_BYTES bytes: execution was stopped. */
  RESULT_TOO_LARGE: "RESULT_TOO_LARGE",
  /** No database connection came free in time (the pool is exhausted): the client may retry after `Retry-After`. */
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
  // Trusted documents (src/server/trusted-documents.ts), named as Apollo Router names them:
  /** TRUSTED_DOCUMENTS=require: the request sent a document's text instead of its id (HTTP 400). */
  PERSISTED_QUERY_ID_REQUIRED: "PERSISTED_QUERY_ID_REQUIRED",
  /** The document id names no document of the manifest (HTTP 404). */
  PERSISTED_QUERY_NOT_IN_LIST: "PERSISTED_QUERY_NOT_IN_LIST",
  /** TRUSTED_DOCUMENTS=allow: a text that is not registered, from a caller who may not run such (HTTP 403). */
  QUERY_NOT_IN_SAFELIST: "QUERY_NOT_IN_SAFELIST",
  /** A document id sent with a different document's text (HTTP 400). */
  CANNOT_SEND_PQ_ID_AND_BODY: "CANNOT_SEND_PQ_ID_AND_BODY",
  /** An Idempotency-Key sent again with another request (src/server/idempotency.ts): HTTP 422. */
  IDEMPOTENCY_KEY_REUSED: "IDEMPOTENCY_KEY_REUSED",
  /** The first request with this Idempotency-Key still runs: HTTP 409, send it again later. */
  IDEMPOTENCY_IN_PROGRESS: "IDEMPOTENCY_IN_PROGRESS",
  /** The caller's cost budget per minute is spent (src/server/rate-limit.ts): HTTP 429 with Retry-After. */
  RATE_LIMITED: "RATE_LIMITED",
} as const;

/** One broken input rule: `field` is the dotted path inside the arguments (`input.items.2.count`). */
export interface FieldViolation {
  field: string;
  /** rule name -> human-readable message */
  constraints: Record<string, string>;
}

export class UnauthenticatedError extends GraphQLError {
  constructor(message = "A valid API token is required: send it in the Authorization header.") {
    // HTTP 401 (Apollo Server takes `extensions.http` for the response and drops it from the
    // body): a gateway in front of this subgraph reports a 401 as UNAUTHENTICATED, a 500 as a
    // server failure.
    super(message, { extensions: { code: ErrorCode.UNAUTHENTICATED, http: { status: 401 } } });
  }
}

export class ForbiddenError extends GraphQLError {
  constructor(message = "You may not act on this object.") {
    super(message, { extensions: { code: ErrorCode.FORBIDDEN } });
  }
}

/**
 * The addressed object, or one the input refers to, does not exist. For a reference, `field`
 * names it the way validation errors do (`input.stageType`).
 */
export class NotFoundError extends GraphQLError {
  constructor(what: string, _id?: string, field?: string) {
    // the id is the caller's own input: never echoed (it may be a mangled or hostile string)
    super(field ? `${what} not found (${field}).` : `${what} not found.`, {
      extensions: { code: ErrorCode.NOT_FOUND, ...(field ? { field } : {}) },
    });
  }
}

export class ConflictError extends GraphQLError {
  constructor(message: string, field?: string) {
    super(message, { extensions: { code: ErrorCode.CONFLICT, ...(field ? { field } : {}) } });
  }
}

/** A document over the server's limits: the client's doing, so HTTP 400; `details` adds e.g. `{ cost, limit }`. */
export class QueryTooComplexError extends GraphQLError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message, { extensions: { code: ErrorCode.QUERY_TOO_COMPLEX, ...details, http: { status: 400 } } });
  }
}

/** The request's time budget (REQUEST_TIMEOUT_MS) ran out: HTTP 503, the client may retry later. */
export class RequestTimeoutError extends GraphQLError {
  constructor(budgetMs: number) {
    super(`The request took longer than its ${budgetMs} ms budget and was abandoned; nothing it began to write was kept.`, {
      extensions: { code: ErrorCode.REQUEST_TIMEOUT, http: { status: 503 } },
    });
  }
}

/**
 * The answer outgrew the result budget while it was being computed (`what`: nodes, the objects
 * completed, or bytes, its JSON size): the work stopped there, nothing of it is sent. The
 * client's doing (it asked for too much), so HTTP 400, like QUERY_TOO_COMPLEX.
 */
export class ResultTooLargeError extends GraphQLError {
  constructor(what: "nodes" | "bytes", limit: number) {
    const nodes = what === "nodes";
    super(
      nodes
        ? `The answer holds more than ${limit} objects, the most one request may return; ask for smaller pages or fewer nested lists.`
        : `The answer is larger than ${limit} bytes, the most one request may return; ask for fewer fields or smaller pages.`,
      { extensions: { code: ErrorCode.RESULT_TOO_LARGE, [nodes ? "maxNodes" : "maxBytes"]: limit, http: { status: 400 } } },
    );
  }
}

/** Seconds a client is asked to wait (`Retry-After`) when no database connection came free. */
export const RETRY_AFTER_SECONDS = 1;

/** No database connection came free in time: HTTP 503 with `Retry-After`, the client may send the request again. */
export class ServiceUnavailableError extends GraphQLError {
  constructor() {
    super(`The server is busy: no database connection came free in time. Send the request again in ${RETRY_AFTER_SECONDS} s.`, {
      extensions: {
        code: ErrorCode.SERVICE_UNAVAILABLE,
        // Apollo Server reads `http.headers` as a HeaderMap (a Map); a dev dependency's typing of
        // GraphQLErrorExtensions (GraphQL Yoga's) says a plain record
        http: { status: 503, headers: new HeaderMap([["retry-after", String(RETRY_AFTER_SECONDS)]]) as unknown as Record<string, string> },
      },
    });
  }
}

export class BadUserInputError extends GraphQLError {
  constructor(public readonly violations: FieldViolation[]) {
    super(
      violations.length === 1
        ? `Invalid value for ${violations[0].field}: ${Object.values(violations[0].constraints)[0]}`
        : `The input breaks ${violations.length} rules; see extensions.validationErrors.`,
      { extensions: { code: ErrorCode.BAD_USER_INPUT, validationErrors: violations } },
    );
  }
}

/** An answer a plugin hook makes itself (it cannot throw): an error answer shaped as formatError shapes errors, or a stored one. */
export function singleResponse(
  status: number,
  singleResult: FormattedExecutionResult,
  headers: Array<[string, string]> = [],
): GraphQLResponse {
  return { http: { status, headers: new HeaderMap(headers) }, body: { kind: "single", singleResult } };
}
