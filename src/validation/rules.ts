import { ValidateBy, buildMessage, type ValidationOptions } from "class-validator";
import { Prisma } from "../db/client";

/** A class-validator rule named `name`; `message` follows "each value in " for `each` rules. */
function rule(name: string, validate: (value: unknown) => boolean, message: string, options?: ValidationOptions, constraints?: unknown[]) {
  return ValidateBy(
    { name, constraints, validator: { validate, defaultMessage: buildMessage((each) => `${each}${message}`, options) } },
    options,
  );
}

/**
 * A finite number with at most `places` decimal places, counted exactly (decimal.js). Replaces
 * class-validator's `IsNumber({ maxDecimalPlaces })`, which splits `String(value)` on "." and
 * crashes on numbers it prints in exponent form (1e-7).
 */
export function IsDecimal(places: number, options?: ValidationOptions): PropertyDecorator {
  const validate = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) && new Prisma.Decimal(value).decimalPlaces() <= places;
  return rule("isDecimal", validate, "$property must be a number with at most $constraint1 decimal places", options, [places]);
}

/** An address a browser may follow safely: absolute http(s), or a path relative to the app (not `//host`). */
const SAFE_URL = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*|[^\s:/?#][^\s:]*(?:[/?#][^\s]*)?)$/i;

export function IsSafeUrl(options?: ValidationOptions): PropertyDecorator {
  const validate = (value: unknown) =>
    typeof value === "string" && SAFE_URL.test(value) && !/^[a-z][a-z0-9+.-]*:/i.test(value.replace(/^https?:/i, ""));
  return rule("isSafeUrl", validate, "$property must be an http(s) address or a relative path", options);
}
