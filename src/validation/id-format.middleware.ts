import {
  getNullableType,
  isInputObjectType,
  isListType,
  type GraphQLInputType,
  type GraphQLResolveInfo,
  GraphQLID,
} from "graphql";
import type { MiddlewareFn } from "type-graphql";
import { BadUserInputError, type FieldViolation } from "../errors/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Every identifier is a UUID. Rather than a rule on each of the hundred ID fields, this global
 * middleware walks the arguments of each root field against their GraphQL types and rejects any
 * `ID` value that is not a UUID, before a resolver or the database sees it.
 */
export const IdFormatMiddleware: MiddlewareFn = async ({ args, info }, next) => {
  if (isRootField(info)) {
    const field = info.parentType.getFields()[info.fieldName];
    const violations: FieldViolation[] = [];
    for (const arg of field.args) collect(arg.type, args[arg.name], arg.name, violations);
    if (violations.length > 0) throw new BadUserInputError(violations);
  }
  return next();
};

function isRootField(info: GraphQLResolveInfo): boolean {
  return info.path.prev === undefined;
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
