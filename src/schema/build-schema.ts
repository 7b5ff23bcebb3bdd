import "reflect-metadata";
// the two helpers of @apollo/subgraph the served schema needs, without its entry point (which
// loads @apollo/federation-internals, only needed for `_service`, see federationSdl)
import { addResolversToSchema, type GraphQLResolverMap } from "@apollo/subgraph/dist/schema-helper";
import { entitiesResolver } from "@apollo/subgraph/dist/types";
import {
  type DocumentNode,
  type GraphQLResolveInfo,
  GraphQLSchema,
  extendSchema,
  isObjectType,
  isIntrospectionType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  isTypeDefinitionNode,
  isUnionType,
  parse,
  specifiedDirectives,
} from "graphql";
import { buildSchema, getMetadataStorage } from "type-graphql";
import type { AuthedContext } from "../context";
import { DateTimeScalar } from "../scalars";
import { validateArgument } from "../validation/validate-args";
import { guardIdArguments, isUuid } from "../validation/id-arguments";
import { badInput } from "../services/shared/violations";
import { Selection } from "../services/shared/look-ahead";
import { ENTITIES, RESOLVERS } from "./registry";
import type { EntityDefinition } from "../federation/entity-registry";
import { applyFieldRules } from "../auth/visibility";
import { assertRulesDeclared, authChecker } from "../auth/policy";
import { capDeclaredLists } from "./list-caps";

/** The Federation 2 spec this subgraph links, and the directives it uses from it. */
export const FEDERATION_LINK = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable"])';

/** The schema as type-graphql builds it from the decorated classes (no federation fields yet). */
export async function buildTypeGraphqlSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: RESOLVERS,
    // Federation directives (@key, @shareable) are not known to graphql-js until buildAppSchema adds them
    skipCheck: true,
    validate: true,
    validateFn: validateArgument,
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    // the rules declared with @Authorized(rule) on root fields (src/auth/policy.ts)
    authChecker,
  });
  resolveScalarsByDefault(schema);
  return schema;
}

/**
 * type-graphql gives every field without a resolver of its own one that runs the field's
 * middleware chain and returns `source[name]`: an object and a closure per field of every object
 * answered (heap profile of the users page at 16 connections: 5.6% of the bytes allocated). No
 * field here has middleware or roles (access is `@Authorized` on root fields and `@VisibleTo`
 * extensions, both applied on the schema), so a field without a field resolver is left to
 * graphql-js's default resolver, which reads the same property: the schema name is the property's
 * (checked; a renamed field keeps type-graphql's). Fields of objects and lists get the deadline and
 * a heavy request's turns around the default resolver (src/server/request-scope.ts); measured
 * (heap profile, users page, 16 connections) type-graphql's wrapper on those was still 1.9% of the
 * bytes allocated once scalars went without it.
 */
function resolveScalarsByDefault(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  const resolved = new Set(storage.fieldResolvers.map((r) => `${r.getObjectType?.()?.name}.${r.schemaName}`));
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type)) continue;
    // the class's own fields and those it inherits (a field resolver names the class it resolves on)
    const chain: Array<{ name: string }> = [];
    for (let c: unknown = objectType.target; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c))
      chain.push(c);
    for (const field of storage.fields.filter((f) => chain.includes(f.target))) {
      const built = type.getFields()[field.schemaName];
      const plain = field.name === field.schemaName && !field.middlewares?.length && !field.roles;
      if (built && plain && !chain.some((c) => resolved.has(`${c.name}.${field.schemaName}`))) built.resolve = undefined;
    }
  }
}

/** The subgraph SDL: type-graphql's schema printed with its directives, plus the federation link. */
export function subgraphSdl(schema: GraphQLSchema): string {
  // loaded here, not at start: the server prints the SDL only when a gateway asks for `_service`
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { printSchemaWithDirectives } = require("@graphql-tools/utils") as typeof import("@graphql-tools/utils");
  return `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(schema)}`;
}

/**
 * What @apollo/subgraph's `buildSubgraphSchema` adds to the schema of a subgraph linking
 * Federation 2.7 (the definitions it generates, copied verbatim): the `@link` and federation
 * directives, their scalars, `_Any`, `_Service`, and `Query._entities` / `Query._service`.
 * `_Entity` is the union of the types with `@key`. test/schema-build.test.ts proves the schema
 * built with these equals the one `buildSubgraphSchema` builds from the printed SDL (same SDL
 * with directives, same introspection, same `_service.sdl`), so an upgrade of @apollo/subgraph
 * that changes them fails there.
 */
const FEDERATION_DEFINITIONS = `
directive @link(url: String, as: String, for: link__Purpose, import: [link__Import]) repeatable on SCHEMA

directive @key(fields: federation__FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE

directive @federation__requires(fields: federation__FieldSet!) on FIELD_DEFINITION

directive @federation__provides(fields: federation__FieldSet!) on FIELD_DEFINITION

directive @federation__external(reason: String) on OBJECT | FIELD_DEFINITION

directive @federation__tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION | SCHEMA

directive @federation__extends on OBJECT | INTERFACE

directive @shareable repeatable on OBJECT | FIELD_DEFINITION

directive @federation__inaccessible on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION

directive @federation__override(from: String!, label: String) on FIELD_DEFINITION

directive @federation__composeDirective(name: String) repeatable on SCHEMA

directive @federation__interfaceObject on OBJECT

directive @federation__authenticated on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM

directive @federation__requiresScopes(scopes: [[federation__Scope!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM

directive @federation__policy(policies: [[federation__Policy!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM

enum link__Purpose {
  """
  \`SECURITY\` features provide metadata necessary to securely resolve fields.
  """
  SECURITY
  """
  \`EXECUTION\` features provide metadata necessary for operation execution.
  """
  EXECUTION
}

scalar link__Import

scalar federation__FieldSet

scalar federation__Scope

scalar federation__Policy

scalar _Any

type _Service {
  sdl: String
}
`;

function federationAdditions(entityNames: string[]): DocumentNode {
  return parse(`${FEDERATION_DEFINITIONS}
union _Entity = ${entityNames.join(" | ")}

extend type Query {
  _entities(representations: [_Any!]!): [_Entity]!
  _service: _Service!
}

extend schema @link(url: "https://specs.apollo.dev/link/v1.0") ${FEDERATION_LINK.slice("extend schema ".length)}
`);
}

/**
 * `_service.sdl`, what a gateway or `rover` composes: federation's own printing of the subgraph
 * built from the SDL. Only gateways ask for it (once per composition), and building it takes
 * @apollo/federation-internals a second or more, so it is computed on the first request for
 * it, not at start (and kept by the caller).
 */
function federationSdl(sdl: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildSubgraphSchema } = require("@apollo/subgraph") as typeof import("@apollo/subgraph");
  const built = buildSubgraphSchema({ typeDefs: parse(sdl) });
  return (built.getQueryType()!.getFields()._service.resolve!({}, {}, {}, {} as never) as { sdl: string }).sdl;
}

/**
 * type-graphql has no federation support of its own: its schema is extended with what
 * @apollo/subgraph would add (FEDERATION_DEFINITIONS), once, without printing it and rebuilding
 * it from the SDL (which took most of the start-up). Each registered entity resolves references
 * through the request's batching loader. `sdl` (the SDL `schema:print` writes) is printed on
 * demand.
 */
export async function buildAppSchema(): Promise<{ schema: GraphQLSchema; readonly sdl: string }> {
  const typeGraphqlSchema = await buildTypeGraphqlSchema();
  let sdl: string | undefined;
  const printed = () => (sdl ??= subgraphSdl(typeGraphqlSchema));
  const entityNames = Object.values(typeGraphqlSchema.getTypeMap())
    .filter((type) => isObjectType(type) && type.astNode?.directives?.some((d) => d.name.value === "key"))
    .map((type) => type.name)
    .sort();
  // extensions (the fields' `complexity` for the cost limit) and resolvers carry over
  const additions = federationAdditions(entityNames);
  const extended = extendSchema(typeGraphqlSchema, additions, { assumeValidSDL: true });
  // the order buildSubgraphSchema gives (introspection lists types and directives in it):
  // type-graphql's types, then federation's, then introspection's; federation's directives first
  // (built-in scalars are left out: the constructor adds each where it is first referenced)
  const order = [
    ...Object.values(typeGraphqlSchema.getTypeMap())
      .filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type))
      .map((type) => type.name),
    ...additions.definitions.flatMap((definition) => (isTypeDefinitionNode(definition) ? [definition.name.value] : [])),
  ];
  const config = extended.toConfig();
  const schema = new GraphQLSchema({
    ...config,
    types: order.map((name) => extended.getType(name)!),
    directives: [...config.directives.filter((d) => !isSpecifiedDirective(d)), ...specifiedDirectives],
  });
  let serviceSdl: string | undefined;
  const federationResolvers: GraphQLResolverMap<unknown> = {
    Query: {
      _service: () => ({ sdl: (serviceSdl ??= federationSdl(printed())) }),
      _entities: (_source: unknown, { representations }: { representations: never[] }, context: unknown, info: never) =>
        entitiesResolver({ representations, context, info }),
    } as never,
    _Entity: { __resolveType: (parent: { __typename: string }) => parent.__typename } as never,
  };
  // default deny: a root field or an entity nobody declared a rule for would be open to every caller
  assertRulesDeclared(RESOLVERS, ENTITIES);
  for (const entity of ENTITIES) {
    federationResolvers[entity.typeName] = {
      // representations are checked by guardEntities before they get here; `_entities` is behind authentication
      __resolveReference: (reference: { id: string }, ctx: AuthedContext, info: GraphQLResolveInfo) =>
        ctx.loaders.loadReference(entity, reference.id, Selection.of(info)),
    } as never;
  }
  addResolversToSchema(schema, federationResolvers);
  checkEntityList(schema);
  guardEntities(schema);
  guardIdArguments(schema);
  applyFieldRules(schema);
  capDeclaredLists(schema);
  return {
    schema,
    get sdl() {
      return printed();
    },
  };
}

/**
 * The `@key` types of the schema and ENTITIES of src/schema/registry.ts must name the same types:
 * a keyed type missing from the list would answer `_entities` with the bare reference, and a
 * listed type without `@key` (or listed twice) is a wiring mistake.
 */
export function checkEntityList(schema: GraphQLSchema, entities: readonly EntityDefinition[] = ENTITIES): void {
  const entityUnion = schema.getType("_Entity");
  const keyed = isUnionType(entityUnion) ? entityUnion.getTypes().map((t) => t.name) : [];
  const listed = entities.map((e) => e.typeName);
  const unlisted = keyed.filter((name) => !listed.includes(name));
  const unkeyed = listed.filter((name, i) => !keyed.includes(name) || listed.indexOf(name) !== i);
  if (unlisted.length > 0 || unkeyed.length > 0) {
    throw new Error(
      `src/schema/registry.ts ENTITIES must list every @key type once: missing ${unlisted.join(", ") || "none"}; without @key or repeated ${unkeyed.join(", ") || "none"}`,
    );
  }
}

/**
 * Checks each `_entities` representation before @apollo/subgraph resolves it: a `__typename`
 * that is not an entity of this subgraph, or an `id` that is not a UUID, is a BAD_USER_INPUT at
 * that position of the list (`representations.3.id`), and the other positions still resolve. A
 * check inside `__resolveReference` could not name the position, and its synchronous throw would
 * fail the whole batch.
 */
function guardEntities(schema: GraphQLSchema): void {
  const field = schema.getQueryType()?.getFields()._entities;
  const entityUnion = schema.getType("_Entity");
  if (!field?.resolve || !isUnionType(entityUnion)) return;
  const entityNames = new Set(entityUnion.getTypes().map((t) => t.name));
  const resolveAll = field.resolve;
  field.resolve = (source, args: { representations: Array<Record<string, unknown>> }, ctx, info) => {
    const problems = args.representations.map((rep, i) => {
      if (typeof rep.__typename !== "string" || !entityNames.has(rep.__typename)) {
        return badInput(`representations.${i}.__typename`, "isEntity", `${String(rep.__typename)} is not an entity of this subgraph`);
      }
      if (typeof rep.id !== "string" || !isUuid(rep.id)) {
        return badInput(`representations.${i}.id`, "isUuid", `${rep.__typename} id must be a UUID`);
      }
      return null;
    });
    const valid = args.representations.filter((_, i) => problems[i] === null);
    const resolved = resolveAll(source, { ...args, representations: valid }, ctx, info) as unknown[];
    let next = 0;
    // graphql-js completes a list item that is an Error as a field error at that item's path
    return problems.map((problem) => problem ?? resolved[next++]);
  };
}
