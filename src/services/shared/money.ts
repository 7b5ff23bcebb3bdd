import { Prisma } from "../../db/client";
import { MONEY_PLACES } from "../../domain/money";

/**
 * Money: the one place for its bounds and its rounding. Amounts are decimal (decimal.js through
 * Prisma.Decimal) and never pass through binary floating point, so 0.1 + 0.2 is 0.30 and not
 * 0.30000000000000004. Rounding is half-up (away from zero on a tie) to two places, as Polish
 * VAT rules require; budgets round the same way as invoices.
 */
export const Decimal = Prisma.Decimal;
export type Decimal = Prisma.Decimal;
export type DecimalValue = string | number | Decimal;

/** The largest amount a money column holds (MAX_AMOUNT_NUMBER of src/domain/money.ts) as an exact decimal, for the amounts the server computes. */
export const MAX_AMOUNT = new Decimal("999999999999.99");

/** Rounds to two places, half-up, exactly. */
export function round2(value: DecimalValue): Decimal {
  return new Decimal(value).toDecimalPlaces(MONEY_PLACES, Decimal.ROUND_HALF_UP);
}

/** Whether an amount fits a money column (its absolute value at most MAX_AMOUNT). */
export function fitsMoney(value: DecimalValue): boolean {
  return new Decimal(value).abs().lte(MAX_AMOUNT);
}
