/**
 * How big a list of objects can get, declared on its field for the cost limit
 * (src/server/cost.ts prices a document with it): `@Field(() => [Invoice], { complexity: listCost(20) })`.
 * A declared cap is real, never an estimate: the domain keeps the list within it, or the field
 * answers at most that many items (src/schema/list-caps.ts cuts a longer list). Plain functions of
 * the cost model, below the types that declare them.
 */

/** Complexity marker for lists whose length the parent field's page size already counts (`XCollection.items`). */
export const PAGED_BY_PARENT = ({ childComplexity }: { childComplexity: number }): number => 1 + childComplexity;

/**
 * Most corrections one invoice takes (createInvoice refuses one more). A real bound the cost model
 * relies on (Invoice.corrects, whose nesting through `invoice` multiplies): the API lists at most this many.
 */
export const MAX_CORRECTIONS = 10;

/** How many items a capped list may hold, given the field's arguments. */
export type ListCap = (args: Record<string, unknown>) => number;

/** The `complexity` option of a list field holding at most `cap` items. */
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

function capped(cap: ListCap, described: number | string) {
  const estimate = ({ childComplexity, args }: { childComplexity: number; args: Record<string, unknown> }): number =>
    1 + Math.max(cap(args), 1) * Math.max(childComplexity, 1);
  // recorded for the README's table, the schema audit test and the cut of src/schema/list-caps.ts
  Object.defineProperties(estimate, { listBound: { value: described }, cap: { value: cap } });
  return estimate;
}
