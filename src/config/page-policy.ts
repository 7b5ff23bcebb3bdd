/**
 * The pages of this server (the playground, the REST documentation) may run only their own scripts,
 * talk only to this origin and are never framed (clickjacking a page that holds a token).
 * GraphiQL and Swagger UI set inline styles, hence 'unsafe-inline' for styles only; fonts and
 * icons are data: URLs.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** The headers of every HTML page of the server: its content policy, never framed, no referrer. */
export const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": PAGE_CSP,
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};
