import { BadUserInputError, type FieldViolation } from "../../errors/errors";

/**
 * Partial updates: type-graphql leaves an absent input field undefined and passes an explicit
 * null as null. Fields that cannot be cleared must refuse null rather than silently keep the old
 * value, so the caller learns the change did not happen.
 */
export function refuseNulls<T extends object>(input: T, fields: ReadonlyArray<keyof T & string>, prefix = "input"): void {
  const violations: FieldViolation[] = fields
    .filter((f) => input[f] === null)
    .map((f) => ({ field: `${prefix}.${f}`, constraints: { isNotNull: `${f} cannot be cleared; leave it out to keep it` } }));
  if (violations.length > 0) throw new BadUserInputError(violations);
}
