import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from "graphql";

/**
 * What the plugins need of an operation's document, computed once per parsed operation: Apollo
 * Server keeps a document it has parsed and validated (its document store) and hands the same
 * objects to every request that sends the same text, so a client repeating an operation pays for
 * these walks once.
 */
interface OperationFacts {
  /** The distinct root fields it selects. */
  rootFields: string[];
  /** measure()'s answer, and the field limit it stopped at. */
  complexity?: ReturnType<typeof measure> & { limit: number };
}

const facts = new WeakMap<OperationDefinitionNode, OperationFacts>();

function factsOf(document: DocumentNode, operation: OperationDefinitionNode): OperationFacts {
  let known = facts.get(operation);
  if (!known) {
    known = { rootFields: [...new Set(rootFieldNames(operation.selectionSet, fragmentsOf(document)))] };
    facts.set(operation, known);
  }
  return known;
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  return Object.fromEntries(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])));
}

/** The distinct root fields `operation` (of `document`) selects, fragments looked through. */
export function rootFieldsOf(document: DocumentNode, operation: OperationDefinitionNode): readonly string[] {
  return factsOf(document, operation).rootFields;
}

/** measure() of `operation`, remembered for the operation. */
export function measureOperation(document: DocumentNode, operation: OperationDefinitionNode, limit: number) {
  const known = factsOf(document, operation);
  if (known.complexity?.limit !== limit) known.complexity = { ...measure(operation.selectionSet, fragmentsOf(document), limit), limit };
  return known.complexity;
}

/** The root field names an operation selects, looking through fragments at the root level. */
function rootFieldNames(
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

/**
 * Depth and field count of an operation with every fragment spread expanded where it is used,
 * so that a small document that fans out through fragments is measured by what it would cost.
 * Stops counting past `limit` fields.
 */
function measure(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, limit: number) {
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
