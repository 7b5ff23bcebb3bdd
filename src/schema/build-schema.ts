import "reflect-metadata";
import { buildSubgraphSchema } from "@apollo/subgraph";
import type { GraphQLResolverMap } from "@apollo/subgraph/dist/schema-helper";
import { printSchemaWithDirectives } from "@graphql-tools/utils";
import { type GraphQLSchema, isUnionType, parse } from "graphql";
import { buildSchema, createResolversMap } from "type-graphql";
import type { AuthedContext } from "../context";
import { DateTimeScalar } from "../scalars";
import { validateArgument } from "../validation/validate-args";
import { guardIdArguments, isUuid } from "../validation/id-arguments";
import { badInput } from "../services/shared/violations";
import { ENTITIES, RESOLVERS } from "./registry";
import type { EntityDefinition } from "../federation/entity-registry";
import { copyComplexity } from "../server/cost";
import { applyFieldPolicies, ENTITY_READ } from "../auth/visibility";

/** The Federation 2 spec this subgraph links, and the directives it uses from it. */
export const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable"])';

/** The schema as type-graphql builds it from the decorated classes (no federation fields yet). */
export async function buildTypeGraphqlSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    // Federation directives (@key, @shareable) are not known to graphql-js until the subgraph
    // schema is built from the printed SDL below.
    skipCheck: true,
    validate: true,
    validateFn: validateArgument,
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
  });
}

/** The subgraph SDL: type-graphql's schema printed with its directives, plus the federation link. */
export function subgraphSdl(schema: GraphQLSchema): string {
  return `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(schema)}`;
}

/**
 * type-graphql has no federation support of its own: print its schema with directives, link
 * Federation 2, and let @apollo/subgraph add `_service`/`_entities`. Each registered entity
 * resolves references through the request's batching loader.
 */
export async function buildAppSchema(): Promise<{ schema: GraphQLSchema; sdl: string }> {
  const typeGraphqlSchema = await buildTypeGraphqlSchema();
  const sdl = subgraphSdl(typeGraphqlSchema);
  const resolvers = createResolversMap(typeGraphqlSchema) as GraphQLResolverMap<unknown>;
  for (const entity of ENTITIES) {
    // default deny: an entity nobody wrote a read rule for would be open to every caller
    if (!ENTITY_READ[entity.typeName]) throw new Error(`Entity ${entity.typeName} has no read rule in src/auth/visibility.ts`);
    resolvers[entity.typeName] = {
      ...(resolvers[entity.typeName] as object),
      // representations are checked by guardEntities before they get here; `_entities` is behind authentication
      __resolveReference: (reference: { id: string }, ctx: AuthedContext) => ctx.loaders.loadReference(entity, reference.id),
    } as never;
  }
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers });
  checkEntityList(schema);
  // the fields' declared list sizes (type-graphql's `complexity`) for the cost limit
  copyComplexity(typeGraphqlSchema, schema);
  guardEntities(schema);
  guardIdArguments(schema);
  applyFieldPolicies(schema);
  return { schema, sdl };
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
