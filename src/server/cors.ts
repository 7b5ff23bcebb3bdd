import cors from "cors";
import type { RequestHandler } from "express";

/**
 * Request headers a browser page may send: the token, the JSON body, the headers Apollo Client
 * and urql add (apollo-require-preflight satisfies Apollo Server's CSRF check for GET queries;
 * the x-apollo-operation-name / apollographql-client-* headers are sent by Apollo Client), and
 * x-request-id, the app's own id for the request, which the server's log line then carries;
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
  "idempotency-key",
];

/**
 * Response headers a page may read beyond the CORS-safelisted ones (Content-Type, Cache-Control,
 * ...): X-Request-Id, the request's id in the server's logs (the one sent, or one made up), to
 * quote in a bug report; Retry-After (Retry-After is not safelisted), the rate limit's budget
 * (RateLimit-Limit, -Remaining, -Reset) and Idempotent-Replayed, for a page that paces or
 * retries its calls.
 */
export const CORS_EXPOSED_HEADERS = ["x-request-id", "retry-after", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "idempotent-replayed"];

/**
 * CORS for /graphql and the REST paths with the `cors` package (the usual express middleware; it gets Vary and the
 * preflight details right). Only origins on the allowlist get Access-Control-Allow-Origin; a
 * preflight from any other origin is answered 204 without it, so the browser refuses the call.
 * No credentials: tokens travel in the Authorization header, never in cookies.
 */
export function corsMiddleware(allowedOrigins: readonly string[]): RequestHandler {
  const any = allowedOrigins.includes("*");
  const allowed = new Set(allowedOrigins);
  const handler = cors({
    origin: any ? "*" : (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    // PUT and PATCH for the REST paths (src/rest/routes.ts)
    methods: ["GET", "POST", "PUT", "PATCH", "OPTIONS"],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    optionsSuccessStatus: 204,
    preflightContinue: false,
  });
  return (req, res, next) =>
    handler(req, res, () => {
      // `cors` hands a refused origin's preflight on; answer it here, without any allow header,
      // rather than let the routes behind answer OPTIONS
      if (req.method === "OPTIONS") {
        res.setHeader("vary", "Origin");
        res.status(204).end();
        return;
      }
      next();
    });
}
