import {
  getNamedType,
  isAbstractType,
  isLeafType,
  isObjectType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";

/**
 * A selection of every field of `type`, nested objects included, down to `depth` levels, never
 * re-entering a type already on the path (so `Invoice.corrects.invoice...` is not followed) and
 * skipping fields with required arguments: the largest answer a client can ask of one object
 * without going round in circles.
 */
export function fullSelection(schema: GraphQLSchema, type: GraphQLNamedType, depth: number, path: string[] = []): string {
  if (isAbstractType(type)) {
    return schema
      .getPossibleTypes(type)
      .map((t) => `... on ${t.name} { ${fullSelection(schema, t, depth, path)} }`)
      .join(" ");
  }
  if (!isObjectType(type)) return "";
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((a) => a.type.toString().endsWith("!") && a.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) parts.push(field.name);
    else if (depth > 1 && !path.includes(named.name)) {
      const inner = fullSelection(schema, named, depth - 1, [...path, type.name]);
      if (inner) parts.push(`${field.name} { ${inner} }`);
    }
  }
  return parts.join(" ");
}

/**
 * Every field of `type` without required arguments, nested `depth` levels (leaves only at the
 * last), re-entering types on the path: the widest answer of a given depth, for statement bounds.
 */
export function everything(type: GraphQLObjectType, depth: number): string {
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((a) => a.type.toString().endsWith("!") && a.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) parts.push(field.name);
    else if (isObjectType(named) && depth > 1) parts.push(`${field.name} { ${everything(named, depth - 1)} }`);
  }
  return parts.length > 0 ? parts.join(" ") : "__typename";
}
