import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  Kind,
  getNamedType,
  isInputObjectType,
  isObjectType,
  parse,
  print,
  separateOperations,
  typeFromAST,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { projectRoot } from "../config/paths";
import type { RestRoute } from "./routes";

const DOCUMENTS = join(projectRoot, "src", "rest", "documents");

/** What a field of an answer holds, as the stored document selects it. */
export interface FieldShape {
  field: GraphQLField<unknown, unknown>;
  /** Under `@include`/`@skip`: present only when the variable says so. */
  conditional: boolean;
  /** The selection inside an object field. */
  object?: ObjectShape;
}

/** The selection of an object: its fields by response key, and the fragment it is when it is exactly one spread. */
export interface ObjectShape {
  type: GraphQLObjectType;
  fragment?: string;
  fields: Map<string, FieldShape>;
}

/** A route's stored document, checked against the schema, with what the REST layer needs of it. */
export interface StoredOperation {
  /** The document's text (the operation and the fragments it uses), as sent to Apollo. */
  query: string;
  operationName: string;
  /** The root field the operation selects (its label in logs and metrics). */
  rootField: GraphQLField<unknown, unknown>;
  /** The variables the operation declares, with their types. */
  variables: Map<string, GraphQLInputType>;
  /** The root field's answer. */
  answer: FieldShape;
}

/**
 * Reads and checks the stored documents of `routes` against `schema`: each must hold one
 * operation selecting one root field and validate, or the server does not start (a schema change
 * that breaks a REST route fails every test at once, not one REST call in production).
 */
export function loadStoredOperations(schema: GraphQLSchema, routes: readonly RestRoute[]): Map<RestRoute, StoredOperation> {
  const fragments = readFragments();
  const operations = new Map<RestRoute, StoredOperation>();
  for (const route of routes) {
    const document = withFragments(readFileSync(join(DOCUMENTS, `${route.document}.graphql`), "utf8"), fragments);
    const operation = document.definitions[0] as OperationDefinitionNode;
    if (operation.kind !== Kind.OPERATION_DEFINITION || !operation.name)
      throw new Error(`REST ${route.id}: ${route.document}.graphql must hold one named operation`);
    const errors = validate(schema, document);
    if (errors.length > 0)
      throw new Error(`REST ${route.id}: ${route.document}.graphql does not validate: ${errors.map((e) => e.message).join("; ")}`);
    const root = operation.operation === "mutation" ? schema.getMutationType()! : schema.getQueryType()!;
    const answer = selectionShape(root, operation.selectionSet, fragments);
    if (answer.fields.size !== 1) throw new Error(`REST ${route.id}: the operation must select exactly one root field`);
    const [rootShape] = answer.fields.values();
    const variables = new Map(
      operation.variableDefinitions?.map((d) => [d.variable.name.value, typeFromAST(schema, d.type as never) as GraphQLInputType]),
    );
    operations.set(route, {
      query: print(document),
      operationName: operation.name.value,
      rootField: rootShape.field,
      variables,
      answer: rootShape,
    });
  }
  return operations;
}

/** A variable path's input type (`order[].lastName`: `[]` one element of a list), its root argument and the description nearest its end. */
export function variableAt(
  operation: StoredOperation,
  path: string,
): { type: GraphQLInputType; argument?: GraphQLArgument; description?: string } {
  const [first, ...rest] = path.split(".").map((segment) => segment.replace("[]", ""));
  const argument = operation.rootField.args.find((a) => a.name === first);
  let type = operation.variables.get(first)!;
  let description = argument?.description ?? undefined;
  for (const name of rest) {
    const holder = getNamedType(type);
    if (!isInputObjectType(holder)) throw new Error(`REST: ${path} is not a path of the variables`);
    const field = holder.getFields()[name];
    type = field.type;
    description = field.description ?? description;
  }
  return { type, argument, description };
}

/** The shapes of the interface, by fragment name (src/rest/documents/fragments.graphql). */
export function readFragments(): Map<string, FragmentDefinitionNode> {
  const { definitions } = parse(readFileSync(join(DOCUMENTS, "fragments.graphql"), "utf8"));
  return new Map(definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
}

/** The one operation of `source` with the fragments it uses, transitively: a document GraphQL validates. */
export function withFragments(source: string, fragments: Map<string, FragmentDefinitionNode>): DocumentNode {
  const own = parse(source);
  const operation = own.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation || own.definitions.length !== 1) throw new Error("a stored REST document holds exactly one operation");
  return separateOperations({ kind: Kind.DOCUMENT, definitions: [operation, ...fragments.values()] })[operation.name?.value ?? ""];
}

/** The shape a selection gives an answer of `type`, fragments expanded (the documents use no aliases or abstract types). */
function selectionShape(
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
): ObjectShape {
  const only = selectionSet.selections.length === 1 ? selectionSet.selections[0] : undefined;
  const shape: ObjectShape = { type, fragment: only?.kind === Kind.FRAGMENT_SPREAD ? only.name.value : undefined, fields: new Map() };
  const add = (selections: SelectionSetNode) => {
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) add(fragments.get(selection.name.value)!.selectionSet);
      else if (selection.kind === Kind.INLINE_FRAGMENT) add(selection.selectionSet);
      else {
        const field = type.getFields()[selection.name.value];
        const named = getNamedType(field.type as GraphQLOutputType);
        shape.fields.set(selection.alias?.value ?? selection.name.value, {
          field,
          conditional: (selection.directives ?? []).some((d) => d.name.value === "include" || d.name.value === "skip"),
          object: selection.selectionSet && isObjectType(named) ? selectionShape(named, selection.selectionSet, fragments) : undefined,
        });
      }
    }
  };
  add(selectionSet);
  return shape;
}
