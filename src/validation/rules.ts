import { ValidateBy, buildMessage, type ValidationOptions } from "class-validator";
import { Prisma } from "../db/client";

/**
 * A finite number with at most `places` decimal places, counted exactly (decimal.js). Replaces
 * class-validator's `IsNumber({ maxDecimalPlaces })`, which splits `String(value)` on "." and
 * crashes on numbers it prints in exponent form (1e-7).
 */
export function IsDecimal(places: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: "isDecimal",
      constraints: [places],
      validator: {
        validate: (value: unknown) =>
          typeof value === "number" && Number.isFinite(value) && new Prisma.Decimal(value).decimalPlaces() <= places,
        defaultMessage: buildMessage((each) => `${each}$property must be a number with at most $constraint1 decimal places`, options),
      },
    },
    options,
  );
}

/** An address a browser may follow safely: absolute http(s), or a path relative to the app (not `//host`). */
export const SAFE_URL = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*|[^\s:/?#][^\s:]*(?:[/?#][^\s]*)?)$/i;

export function IsSafeUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: "isSafeUrl",
      validator: {
        validate: (value: unknown) =>
          typeof value === "string" && SAFE_URL.test(value) && !/^[a-z][a-z0-9+.-]*:/i.test(value.replace(/^https?:/i, "")),
        defaultMessage: buildMessage((each) => `${each}$property must be an http(s) address or a relative path`, options),
      },
    },
    options,
  );
}
