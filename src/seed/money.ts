import { Prisma } from "../db/client";

const Decimal = Prisma.Decimal;
type Decimal = Prisma.Decimal;
type DecimalValue = Prisma.Decimal | number | string;

/** VAT rates by the codes invoices use; exempt (zw), not subject (np) and reverse charge (oo) carry no tax. */
export const VAT_RATES: Record<string, string> = { "23": "0.23", "8": "0.08", "5": "0.05", "0": "0", zw: "0", np: "0", oo: "0" };

/** Rounds half away from zero to grosze, as Polish invoices do. */
export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export interface Amounts {
  net: Decimal;
  vat: Decimal;
  gross: Decimal;
}

/** An invoice line computed from its unit price: net = round(count × price), vat = round(net × rate), gross = net + vat. */
export function lineAmounts(count: DecimalValue, priceUnit: DecimalValue, tax: string): Amounts {
  const rate = VAT_RATES[tax];
  if (rate === undefined) throw new Error(`unknown VAT code ${tax}`);
  const net = round2(new Decimal(count).mul(priceUnit));
  const vat = round2(net.mul(rate));
  return { net, vat, gross: net.add(vat) };
}

export function sumAmounts(lines: Amounts[]): Amounts {
  const zero = new Decimal(0);
  return lines.reduce<Amounts>(
    (acc, l) => ({ net: acc.net.add(l.net), vat: acc.vat.add(l.vat), gross: acc.gross.add(l.gross) }),
    { net: zero, vat: zero, gross: zero },
  );
}

export function money(value: DecimalValue): Decimal {
  return round2(new Decimal(value));
}
