import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from "graphql";

/**
 * What a document selects below the field being resolved, as a tree keyed by field name
 * (aliases merged, fragments and inline fragments expanded), so a read builds only the SQL the
 * document needs, as PostGraphile does. `@skip`/`@include` are not evaluated: a field they guard
 * counts as selected (loading it is harmless, missing it would not be).
 */
export class Selection {
  constructor(private readonly fields: Map<string, Selection> = new Map()) {}

  static of(info: GraphQLResolveInfo): Selection {
    const root = new Map<string, Selection>();
    for (const node of info.fieldNodes) if (node.selectionSet) collect(node.selectionSet, info.fragments, root);
    return new Selection(root);
  }

  /** Everything selected (for loaders that serve several documents at once). */
  static all(): Selection {
    return ALL;
  }

  has(field: string): boolean {
    return this === ALL || this.fields.has(field);
  }

  /** The selection below `field` (empty when not selected). */
  get(field: string): Selection {
    if (this === ALL) return ALL;
    return this.fields.get(field) ?? EMPTY;
  }

  /** Whether any of `fields` is selected. */
  hasAny(...fields: string[]): boolean {
    return fields.some((f) => this.has(f));
  }
}

const EMPTY = new Selection();
const ALL = new Selection();

function collect(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, into: Map<string, Selection>): void {
  for (const selection of set.selections) {
    if (selection.kind === "Field") addField(selection, fragments, into);
    else if (selection.kind === "InlineFragment") collect(selection.selectionSet, fragments, into);
    else {
      const fragment = fragments[selection.name.value];
      if (fragment) collect(fragment.selectionSet, fragments, into);
    }
  }
}

/** The field maps behind the selections being built (kept out of the public surface). */
const children = new WeakMap<Selection, Map<string, Selection>>();

function addField(node: FieldNode, fragments: Record<string, FragmentDefinitionNode>, into: Map<string, Selection>): void {
  const name = node.name.value;
  let child = into.get(name) ? children.get(into.get(name)!) : undefined;
  if (!child) {
    child = new Map<string, Selection>();
    into.set(name, new Selection(child));
    children.set(into.get(name)!, child);
  }
  if (node.selectionSet) collect(node.selectionSet, fragments, children.get(into.get(name)!)!);
}
