import { Decimal, fitsMoney, round2, type DecimalValue } from "../shared/money";
import type { TaxRate } from "../../domain/value-sets";

/**
 * Invoice arithmetic: VAT by rate, item amounts and their sums. Rounding and bounds are the
 * money module's (src/services/shared/money.ts): decimal, half-up to two places.
 */

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

export const AMOUNT_FIELDS = ["netAmount", "vatAmount", "grossAmount"] as const;

/** `a + b` or `a - b`, field by field. */
const combine = (a: Amounts, b: Amounts, op: "plus" | "minus") =>
  Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, a[field][op](b[field])])) as unknown as Amounts;

/** The sums of the items' amounts (each item is already rounded, so the sums are exact). */
export function sumAmounts(items: readonly Amounts[]): Amounts {
  return items.reduce((sum, item) => combine(sum, item, "plus"), ZERO_AMOUNTS);
}

/** `after - before`, field by field: what a correction changes. */
export function differenceOf(after: Amounts, before: Amounts): Amounts {
  return combine(after, before, "minus");
}

/** Whether every amount fits a money column. */
export function fitsMoneyColumn(amounts: Amounts): boolean {
  return AMOUNT_FIELDS.every((field) => fitsMoney(amounts[field]));
}
