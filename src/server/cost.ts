import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isAbstractType,
  isListType,
  isObjectType,
  type DocumentNode,
  type GraphQLField,
  type GraphQLSchema,
} from "graphql";
import { DEFAULT_ITEMS_PER_PAGE } from "../domain/paging";
import {
  fieldExtensionsEstimator,
  getComplexity,
  simpleEstimator,
  type ComplexityEstimator,
  type ComplexityEstimatorArgs,
} from "graphql-query-complexity";

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
 *   the most the field returns (capDeclaredLists of src/schema/list-caps.ts cuts a longer list); the README lists which, per
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

/**
 * What the statements of one root field cost: a statement is worth about as much work as a few
 * hundred answered values (a round trip, planning, a scan), and a root field issues one or two
 * (a mutation a handful, inside one transaction).
 */
export const STATEMENT_COST = 250;

/** Root fields answered without the database: introspection, `__typename`, the federation SDL. */
const WITHOUT_STATEMENTS = new Set(["__schema", "__type", "__typename", "_service"]);

/** Whether a field returns a list of objects (the lists whose size multiplies work). */
export function isObjectList(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNullableType(field.type);
  if (!isListType(type)) return false;
  const named = getNamedType(type);
  return isObjectType(named) || isAbstractType(named);
}

/** Paginated fields: the page asked for, or MAX_UNPAGINATED_ITEMS with `pagination: false`. */
function paginationEstimator(maxUnpaginatedItems: number): ComplexityEstimator {
  return ({ field, args, childComplexity }: ComplexityEstimatorArgs) => {
    if (!field.args.some((a) => a.name === "itemsPerPage")) return undefined;
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

/** The limits a document is checked against before execution. */
export interface DocumentLimits {
  maxDepth: number;
  maxFields: number;
  maxCost: number;
  maxUnpaginatedItems: number;
}

/**
 * The cost of the operation `operationName` of `document` with `variables`. A document whose
 * calculation would visit more than 4 × `maxFields` + 100 field nodes (one that fans out through
 * fragments) counts as over any limit, so the calculation itself stays cheap.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
  limits: Pick<DocumentLimits, "maxFields" | "maxUnpaginatedItems">,
): number {
  // in the order graphql-query-complexity asks them (the first number wins)
  const estimators = [
    introspectionEstimator,
    entitiesEstimator,
    paginationEstimator(limits.maxUnpaginatedItems),
    fieldExtensionsEstimator(),
    undeclaredListEstimator,
    simpleEstimator({ defaultComplexity: 1 }),
  ];
  try {
    return getComplexity({
      schema,
      query: document,
      variables: variables ?? {},
      operationName,
      estimators: [withStatements(estimators), ...estimators],
      maxQueryNodes: 4 * limits.maxFields + 100,
    });
  } catch (error) {
    if (error instanceof GraphQLError && /maximum allowed number of nodes/.test(error.message)) return Number.POSITIVE_INFINITY;
    // variables that do not coerce: execution refuses them before any resolver runs
    return 0;
  }
}
