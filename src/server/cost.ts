import {
  defaultFieldResolver,
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
  isObjectType,
  type DocumentNode,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from "graphql";
import { DEFAULT_ITEMS_PER_PAGE } from "../services/shared/pagination";
import { fieldExtensionsEstimator, getComplexity, simpleEstimator, type ComplexityEstimator, type ComplexityEstimatorArgs } from "graphql-query-complexity";

/**
 * The cost model: what a document's answer will weigh, computed before any resolver runs.
 *
 * Every field costs 1. A list of objects multiplies the cost of what is selected inside it by
 * how many items it can return, so the cost grows with the result the way GitHub's node limit
 * and Shopify's calculated cost do:
 * - a paginated field (one with `itemsPerPage`) by the page size asked for, or
 *   MAX_UNPAGINATED_ITEMS with `pagination: false`;
 * - `_entities` by the number of representations sent;
 * - every other list of objects by the cap declared on its field with `complexity: listCost(n)`
 *   (type-graphql puts it in the field's extensions): a real bound, never an estimate. Either
 *   the domain keeps the list within it (an input rule, a check when the list grows), or it is
 *   the most the field returns (capDeclaredLists cuts a longer list); the README lists which, per
 *   list, and test/query-cost.test.ts keeps every list declared.
 * Lists of scalars cost 1: their size does not multiply any work below them.
 *
 * Every root field that reads or writes the database adds STATEMENT_COST for its statements, so
 * that many aliases of a cheap-looking root field (each one or two statements of its own) are
 * priced as the work they are. Nested fields are read by the same statement or by one batched
 * statement per level and type (the loaders), whatever the number of items: their items price them.
 */

/** What an object list costs when nothing declares its size (test/query-cost.test.ts lists such fields: none should be). */
export const UNDECLARED_LIST_BOUND = 100;

/** Complexity marker for lists whose length the parent field's page size already counts (`XCollection.items`). */
export const PAGED_BY_PARENT = ({ childComplexity }: { childComplexity: number }): number => 1 + childComplexity;

/**
 * What the statements of one root field cost: a statement is worth about as much work as a few
 * hundred answered values (a round trip, planning, a scan), and a root field issues one or two
 * (a mutation a handful, inside one transaction).
 */
export const STATEMENT_COST = 250;

/** Root fields answered without the database: introspection, `__typename`, the federation SDL. */
const WITHOUT_STATEMENTS = new Set(["__schema", "__type", "__typename", "_service"]);

/** How many items a capped list may hold, given the field's arguments. */
type Cap = (args: Record<string, unknown>) => number;

/**
 * The `complexity` option of a list field holding at most `cap` items (the domain keeps it so,
 * or capDeclaredLists cuts it there): `@Field(() => [Invoice], { complexity: listCost(20) })`.
 */
export function listCost(cap: number) {
  return capped(() => cap, cap);
}

/** The `complexity` option of a list with one item per element of a list argument (`users`), at most `fallback` without it. */
export function listArgCost(argument: string, fallback: number) {
  return capped((args) => {
    const given = args[argument];
    return Array.isArray(given) ? given.length : fallback;
  }, `length of ${argument} (else ${fallback})`);
}

function capped(cap: Cap, described: number | string) {
  const estimate = ({ childComplexity, args }: { childComplexity: number; args: Record<string, unknown> }): number =>
    1 + Math.max(cap(args), 1) * Math.max(childComplexity, 1);
  // recorded for the README's table, the schema audit test and capDeclaredLists
  Object.defineProperties(estimate, { listBound: { value: described }, cap: { value: cap } });
  return estimate;
}

const CAPPED = Symbol("capped list");

/**
 * Makes every declared cap true of what is answered: a list field with `listCost(n)` returns at
 * most its first `n` items (in the list's own order), whatever the data holds. Where the domain
 * already keeps a list within its cap, this never cuts anything; where it does not (data this API
 * never writes: imported bookings, long vacations...), the README says what is cut. Idempotent.
 */
export function capDeclaredLists(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const cap = (field.extensions?.complexity as { cap?: Cap } | undefined)?.cap;
      const resolve = (field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, unknown> & { [CAPPED]?: true };
      if (!cap || resolve[CAPPED]) continue;
      const cut = (value: unknown, args: Record<string, unknown>) => {
        const n = cap(args);
        return Array.isArray(value) && value.length > n ? value.slice(0, n) : value;
      };
      const cappedResolve: GraphQLFieldResolver<unknown, unknown> & { [CAPPED]?: true } = (source, args, ctx, info) => {
        const value = resolve(source, args, ctx, info);
        return value instanceof Promise ? value.then((v) => cut(v, args)) : cut(value, args);
      };
      cappedResolve[CAPPED] = true;
      field.resolve = cappedResolve;
    }
  }
}

/** The declared item bound of a field (for documentation and the audit test), if any. */
export function declaredBound(field: GraphQLField<unknown, unknown>): number | string | undefined {
  const complexity = field.extensions?.complexity as { listBound?: number | string } | undefined;
  if (complexity === PAGED_BY_PARENT) return "page size of the parent field";
  return complexity?.listBound;
}

/** Whether a field returns a list of objects (the lists whose size multiplies work). */
export function isObjectList(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNullableType(field.type);
  if (!isListType(type)) return false;
  const named = getNamedType(type);
  return isObjectType(named) || isAbstractType(named);
}

function isPaginated(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.some((a) => a.name === "itemsPerPage");
}

/** Paginated fields: the page asked for, or MAX_UNPAGINATED_ITEMS with `pagination: false`. */
function paginationEstimator(maxUnpaginatedItems: number): ComplexityEstimator {
  return ({ field, args, childComplexity }: ComplexityEstimatorArgs) => {
    if (!isPaginated(field)) return undefined;
    const size =
      args.pagination === false ? maxUnpaginatedItems : typeof args.itemsPerPage === "number" ? args.itemsPerPage : DEFAULT_ITEMS_PER_PAGE;
    return 1 + Math.max(size, 1) * Math.max(childComplexity, 1);
  };
}

/** `_entities` (added by @apollo/subgraph, so no decorator can carry its cost): one item per representation. */
const entitiesEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (type.name !== "Query" || field.name !== "_entities") return undefined;
  const n = Array.isArray(args.representations) ? args.representations.length : 1;
  return 1 + Math.max(n, 1) * Math.max(childComplexity, 1);
};

/**
 * Introspection (`__schema`, `__type` and their lists): its answer is bounded by the schema,
 * whatever is asked, so its lists count once; the standard introspection query of playgrounds
 * and code generators must pass.
 */
const introspectionEstimator: ComplexityEstimator = ({ type, childComplexity }) =>
  type.name.startsWith("__") ? 1 + childComplexity : undefined;

/** An object list nobody declared: counted with a conservative bound rather than as one item. */
const undeclaredListEstimator: ComplexityEstimator = ({ field, childComplexity }) => {
  if (!isObjectList(field)) return undefined;
  return 1 + UNDECLARED_LIST_BOUND * Math.max(childComplexity, 1);
};

export interface CostOptions {
  maxUnpaginatedItems: number;
  /** Ceiling on field nodes the calculation visits (fragments expanded), so the calculation itself stays cheap. */
  maxNodes: number;
}

/** A root field's statements on top of what the other estimators price (see STATEMENT_COST). */
function withStatements(estimators: ComplexityEstimator[]): ComplexityEstimator {
  return (args) => {
    if ((args.type.name !== "Query" && args.type.name !== "Mutation") || WITHOUT_STATEMENTS.has(args.field.name)) return undefined;
    for (const estimate of estimators) {
      const cost = estimate(args);
      if (typeof cost === "number" && !Number.isNaN(cost)) return cost + STATEMENT_COST;
    }
    return undefined;
  };
}

/** The estimators in the order graphql-query-complexity asks them (the first number wins). */
export function costEstimators(options: Pick<CostOptions, "maxUnpaginatedItems">): ComplexityEstimator[] {
  const answer = [
    introspectionEstimator,
    entitiesEstimator,
    paginationEstimator(options.maxUnpaginatedItems),
    fieldExtensionsEstimator(),
    undeclaredListEstimator,
    simpleEstimator({ defaultComplexity: 1 }),
  ];
  return [withStatements(answer), ...answer];
}

/**
 * The cost of the operation `operationName` of `document` with `variables`. Throws when the
 * calculation itself would visit more than `maxNodes` field nodes (a document that fans out
 * through fragments): callers treat that as over the limit.
 */
export function documentCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
  options: CostOptions,
): number {
  return getComplexity({
    schema,
    query: document,
    variables: variables ?? {},
    operationName,
    estimators: costEstimators(options),
    maxQueryNodes: options.maxNodes,
  });
}
