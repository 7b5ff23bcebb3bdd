import { Kind, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";

/** The root field names an operation selects, looking through fragments at the root level. */
export function rootFieldNames(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) names.push(...rootFieldNames(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments[selection.name.value];
      if (fragment) names.push(...rootFieldNames(fragment.selectionSet, fragments, seen));
    }
  }
  return names;
}

export interface Complexity {
  depth: number;
  fields: number;
}

/**
 * Depth and field count of an operation with every fragment spread expanded where it is used,
 * so that a small document that fans out through fragments is measured by what it would cost.
 * Stops counting past `limit` fields.
 */
export function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  limit: number,
): Complexity {
  let fields = 0;
  let maxDepth = 0;
  const walk = (set: SelectionSetNode, depth: number, path: string[]): void => {
    for (const selection of set.selections) {
      if (fields > limit) return;
      if (selection.kind === Kind.FIELD) {
        fields += 1;
        maxDepth = Math.max(maxDepth, depth);
        if (selection.selectionSet) walk(selection.selectionSet, depth + 1, path);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth, path);
      } else {
        const name = selection.name.value;
        const fragment = fragments[name];
        // a fragment that spreads itself is rejected by validation; guard anyway
        if (fragment && !path.includes(name)) walk(fragment.selectionSet, depth, [...path, name]);
      }
    }
  };
  walk(selectionSet, 1, []);
  return { depth: maxDepth, fields };
}
