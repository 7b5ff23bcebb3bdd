import { BadUserInputError, type FieldViolation } from "../../errors/errors";

/**
 * Rule violations found by business logic (not by a decorator), turned into BAD_USER_INPUT
 * with `extensions.validationErrors`, the way argument validation reports them.
 */

/** A single broken rule on `field` (a dotted path inside the arguments: `input.items.2.count`). */
export function badInput(field: string, rule: string, message: string): BadUserInputError {
  return new BadUserInputError([{ field, constraints: { [rule]: message } }]);
}

/** Collects every broken rule of an input, so one answer names them all. */
export class Violations {
  private readonly found: FieldViolation[] = [];

  /** Records that `field` breaks `rule`. */
  add(field: string, rule: string, message: string): void {
    this.found.push({ field, constraints: { [rule]: message } });
  }

  /** Throws BAD_USER_INPUT naming every recorded violation; does nothing when there is none. */
  throwIfAny(): void {
    if (this.found.length > 0) throw new BadUserInputError(this.found);
  }
}
