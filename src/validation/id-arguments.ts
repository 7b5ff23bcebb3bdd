import {
  getNullableType,
  isInputObjectType,
  isListType,
  type GraphQLInputType,
  type GraphQLSchema,
  GraphQLID,
} from "graphql";
import { BadUserInputError, type FieldViolation } from "../errors/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Every identifier is a UUID. Rather than a rule on each of the hundred ID fields, the resolver of
 * each root field is wrapped once: its arguments are walked against their GraphQL types and any
 * `ID` value that is not a UUID is refused, with its path, before the resolver or the database sees
 * it. Only root fields are wrapped (a type-graphql global middleware would also wrap every nested
 * field of every response, which costs more than the rest of a request's GraphQL work).
 */
export function guardIdArguments(schema: GraphQLSchema): void {
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const resolve = field.resolve;
      if (!resolve || field.name.startsWith("_")) continue;
      field.resolve = (source, args, ctx, info) => {
        const violations: FieldViolation[] = [];
        for (const arg of field.args) collect(arg.type, args[arg.name], arg.name, violations);
        if (violations.length > 0) throw new BadUserInputError(violations);
        return resolve(source, args, ctx, info);
      };
    }
  }
}

function collect(type: GraphQLInputType, value: unknown, path: string, out: FieldViolation[]): void {
  if (value === null || value === undefined) return;
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (Array.isArray(value)) value.forEach((v, i) => collect(inner.ofType, v, `${path}.${i}`, out));
    return;
  }
  if (inner === GraphQLID || (inner as { name?: string }).name === "ID") {
    if (typeof value !== "string" || !isUuid(value)) {
      out.push({ field: path, constraints: { isUuid: `${path.split(".").pop()} must be a UUID` } });
    }
    return;
  }
  if (isInputObjectType(inner) && typeof value === "object") {
    for (const [key, f] of Object.entries(inner.getFields())) {
      collect(f.type, (value as Record<string, unknown>)[key], `${path}.${key}`, out);
    }
  }
}
