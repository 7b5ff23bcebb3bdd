import { HeaderMap, type ApolloServer } from "@apollo/server";
import { getNullableType, isListType, type GraphQLFormattedError, type GraphQLInputType } from "graphql";
import type { Context } from "../context";
import type { PaginationInfo } from "../types/shared/pagination-info.type";
import { docsPages } from "./docs-page";
import { variableAt, type StoredOperation } from "./documents";
import { openApiDocument } from "./openapi";
import { problem, type RestResponse, type Violation } from "./problems";
import { REST_PREFIXES, REST_ROUTES, type QueryParameter, type RestRoute } from "./routes";
import { fromQueryText, toGraphQLInput, toInterfaceValue } from "./values";

/** A request as the REST layer sees it, whatever HTTP server received it. */
export interface RestRequest {
  method: string;
  /** Path and query string, as in the request line. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received; empty or absent when none. */
  body?: Buffer;
}

export type RestHandler = ReturnType<typeof createRestHandler>;

/** A query parameter ready to apply: where its value goes and what type it has there. */
interface CompiledParameter {
  parameter: QueryParameter;
  /** For a `{key}` name: matches the name and captures the key's text. */
  pattern?: RegExp;
  capture?: string;
  /** The variable path's segments (`[]` on one appends an element per occurrence) and the input type at its end. */
  segments: string[];
  type: GraphQLInputType;
}

interface CompiledRoute {
  route: RestRoute;
  operation: StoredOperation;
  path: RegExp;
  pathNames: string[];
  byName: Map<string, CompiledParameter>;
  patterns: CompiledParameter[];
}

/**
 * The interface's twenty paths, each answered by executing its stored GraphQL document through
 * `apollo` (src/rest/routes.ts), the same server and request pipeline as /graphql: plugins
 * (authentication, cost, admission, logs, metrics), validation, resolvers and error formatting
 * are the GraphQL operation's own. This module only maps the request to variables and the
 * answer (or error) to the interface's HTTP shape.
 */
export function createRestHandler(apollo: ApolloServer<Context>, operations: ReadonlyMap<RestRoute, StoredOperation>) {
  const compiled = REST_ROUTES.map((route) => compile(route, operations.get(route)!));
  const pages = docsPages();
  pages.set("/openapi.json", {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(openApiDocument(operations)),
  });

  /**
   * The answer to `request` when its path is one of the interface's (under /project, /finance,
   * /calendar, /user, /chat, /crm), GET /openapi.json or the documentation page GET /docs; else
   * undefined (the HTTP layer goes on). `context` builds the GraphQL context of this HTTP request
   * (its caller, time budget and database), exactly as for /graphql.
   */
  async function handle(request: RestRequest, context: () => Promise<Context>): Promise<RestResponse | undefined> {
    const url = new URL(request.url, "http://localhost");
    const page = pages.get(url.pathname);
    if (page && (request.method === "GET" || request.method === "HEAD")) return page;
    if (!REST_PREFIXES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return undefined;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const matches = compiled.flatMap((c) => {
      const m = c.path.exec(url.pathname);
      return m ? [{ c, values: m.slice(1) }] : [];
    });
    if (matches.length === 0) return problem(404, "NOT_FOUND", "No operation of the interface has this path.", { refused: true });
    const match = matches.find((m) => m.c.route.method === method);
    if (!match) {
      const allow = [...new Set(matches.flatMap((m) => (m.c.route.method === "GET" ? ["GET", "HEAD"] : [m.c.route.method])))].join(", ");
      return problem(405, "METHOD_NOT_ALLOWED", `This path takes ${allow}.`, { headers: { allow }, refused: true });
    }
    const { route, operation } = match.c;

    const variables: Record<string, unknown> = {};
    for (const [i, name] of match.c.pathNames.entries()) {
      try {
        variables[route.pathVariables?.[name] ?? name] = decodeURIComponent(match.values[i]);
      } catch {
        return problem(400, "BAD_REQUEST", `The path parameter ${name} is not valid percent-encoded text.`, { refused: true });
      }
    }
    for (const [name, text] of url.searchParams) applyQueryParameter(match.c, variables, name, text);
    if (route.body) {
      const body = readBody(request);
      if ("status" in body) return body;
      variables[route.body] = toGraphQLInput(route.adaptBody?.(body.value) ?? body.value, operation.variables.get(route.body)!);
    }

    const headers = new HeaderMap([["content-type", "application/json"]]);
    const key = request.headers["idempotency-key"];
    if (key !== undefined) headers.set("idempotency-key", String(key));
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: "POST",
        headers,
        search: "",
        body: { query: operation.query, operationName: operation.operationName, variables },
      },
      context,
    });
    if (response.body.kind !== "complete") throw new Error("REST operations never answer incrementally");
    const result = JSON.parse(response.body.string) as { data?: Record<string, unknown> | null; errors?: GraphQLFormattedError[] };
    const value = result.data?.[operation.rootField.name];
    const rest = result.errors?.length
      ? errorAnswer(match.c, result.errors, response.status ?? 200)
      : value === null || value === undefined
        ? problem(404, "NOT_FOUND", "Not found.")
        : answer(route, operation, value, url, variables);
    for (const name of PASSED_ON) {
      const header = response.headers.get(name);
      if (header !== undefined) rest.headers[name] = header;
    }
    return rest;
  }

  return { handle };
}

function compile(route: RestRoute, operation: StoredOperation): CompiledRoute {
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const path = new RegExp(`^${route.path.replace(/\{\w+\}/g, "([^/]+)")}$`);
  const byName = new Map<string, CompiledParameter>();
  const patterns: CompiledParameter[] = [];
  for (const parameter of route.query ?? []) {
    const placeholder = /\{(\w+)\}/.exec(parameter.name);
    const entry: CompiledParameter = {
      parameter,
      segments: parameter.variable.split("."),
      type: variableAt(operation, parameter.variable).type,
    };
    if (placeholder) {
      const [before, after] = parameter.name.split(placeholder[0]);
      entry.pattern = new RegExp(`^${escape(before)}(.+)${escape(after)}$`);
      entry.capture = placeholder[1];
      patterns.push(entry);
    } else byName.set(parameter.name, entry);
  }
  // a list variable takes its parameter's name with or without `[]`, whichever the interface lists
  for (const entry of [...byName.values()]) {
    if (!isListType(getNullableType(entry.type))) continue;
    const other = entry.parameter.name.endsWith("[]") ? entry.parameter.name.slice(0, -2) : `${entry.parameter.name}[]`;
    if (!byName.has(other)) byName.set(other, entry);
  }
  return { route, operation, path, pathNames, byName, patterns };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Puts one query parameter's value where its route says; unknown parameters are ignored (as the interface's clients expect of filters). */
function applyQueryParameter(route: CompiledRoute, variables: Record<string, unknown>, name: string, text: string): void {
  const entry = route.byName.get(name) ?? route.patterns.find((candidate) => candidate.pattern!.test(name));
  if (!entry) return;
  let holder: Record<string, unknown> = variables;
  for (const segment of entry.segments.slice(0, -1)) {
    const key = segment.replace("[]", "");
    if (segment.endsWith("[]")) {
      const list = (Array.isArray(holder[key]) ? holder[key] : (holder[key] = [])) as Record<string, unknown>[];
      const element: Record<string, unknown> = {};
      list.push(element);
      holder = element;
    } else {
      holder = (typeof holder[key] === "object" && holder[key] !== null ? holder[key] : (holder[key] = {})) as Record<string, unknown>;
    }
  }
  const last = entry.segments[entry.segments.length - 1];
  if (isListType(getNullableType(entry.type))) {
    const list = (Array.isArray(holder[last]) ? holder[last] : (holder[last] = [])) as unknown[];
    list.push(fromQueryText(text, entry.type));
  } else holder[last] = fromQueryText(text, entry.type);
  if (entry.capture) holder[entry.capture] = entry.pattern!.exec(name)![1];
}

function readBody(request: RestRequest): { value: Record<string, unknown> } | RestResponse {
  const text = request.body?.toString("utf8") ?? "";
  if (text.trim() === "") return { value: {} };
  const type = String(request.headers["content-type"] ?? "");
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    return problem(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON, with Content-Type: application/json.", { refused: true });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return problem(400, "BAD_REQUEST", "The request body is not valid JSON.", { refused: true });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return problem(400, "BAD_REQUEST", "The request body must be a JSON object.", { refused: true });
  }
  return { value: value as Record<string, unknown> };
}

/**
 * Where the field a GraphQL error names is in the REST request, and the interface's name of it
 * there (`input.items.2.count` is the body's `items[2].count`; `filter.vacationDatesDate.after`
 * the query's `vacationDates.date[after]`; `taskId` the path's `id`).
 */
function placeOf(route: CompiledRoute, field: string): { in: "path" | "query" | "body"; name: string } {
  const segments = field.split(".");
  const { body, pathVariables } = route.route;
  if (body && segments[0] === body) {
    const name = segments.slice(1).reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out ? `${out}.${s}` : s), "");
    return { in: "body", name };
  }
  const pathName = route.pathNames.find((p) => (pathVariables?.[p] ?? p) === segments[0]);
  if (pathName) return { in: "path", name: pathName };
  let best: { length: number; name: string } | undefined;
  for (const entry of [...route.byName.values(), ...route.patterns]) {
    // a `{key}` parameter stands for the whole object its value and key fill
    const pattern = (entry.capture ? entry.segments.slice(0, -1) : entry.segments).flatMap((s) =>
      s.endsWith("[]") ? [s.slice(0, -2), "*"] : [s],
    );
    const fits =
      pattern.length <= segments.length && pattern.every((p, i) => p === segments[i] || (p === "*" && /^\d+$/.test(segments[i])));
    if (fits && pattern.length > (best?.length ?? 0)) {
      best = { length: pattern.length, name: entry.capture ? entry.parameter.name.replace(/\[\{\w+\}\]$/, "") : entry.parameter.name };
    }
  }
  return { in: "query", name: best?.name ?? field };
}

/** Headers of the GraphQL answer that the REST answer carries too: when to retry, the caller's rate-limit budget, a replay's mark. */
const PASSED_ON = ["retry-after", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "idempotent-replayed"];

function errorAnswer(route: CompiledRoute, errors: GraphQLFormattedError[], graphqlStatus: number): RestResponse {
  const [first] = errors;
  const code = String(first.extensions?.code ?? "INTERNAL_SERVER_ERROR");
  switch (code) {
    case "UNAUTHENTICATED":
      return problem(401, code, first.message, { headers: { "www-authenticate": 'Bearer realm="work-management"' } });
    case "FORBIDDEN":
      return problem(403, code, first.message);
    case "NOT_FOUND":
    case "CONFLICT": {
      const field = first.extensions?.field as string | undefined;
      const place = field ? placeOf(route, field) : undefined;
      const message = field ? first.message.replace(` (${field})`, "") : first.message;
      if (code === "CONFLICT") return problem(409, code, place ? `${place.name}: ${message}` : message);
      // a missing path resource is 404; a body or query parameter naming a missing object breaks a rule of the request
      if (!place || place.in === "path") return problem(404, code, message);
      return problem(422, code, `${place.name}: ${message}`, { violations: [{ propertyPath: place.name, message }] });
    }
    case "BAD_USER_INPUT": {
      const violations: Violation[] = [];
      let onPath = true;
      for (const error of errors) {
        if (error.extensions?.code !== "BAD_USER_INPUT") continue;
        for (const v of (error.extensions.validationErrors ?? []) as Array<{ field: string; constraints: Record<string, string> }>) {
          const place = placeOf(route, v.field);
          onPath &&= place.in === "path";
          for (const message of Object.values(v.constraints)) violations.push({ propertyPath: place.name, message });
        }
      }
      // a malformed id in the path names no resource: the same answer as a missing one
      if (onPath && violations.length > 0) return problem(404, "NOT_FOUND", "No resource has this identifier.");
      const detail =
        violations.length === 1
          ? `${violations[0].propertyPath}: ${violations[0].message}`
          : `The request breaks ${violations.length} rules; see violations.`;
      return problem(422, code, violations.length > 0 ? detail : first.message, { violations });
    }
    case "QUERY_TOO_COMPLEX": {
      // the GraphQL message speaks of documents; a REST client chooses only the page
      const { cost, limit } = (first.extensions ?? {}) as { cost?: number; limit?: number };
      const detail =
        cost !== undefined && limit !== undefined
          ? `The answer asked for would cost ${cost}; the server admits ${limit} (MAX_QUERY_COST). Ask for a smaller page (itemsPerPage) rather than pagination=false.`
          : first.message;
      return problem(graphqlStatus >= 400 ? graphqlStatus : 400, code, detail);
    }
    default:
      // the other limits keep the GraphQL side's status (REQUEST_TIMEOUT 503, RATE_LIMITED 429, ...); Retry-After is passed on
      return problem(graphqlStatus >= 400 ? graphqlStatus : 500, code, first.message);
  }
}

function answer(route: RestRoute, operation: StoredOperation, value: unknown, url: URL, variables: Record<string, unknown>): RestResponse {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  let body: unknown;
  if (route.answer === "page") {
    const page = value as { items: unknown[]; paginationInfo: PaginationInfo };
    body = toInterfaceValue(page.items, operation.answer.object!.fields.get("items")!);
    headers["x-total-count"] = String(page.paginationInfo.totalCount);
    if (variables.pagination !== false) headers.link = pageLinks(url, page.paginationInfo);
  } else {
    body = toInterfaceValue(value, operation.answer);
  }
  return { status: route.creates ? 201 : 200, headers, body: JSON.stringify(body) };
}

/** RFC 8288 links to the first, previous, next and last pages: the request's own path and query with `page` changed. */
function pageLinks(url: URL, info: PaginationInfo): string {
  const to = (page: number, rel: string) => {
    const query = new URLSearchParams(url.search);
    query.set("page", String(page));
    return `<${url.pathname}?${query.toString()}>; rel="${rel}"`;
  };
  const last = Math.max(info.lastPage, 1);
  const links = [to(1, "first")];
  if (info.page > 1) links.push(to(Math.min(info.page - 1, last), "prev"));
  if (info.hasNextPage) links.push(to(info.page + 1, "next"));
  links.push(to(last, "last"));
  return links.join(", ");
}
