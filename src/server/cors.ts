import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Request headers a browser page may send: the token, the JSON body, the headers Apollo Client
 * and urql add (apollo-require-preflight satisfies Apollo Server's CSRF check for GET queries;
 * the x-apollo-operation-name / apollographql-client-* headers are sent by Apollo Client), and
 * x-request-id, the app's own id for the request, which the server's log line then carries;
 * traceparent and tracestate, the W3C trace context a page instrumented with OpenTelemetry sends;
 * idempotency-key, which makes a retried mutation safe (src/server/idempotency.ts).
 */
export const CORS_ALLOWED_HEADERS = [
  "authorization",
  "content-type",
  "accept",
  "apollo-require-preflight",
  "x-apollo-operation-name",
  "apollographql-client-name",
  "apollographql-client-version",
  "x-request-id",
  "traceparent",
  "tracestate",
  "idempotency-key",
];

/**
 * Response headers a page may read beyond the CORS-safelisted ones (Content-Type, Cache-Control,
 * ...): X-Request-Id, the request's id in the server's logs (the one sent, or one made up), to
 * quote in a bug report; the REST collections' X-Total-Count and Link (the total and the
 * pages, src/rest/handler.ts) and a 405's Allow (the methods the path takes); Retry-After (not
 * safelisted), the rate limit's budget (RateLimit-Limit, -Remaining, -Reset) and
 * Idempotent-Replayed, for a page that paces or retries its calls; with tracing on,
 * traceresponse (the trace that served it).
 */
export const CORS_EXPOSED_HEADERS = [
  "x-request-id",
  "x-total-count",
  "link",
  "allow",
  "retry-after",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "idempotent-replayed",
  "traceresponse",
];

/**
 * CORS for /graphql and the REST paths, the headers computed once from CORS_ORIGINS. Only
 * origins on the allowlist get Access-Control-Allow-Origin (the request's own origin, with
 * `Vary: Origin`); a preflight from any other origin is answered 204 without it, so the browser
 * refuses the call. `*` allows every origin. No credentials: tokens travel in the Authorization
 * header, never in cookies. The function made marks an answer to a page of an allowed origin
 * (Access-Control-Allow-Origin and the exposed headers) and answers a preflight (any OPTIONS
 * request) with 204 itself, returning true.
 */
export function createCors(allowedOrigins: readonly string[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  const any = allowedOrigins.includes("*");
  const allowed = new Set(allowedOrigins);
  const exposed = CORS_EXPOSED_HEADERS.join(",");
  const allowedHeaders = CORS_ALLOWED_HEADERS.join(",");
  return (req, res) => {
    const origin = req.headers.origin;
    const ok = any || (origin !== undefined && allowed.has(origin));
    if (ok) {
      res.setHeader("Access-Control-Allow-Origin", any ? "*" : origin!);
      res.setHeader("Access-Control-Expose-Headers", exposed);
    }
    // the answer depends on the origin (a cache must not hand one origin's to another)
    if (!any) res.setHeader("Vary", "Origin");
    if (req.method !== "OPTIONS") return false;
    if (ok) {
      // PUT and PATCH for the REST paths (src/rest/routes.ts)
      res.setHeader("Access-Control-Allow-Methods", "GET,POST,PUT,PATCH,OPTIONS");
      res.setHeader("Access-Control-Allow-Headers", allowedHeaders);
      res.setHeader("Access-Control-Max-Age", "600"); // seconds a browser may reuse this answer
    }
    // Safari waits for a body on a 204 without Content-Length
    res.setHeader("Content-Length", "0");
    res.statusCode = 204;
    res.end();
    return true;
  };
}
