import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLEnumType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from "graphql";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../config/paths";
import { variableAt, type FieldShape, type ObjectShape, type StoredOperation } from "./documents";
import type { QueryParameter, RestRoute } from "./routes";
import { interfaceValues } from "./values";

type Schema = Record<string, unknown>;
/** The document's schemas by name (`#/components/schemas/<name>`), made as they are first referred to. */
type Components = Record<string, Schema>;

/** The interface's areas (section 1), the document's tags. */
const AREAS: Record<string, string> = {
  project: "Projects, stages, boards, tasks, checklists, comments, risks, task types, templates, settings, reported time, external files",
  finance: "Invoices and currency dictionaries",
  calendar: "Vacations",
  user: "Users and shortcuts",
  chat: "Chat topics and the users assigned to them",
  crm: "Notes",
};

/** Error answers, as problem details (src/rest/problems.ts). */
const ERRORS: Record<string, string> = {
  "400":
    "The request could not be read (malformed JSON, a body that is not an object), or it is over a limit of the server (QUERY_TOO_COMPLEX: a page too large for MAX_QUERY_COST).",
  "401": "No valid token in the Authorization header (UNAUTHENTICATED).",
  "403": "The caller may not do this (FORBIDDEN).",
  "404": "No such resource, or one the caller may not see (the same answer for both); also a malformed identifier in the path.",
  "409": "A uniqueness rule would break (CONFLICT), e.g. a currency code that exists.",
  "413": "The body is larger than MAX_BODY_BYTES (PAYLOAD_TOO_LARGE).",
  "415": "The body is not JSON (UNSUPPORTED_MEDIA_TYPE).",
  "422":
    "Rules of the request are broken (BAD_USER_INPUT), or it names an object that does not exist: `violations` lists each, `propertyPath` in the interface's names.",
  "503": "The request ran past its time budget, REQUEST_TIMEOUT_MS (REQUEST_TIMEOUT; nothing was written), or the server is stopping.",
};

/**
 * The OpenAPI 3.1 document of the REST layer, generated from the route table and the schema:
 * operations from the routes, parameters and bodies from the stored documents' variable types,
 * answers from their selections (one schema per fragment, named after it), every description
 * from the schema's own. Nothing in it is written by hand but the few sentences on conventions.
 */
export function openApiDocument(operations: ReadonlyMap<RestRoute, StoredOperation>): Schema {
  const components: Components = {};
  const paths: Record<string, Record<string, Schema>> = {};
  for (const [route, operation] of operations) {
    const parameters: Schema[] = [];
    const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const name of pathNames) {
      const { type, description } = variableAt(operation, route.pathVariables?.[name] ?? name);
      parameters.push({ name, in: "path", required: true, description, schema: inputSchema(type, components, false) });
    }
    for (const parameter of route.query ?? []) parameters.push(queryParameter(parameter, operation, route, components));
    const success = route.answer === "page" ? operation.answer.object!.fields.get("items")! : operation.answer;
    const responses: Record<string, Schema> = {
      [route.creates ? "201" : "200"]: {
        description: route.creates ? "Created." : "OK.",
        ...(route.answer === "page"
          ? {
              headers: {
                "X-Total-Count": { description: "How many items match, on every page together.", schema: { type: "integer" } },
                Link: {
                  description: 'RFC 8288 links to the first, prev, next and last pages (rel="first" ...); absent with pagination=false.',
                  schema: { type: "string" },
                },
              },
            }
          : {}),
        content: { "application/json": { schema: outputSchema(success, components, true) } },
      },
    };
    // 404 answers a path naming no resource; a missing object named in a body or query is a 422
    const codes = [
      "400",
      "401",
      "403",
      ...(pathNames.length > 0 ? ["404"] : []),
      ...(route.body ? ["409", "413", "415"] : []),
      "422",
      "503",
    ];
    for (const code of codes) responses[code] = { $ref: `#/components/responses/E${code}` };
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: operation.rootField.name,
      summary: `${route.id}: ${route.summary}`,
      description: operation.rootField.description ?? undefined,
      tags: [route.path.split("/")[1]],
      parameters: parameters.length > 0 ? parameters : undefined,
      requestBody: route.body
        ? {
            // an absent body counts as {}: required where that breaks a rule
            required: hasRequiredField(operation.variables.get(route.body)!),
            description: "JSON, with the interface's field names and values (an absent body counts as {}).",
            content: { "application/json": { schema: inputSchema(operation.variables.get(route.body)!, components, false) } },
          }
        : undefined,
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Work management REST interface",
      version: (JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { version: string }).version,
      description:
        "The twenty operations of the service interface at their own paths, each answered by the GraphQL operation of the same server " +
        "(POST /graphql), so the same rules, limits and errors apply. Send `Authorization: <token>` or `Authorization: Bearer <token>`. " +
        "Collections answer a bare JSON array; the total is in `X-Total-Count`, the pages in `Link`. Errors answer problem details " +
        "(application/problem+json) with the GraphQL error code in `code`.",
    },
    tags: Object.entries(AREAS).map(([name, description]) => ({ name, description })),
    security: [{ token: [] }],
    paths,
    components: {
      securitySchemes: {
        token: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "An API token (npm run token:create), with or without `Bearer `.",
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([code, description]) => [
          `E${code}`,
          { description, content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } },
        ]),
      ),
      schemas: {
        ...components,
        Problem: {
          type: "object",
          description: "An error (RFC 9457 problem details).",
          properties: {
            title: { type: "string", description: "The HTTP status's phrase." },
            status: { type: "integer", description: "The HTTP status." },
            detail: { type: "string", description: "What went wrong; never a submitted value." },
            code: {
              type: "string",
              description:
                "The GraphQL error code: UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, BAD_USER_INPUT, CONFLICT, QUERY_TOO_COMPLEX, REQUEST_TIMEOUT, ...",
            },
            violations: { type: "array", items: { $ref: "#/components/schemas/Violation" }, description: "For 422: each broken rule." },
          },
          required: ["title", "status", "detail", "code"],
        },
        Violation: {
          type: "object",
          properties: {
            propertyPath: {
              type: "string",
              description: "The field at fault, by the interface's name (`items[2].count`, `vacationDates.date[after]`).",
            },
            message: { type: "string" },
          },
          required: ["propertyPath", "message"],
        },
      },
    },
  };
}

function queryParameter(parameter: QueryParameter, operation: StoredOperation, route: RestRoute, components: Components): Schema {
  const { type, argument, description: own } = variableAt(operation, parameter.variable);
  const description = parameter.description ?? own;
  const byDefault = !parameter.variable.includes(".") && argument?.defaultValue !== undefined ? { default: argument.defaultValue } : {};
  const placeholder = /^(.+)\[\{(\w+)\}\]$/.exec(parameter.name);
  if (placeholder) {
    return {
      name: placeholder[1],
      in: "query",
      style: "deepObject",
      explode: true,
      description: `${description ?? ""} Written ${parameter.name}=asc|desc, with the ${placeholder[2]} in the brackets.`.trim(),
      schema: { type: "object", additionalProperties: inputSchema(type, components, false), maxProperties: 1 },
    };
  }
  const list = isListType(getNullableType(type));
  // the bare name of a list that the interface also lists with [] takes one value (repeat it for more)
  const alsoBracketed = !parameter.name.endsWith("[]") && (route.query ?? []).some((p) => p.name === `${parameter.name}[]`);
  const schema = inputSchema(list && alsoBracketed ? (getNamedType(type) as GraphQLInputType) : type, components, false);
  return {
    name: parameter.name,
    in: "query",
    description,
    ...(list && !alsoBracketed ? { style: "form", explode: true } : {}),
    schema: { ...schema, ...byDefault },
  };
}

/** A JSON Schema of an input type: objects become components named after the type; enums list the interface's values. */
function inputSchema(type: GraphQLInputType, components: Components, nullable = !isNonNullType(type)): Schema {
  const inner = getNullableType(type);
  let schema: Schema;
  if (isListType(inner)) schema = { type: "array", items: inputSchema(inner.ofType, components) };
  else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    schema = component(components, inner.name, () => ({
      type: "object",
      description: inner.description ?? undefined,
      properties: Object.fromEntries(
        fields.map((f) => [
          f.name,
          describe(
            inputSchema(f.type, components, !isNonNullType(f.type) && f.defaultValue === undefined),
            f.description,
            f.defaultValue,
            getNamedType(f.type),
          ),
        ]),
      ),
      required: nonEmpty(fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name)),
      additionalProperties: false,
    }));
  } else schema = leafSchema(inner);
  return nullable ? orNull(schema) : schema;
}

/** A JSON Schema of an answer as the stored document selects it: a fragment's selection is a component named after it. */
function outputSchema(shape: FieldShape, components: Components, top = false): Schema {
  const build = (type: GraphQLOutputType, outermost: boolean): Schema => {
    const inner = getNullableType(type);
    let schema: Schema;
    if (isListType(inner)) schema = { type: "array", items: build(inner.ofType, false) };
    else if (shape.object) schema = objectSchema(shape.object, components);
    else schema = leafSchema(inner as GraphQLNamedType);
    // the root field is nullable in GraphQL (null beside an error), never in a successful REST answer
    return isNonNullType(type) || outermost ? schema : orNull(schema);
  };
  return describe(build(shape.field.type, top), top ? undefined : shape.field.description);
}

function objectSchema(object: ObjectShape, components: Components): Schema {
  const make = (): Schema => ({
    type: "object",
    description: object.type.description ?? undefined,
    properties: Object.fromEntries([...object.fields].map(([key, field]) => [key, outputSchema(field, components)])),
    required: nonEmpty([...object.fields].filter(([, f]) => !f.conditional).map(([key]) => key)),
  });
  return object.fragment ? component(components, object.fragment, make) : make();
}

/** A reference to the component `name`, made at its first use (a placeholder first: a type may refer to itself). */
function component(components: Components, name: string, make: () => Schema): Schema {
  if (!components[name]) {
    components[name] = {};
    components[name] = make();
  }
  return { $ref: `#/components/schemas/${name}` };
}

/** The JSON Schema of each scalar but String (and the custom ones that travel as text). */
const SCALARS: Record<string, Schema> = {
  ID: { type: "string", format: "uuid" },
  Int: { type: "integer" },
  Float: { type: "number" },
  Boolean: { type: "boolean" },
  DateTime: { type: "string", format: "date-time" },
  Date: { type: "string", format: "date" },
};

function leafSchema(type: GraphQLNamedType): Schema {
  if (isEnumType(type)) return { type: "string", enum: interfaceValues(type), description: type.description ?? undefined };
  return isScalarType(type) ? { ...(SCALARS[type.name] ?? { type: "string" }) } : {};
}

function orNull(schema: Schema): Schema {
  if (typeof schema.type === "string" && !schema.$ref)
    return { ...schema, type: [schema.type, "null"], ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
  return { anyOf: [schema, { type: "null" }] };
}

/** `schema` with its description and its default, in the interface's spelling (enum values as the strings they stand for). */
function describe(schema: Schema, description: string | null | undefined, value?: unknown, named?: GraphQLNamedType): Schema {
  const index = named && isEnumType(named) ? named.getValues().findIndex((v) => v.value === value || v.name === value) : -1;
  const spelled = index >= 0 ? interfaceValues(named as GraphQLEnumType)[index] : value;
  return { ...schema, ...(description ? { description } : {}), ...(value === undefined ? {} : { default: spelled }) };
}

function hasRequiredField(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  return isInputObjectType(named) && Object.values(named.getFields()).some((f) => isNonNullType(f.type) && f.defaultValue === undefined);
}

function nonEmpty(list: string[]): string[] | undefined {
  return list.length > 0 ? list : undefined;
}
