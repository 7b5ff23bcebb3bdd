import { getNullableType, isInputObjectType, isListType, type GraphQLInputType, type GraphQLSchema, GraphQLID } from "graphql";
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
        const checked: Record<string, unknown> = { ...args };
        for (const arg of field.args) checked[arg.name] = collect(arg.type, args[arg.name], arg.name, violations);
        if (violations.length > 0) throw new BadUserInputError(violations);
        return resolve(source, checked, ctx, info);
      };
    }
  }
}

/** A UTF-16 surrogate without its pair: not a character, and refused by the databases' drivers. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Dates the server computes with (windows, periods, numbering) stay far inside every database's range. */
export const MIN_DATE = Date.UTC(1000, 0, 1);
export const MAX_DATE = Date.UTC(9000, 11, 31, 23, 59, 59, 999);

/**
 * Checks one value against its type and returns it normalised: an `ID` must be a UUID and is
 * lower-cased (the stored form, so `7D4E...` finds `7d4e...` on every database); a string must be
 * well-formed UTF-16 without NUL; a date must lie between the years 1000 and 9000. Violations name the path.
 */
function collect(type: GraphQLInputType, value: unknown, path: string, out: FieldViolation[]): unknown {
  if (value === null || value === undefined) return value;
  const refuse = (rule: string, must: string) => {
    // the message names the path's last name (`input.items.2.id`: `id`)
    out.push({ field: path, constraints: { [rule]: `${path.slice(path.lastIndexOf(".") + 1)} must ${must}` } });
    return value;
  };
  if (typeof value === "string" && LONE_SURROGATE.test(value))
    return refuse("isWellFormed", "be valid Unicode text (no lone UTF-16 surrogates)");
  // PostgreSQL text cannot hold NUL (SQLite would, so the databases would disagree)
  if (typeof value === "string" && value.includes("\u0000")) return refuse("noNulCharacter", "not contain the NUL character");
  if (value instanceof Date) {
    const time = value.getTime();
    return time >= MIN_DATE && time <= MAX_DATE ? value : refuse("isInRange", "be between the years 1000 and 9000");
  }
  const inner = getNullableType(type);
  if (isListType(inner)) {
    return Array.isArray(value) ? value.map((v, i) => collect(inner.ofType, v, `${path}.${i}`, out)) : value;
  }
  if (inner === GraphQLID || (inner as { name?: string }).name === "ID") {
    return typeof value === "string" && isUuid(value) ? value.toLowerCase() : refuse("isUuid", "be a UUID");
  }
  if (isInputObjectType(inner) && typeof value === "object") {
    // type-graphql hands input objects over as class instances (their rules are on the prototype): change them in place
    const record = value as Record<string, unknown>;
    for (const [key, f] of Object.entries(inner.getFields())) {
      if (record[key] === undefined || record[key] === null) continue; // absent: nothing to check, no path to build
      const next = collect(f.type, record[key], `${path}.${key}`, out);
      if (next !== record[key]) record[key] = next;
    }
  }
  return value;
}
