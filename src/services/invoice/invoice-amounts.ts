import { Prisma } from "../../db/client";
import type { TaxRate } from "./invoice-value-sets";

/**
 * Invoice money arithmetic. Everything is decimal (decimal.js through Prisma.Decimal): amounts
 * never pass through binary floating point, so 0.1 + 0.2 is 0.30 and not 0.30000000000000004.
 * Rounding is half-up (away from zero on a tie) to two places, as Polish VAT rules require.
 */
const Decimal = Prisma.Decimal;
type Decimal = Prisma.Decimal;
type DecimalValue = string | number | Decimal;

/** The largest amount a money column (decimal(14, 2)) holds. */
export const MAX_AMOUNT = new Decimal("999999999999.99");

const RATES: Record<TaxRate, Decimal> = {
  "23": new Decimal("0.23"),
  "8": new Decimal("0.08"),
  "5": new Decimal("0.05"),
  "0": new Decimal(0),
  zw: new Decimal(0),
  np: new Decimal(0),
  oo: new Decimal(0),
};

export interface ItemPricing {
  /** quantity; a JS number from the API is taken by its shortest decimal spelling (0.1 is exactly 0.1) */
  count: DecimalValue;
  /** net unit price */
  priceUnit: DecimalValue;
  tax: TaxRate;
}

export interface Amounts {
  netAmount: Decimal;
  vatAmount: Decimal;
  grossAmount: Decimal;
}

export function round2(value: DecimalValue): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The VAT rate of a tax code as a fraction; the non-numeric codes (zw, np, oo) carry no VAT. */
export function taxRate(tax: TaxRate): Decimal {
  return RATES[tax];
}

/** One item: net = round2(count x unit price), VAT = round2(net x rate), gross = net + VAT. */
export function itemAmounts(item: ItemPricing): Amounts {
  const netAmount = round2(new Decimal(item.count).times(item.priceUnit));
  const vatAmount = round2(netAmount.times(taxRate(item.tax)));
  return { netAmount, vatAmount, grossAmount: netAmount.plus(vatAmount) };
}

export const ZERO_AMOUNTS: Amounts = { netAmount: new Decimal(0), vatAmount: new Decimal(0), grossAmount: new Decimal(0) };

/** The sums of the items' amounts (each item is already rounded, so the sums are exact). */
export function sumAmounts(items: readonly Amounts[]): Amounts {
  return items.reduce<Amounts>(
    (acc, a) => ({
      netAmount: acc.netAmount.plus(a.netAmount),
      vatAmount: acc.vatAmount.plus(a.vatAmount),
      grossAmount: acc.grossAmount.plus(a.grossAmount),
    }),
    ZERO_AMOUNTS,
  );
}

/** `after - before`, field by field: what a correction changes. */
export function differenceOf(after: Amounts, before: Amounts): Amounts {
  return {
    netAmount: after.netAmount.minus(before.netAmount),
    vatAmount: after.vatAmount.minus(before.vatAmount),
    grossAmount: after.grossAmount.minus(before.grossAmount),
  };
}

/** Whether every amount fits a money column. */
export function fitsMoneyColumn(amounts: Amounts): boolean {
  return [amounts.netAmount, amounts.vatAmount, amounts.grossAmount].every((a) => a.abs().lte(MAX_AMOUNT));
}
