import { getMetadataStorage as validationMetadata, validate, type ValidationError, type ValidatorOptions } from "class-validator";
import type { FieldNode, GraphQLResolveInfo } from "graphql";
import { getNamedType, isConstValueNode } from "graphql";
import { getMetadataStorage } from "type-graphql";
import type { ResolverData } from "type-graphql";
import { BadUserInputError, type FieldViolation } from "../errors/errors";

const OPTIONS: ValidatorOptions = {
  // GraphQL's non-null types already enforce requiredness; rules apply to values that are present.
  skipMissingProperties: true,
  forbidUnknownValues: false,
  validationError: { target: false, value: false },
};

/**
 * type-graphql's `validateFn`: runs class-validator on one argument and, when rules break,
 * throws one BAD_USER_INPUT whose `validationErrors` name each field by its dotted path inside
 * the arguments (`input.items.2.count`) and never echo the submitted values back.
 */
export async function validateArgument(argValue: unknown, argType: unknown, data: ResolverData<object>): Promise<void> {
  if (argValue === null || typeof argValue !== "object") return;
  const known = literalsOf(data.info);
  const key = known && JSON.stringify(argValue);
  if (known?.get(argType)?.has(key!)) return;
  const values = Array.isArray(argValue) ? argValue : [argValue];
  let prefix: string | undefined;
  const violations: FieldViolation[] = [];
  for (const [index, value] of values.entries()) {
    if (value === null || typeof value !== "object" || !hasRules((value as { constructor?: unknown }).constructor)) continue;
    const errors = await validate(value as object, OPTIONS);
    if (errors.length === 0) continue;
    prefix ??= argumentPrefix(argType, data.info);
    const base = Array.isArray(argValue) ? join(prefix, String(index)) : prefix;
    violations.push(...flatten(errors, base));
  }
  if (violations.length > 0) throw new BadUserInputError(violations);
  if (known) {
    let valid = known.get(argType);
    if (!valid) known.set(argType, (valid = new Set()));
    valid.add(key!);
  }
}

/**
 * Argument values found valid, by class, for each field of a parsed document whose arguments are
 * all literals: such a field's values are the same at every execution of the document, and the
 * rules are functions of the values alone, so a value found valid once is not validated again
 * (heap profile, vacations page at 16 connections: class-validator was 6-7% of the bytes
 * allocated). A field reading variables is validated every time. Kept with the parsed document,
 * as Apollo keeps it.
 */
const validLiterals = new WeakMap<FieldNode, Map<unknown, Set<string>> | null>();

/** The field's valid values by class when its arguments are literals only, else undefined. */
function literalsOf(info: GraphQLResolveInfo): Map<unknown, Set<string>> | undefined {
  if (info.fieldNodes.length !== 1) return undefined;
  const [node] = info.fieldNodes;
  let known = validLiterals.get(node);
  if (known === undefined) {
    known = node.arguments?.every((argument) => isConstValueNode(argument.value)) === false ? null : new Map();
    validLiterals.set(node, known);
  }
  return known ?? undefined;
}

/** Whether class-validator has rules for instances of `type` (known once the schema is built: decorators run at import). */
const ruled = new WeakMap<object, boolean>();

/**
 * Some arguments' classes declare no rule (the order inputs): class-validator would still look
 * their metadata up (a walk over every class it knows, per call), so those are not handed to it.
 * Options as OPTIONS: no groups, `always` off.
 */
function hasRules(type: unknown): boolean {
  // a JSON value's object (no prototype, or a `constructor` key of its own) has no class, so no rules
  if (typeof type !== "function") return false;
  if (!ruled.has(type)) ruled.set(type, validationMetadata().getTargetValidationMetadatas(type, "", false, false).length > 0);
  return ruled.get(type)!;
}

export function flatten(errors: ValidationError[], prefix: string): FieldViolation[] {
  const out: FieldViolation[] = [];
  for (const error of errors) {
    const field = join(prefix, error.property);
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      out.push({ field, constraints: { ...error.constraints } });
    }
    if (error.children?.length) out.push(...flatten(error.children, field));
  }
  return out;
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

/**
 * The argument's name, found from its class: an @InputType class is the type of exactly one
 * argument of the field; an @ArgsType class spreads into the arguments, so it has no prefix.
 */
function argumentPrefix(argType: unknown, info: GraphQLResolveInfo): string {
  if (typeof argType !== "function") return "";
  const input = getMetadataStorage().inputTypes.find((t) => t.target === argType);
  if (!input) return "";
  const field = info.parentType.getFields()[info.fieldName];
  const arg = field?.args.find((a) => getNamedType(a.type).name === input.name);
  return arg?.name ?? "";
}
