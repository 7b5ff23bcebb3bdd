import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from "graphql";

/**
 * What a document selects below the field being resolved, as a tree keyed by field name
 * (aliases merged, fragments and inline fragments expanded), so a read builds only the SQL the
 * document needs, as PostGraphile does. `@skip`/`@include` are not evaluated: a field they guard
 * counts as selected (loading it is harmless, missing it would not be), so the tree depends on
 * the document alone: it is built once per field of a parsed document and kept with it.
 */
export class Selection {
  private keyText?: string;
  private andId?: Selection;

  constructor(private readonly fields: ReadonlyMap<string, Selection>) {}

  static of(info: GraphQLResolveInfo): Selection {
    // Apollo keeps the parsed document of a query it has seen: the same field node, the same tree
    const [node] = info.fieldNodes;
    if (info.fieldNodes.length === 1) {
      const kept = built.get(node);
      if (kept) return kept;
    }
    const selection = new Selection(collectAll(info.fieldNodes, info.fragments));
    if (info.fieldNodes.length === 1) built.set(node, selection);
    return selection;
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

  /** This selection and the id (what a batch by id reads to match its rows), the same object each time. */
  withId(): Selection {
    if (this === ALL || this.fields.has("id")) return this;
    return (this.andId ??= new Selection(new Map([...this.fields, ["id", EMPTY]])));
  }

  /** The tree as text, the same for the same tree: a statement's shape names its selection by it (src/db/statements.ts). */
  toJSON(): string {
    this.keyText ??=
      this === ALL
        ? "*"
        : [...this.fields]
            .map(([name, below]) => (below.fields.size > 0 ? `${name}{${below.toJSON()}}` : name))
            .sort()
            .join(",");
    return this.keyText;
  }
}

/** The trees of the field nodes of parsed documents (a document dropped from Apollo's cache takes its trees along). */
const built = new WeakMap<FieldNode, Selection>();

const EMPTY = new Selection(new Map());
const ALL = new Selection(new Map());

type Tree = Map<string, Tree>;

function collectAll(nodes: readonly FieldNode[], fragments: Record<string, FragmentDefinitionNode>): ReadonlyMap<string, Selection> {
  const tree: Tree = new Map();
  for (const node of nodes) if (node.selectionSet) collect(node.selectionSet, fragments, tree);
  return freeze(tree);
}

function collect(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, into: Tree): void {
  for (const selection of set.selections) {
    if (selection.kind === "Field") {
      const name = selection.name.value;
      let child = into.get(name);
      if (!child) into.set(name, (child = new Map()));
      if (selection.selectionSet) collect(selection.selectionSet, fragments, child);
    } else if (selection.kind === "InlineFragment") {
      collect(selection.selectionSet, fragments, into);
    } else {
      const fragment = fragments[selection.name.value];
      if (fragment) collect(fragment.selectionSet, fragments, into);
    }
  }
}

function freeze(tree: Tree): ReadonlyMap<string, Selection> {
  return new Map([...tree].map(([name, below]) => [name, new Selection(freeze(below))]));
}
