import { Violations } from "./violations";

/**
 * Partial updates: type-graphql leaves an absent input field undefined and passes an explicit
 * null as null. Fields that cannot be cleared must refuse null rather than silently keep the old
 * value, so the caller learns the change did not happen.
 */
export function refuseNulls<T extends object>(input: T, fields: ReadonlyArray<keyof T & string>, prefix = "input"): void {
  const violations = new Violations();
  for (const f of fields)
    if (input[f] === null) violations.add(`${prefix}.${f}`, "isNotNull", `${f} cannot be cleared; leave it out to keep it`);
  violations.throwIfAny();
}
