import { STATUS_CODES } from "node:http";

/** One broken rule of a REST request: the interface's name of the field at fault and what is wrong. */
export interface Violation {
  propertyPath: string;
  message: string;
}

/** An answer of the REST layer, whatever serves it over HTTP. */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Set when the request was refused before any GraphQL operation ran: the reason, for the request's log line and refusal metric. */
  refusal?: string;
}

/**
 * An error answer as RFC 9457 problem details (`application/problem+json`): `title` the HTTP
 * status's phrase, `detail` what went wrong, `code` the GraphQL side's error code, and for 422
 * the `violations` (`[{ propertyPath, message }]`). Never a stack, never a submitted value.
 */
export function problem(
  status: number,
  code: string,
  detail: string,
  extra: { violations?: Violation[]; headers?: Record<string, string>; refused?: boolean } = {},
): RestResponse {
  const body = {
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail,
    code,
    ...(extra.violations ? { violations: extra.violations } : {}),
  };
  return {
    status,
    headers: { "content-type": "application/problem+json; charset=utf-8", ...extra.headers },
    body: JSON.stringify(body),
    refusal: extra.refused ? code : undefined,
  };
}
