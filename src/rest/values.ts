import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  type GraphQLEnumType,
  type GraphQLInputType,
} from "graphql";
import type { FieldShape } from "./documents";

/*
 * The interface's spelling of a value and GraphQL's, converted by the schema alone: an enum value
 * travels in REST as the stored string the enum stands for (`in-preparation`, `leader-active`,
 * `23`, `asc`), in GraphQL as its name (`in_preparation`, `leader_active`, `RATE_23`, `ASC`).
 * Nothing here checks a value: one the schema does not take is passed on unchanged, and GraphQL
 * refuses it as it refuses any other bad variable, naming the field.
 */

/**
 * The interface's spelling of each value of `type`: the stored string the value stands for (its
 * internal value); sort directions, whose values are their names, in lower case (`desc`).
 */
export function interfaceValues(type: GraphQLEnumType): string[] {
  return type.getValues().map((v) => {
    const stored = typeof v.value === "string" ? v.value : v.name;
    return type.name === "SortDirection" ? stored.toLowerCase() : stored;
  });
}

/** The enum value's name for the interface's spelling `given`; anything else as given (a GraphQL name is taken as it is). */
function enumValueName(type: GraphQLEnumType, given: string): string {
  const index = interfaceValues(type).indexOf(given);
  return index >= 0 ? type.getValues()[index].name : given;
}

/** A JSON body value for an input of `type`: enum values renamed, everything else as given. */
export function toGraphQLInput(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  const inner = getNullableType(type);
  if (isListType(inner))
    return Array.isArray(value) ? value.map((v) => toGraphQLInput(v, inner.ofType)) : toGraphQLInput(value, inner.ofType);
  if (isEnumType(inner)) return typeof value === "string" || typeof value === "number" ? enumValueName(inner, String(value)) : value;
  if (isInputObjectType(inner) && typeof value === "object" && !Array.isArray(value)) {
    const fields = inner.getFields();
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fields[k] ? toGraphQLInput(v, fields[k].type) : v]));
  }
  return value;
}

/** A query parameter's text as a value of the scalar or enum `type` (the element type for lists); text that is no such value stays text. */
export function fromQueryText(text: string, type: GraphQLInputType): unknown {
  const named = getNamedType(type);
  if (isEnumType(named)) return enumValueName(named, text);
  if (!isScalarType(named)) return text;
  switch (named.name) {
    case "Boolean":
      return text === "true" || text === "1" ? true : text === "false" || text === "0" ? false : text;
    case "Int":
      return /^[+-]?\d{1,16}$/.test(text) ? Number(text) : text;
    case "Float":
      return text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
    default:
      return text;
  }
}

/** GraphQL's answer in the interface's spelling: enum names become the values they stand for. */
export function toInterfaceValue(value: unknown, shape: FieldShape): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => toInterfaceValue(v, shape));
  const named = getNamedType(shape.field.type);
  if (isEnumType(named)) {
    const index = named.getValues().findIndex((v) => v.name === value);
    return index >= 0 ? interfaceValues(named)[index] : value;
  }
  if (shape.object && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const field = shape.object.fields.get(key);
      out[key] = field ? toInterfaceValue(v, field) : v;
    }
    return out;
  }
  return value;
}
