/**
 * How big a list of objects can get, declared on its field for the cost limit
 * (src/server/cost.ts prices a document with it): `@Field(() => [Invoice], { complexity: listCost(20) })`.
 * Plain functions of the cost model, below the types that declare them.
 */

/** Complexity marker for lists whose length the parent field's page size already counts (`XCollection.items`). */
export const PAGED_BY_PARENT = ({ childComplexity }: { childComplexity: number }): number => 1 + childComplexity;

/** The `complexity` option of a list field holding at most about `bound` items. */
export function listCost(bound: number) {
  const estimate = ({ childComplexity }: { childComplexity: number }): number => 1 + bound * Math.max(childComplexity, 1);
  // recorded for the README's table and the schema audit test
  Object.defineProperty(estimate, "listBound", { value: bound });
  return estimate;
}

/** The `complexity` option of a list whose length is that of a list argument (`users`, `input`), at most `max`. */
export function listArgCost(argument: string, fallback: number) {
  const estimate = ({ childComplexity, args }: { childComplexity: number; args: Record<string, unknown> }): number => {
    const given = args[argument];
    const n = Array.isArray(given) ? given.length : fallback;
    return 1 + Math.max(n, 1) * Math.max(childComplexity, 1);
  };
  Object.defineProperty(estimate, "listBound", { value: `length of ${argument} (else ${fallback})` });
  return estimate;
}
