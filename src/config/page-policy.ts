/**
 * The pages of this server (the playground, the REST documentation) may run only their own scripts,
 * talk only to this origin and are never framed (clickjacking a page that holds a token).
 * GraphiQL and Swagger UI set inline styles, hence 'unsafe-inline' for styles only; fonts and
 * icons are data: URLs.
 */
export const PAGE_CSP = [
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
