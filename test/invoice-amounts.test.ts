import { Prisma } from "../src/db/client";
import { differenceOf, fitsMoneyColumn, itemAmounts, sumAmounts, taxRate } from "../src/services/invoice/invoice-amounts";
import { MAX_AMOUNT, round2 } from "../src/services/shared/money";
import { TAX_RATES } from "../src/domain/value-sets";

const D = (v: string | number) => new Prisma.Decimal(v);
const fixed = (a: { netAmount: Prisma.Decimal; vatAmount: Prisma.Decimal; grossAmount: Prisma.Decimal }) => [
  a.netAmount.toFixed(2),
  a.vatAmount.toFixed(2),
  a.grossAmount.toFixed(2),
];

describe("invoice amounts (decimal, half-up to 2 places)", () => {
  it("round2 rounds half up, away from zero, and keeps exact values", () => {
    expect(round2("0.125").toFixed(2)).toBe("0.13");
    expect(round2("0.124999").toFixed(2)).toBe("0.12");
    expect(round2("2.675").toFixed(2)).toBe("2.68"); // 2.675 as a binary float rounds to 2.67
    expect(round2("-0.125").toFixed(2)).toBe("-0.13");
    expect(round2("10").toFixed(2)).toBe("10.00");
  });

  it("net = round2(count x price), vat = round2(net x rate), gross = net + vat", () => {
    expect(fixed(itemAmounts({ count: 3, priceUnit: 33.33, tax: "23" }))).toEqual(["99.99", "23.00", "122.99"]);
    // 1.5 x 0.35 = 0.525 -> 0.53; 0.53 x 0.08 = 0.0424 -> 0.04
    expect(fixed(itemAmounts({ count: 1.5, priceUnit: 0.35, tax: "8" }))).toEqual(["0.53", "0.04", "0.57"]);
    // 0.1 x 0.05 = 0.005 exactly (a float product would be 0.005000000000000001 or below)
    expect(fixed(itemAmounts({ count: 0.1, priceUnit: 0.05, tax: "5" }))).toEqual(["0.01", "0.00", "0.01"]);
    expect(fixed(itemAmounts({ count: "2.5", priceUnit: "10.01", tax: "5" }))).toEqual(["25.03", "1.25", "26.28"]);
  });

  it("the non-numeric rates and 0 carry no VAT", () => {
    for (const tax of ["0", "zw", "np", "oo"] as const) {
      expect(fixed(itemAmounts({ count: 2, priceUnit: 50.5, tax }))).toEqual(["101.00", "0.00", "101.00"]);
      expect(taxRate(tax).isZero()).toBe(true);
    }
    expect(TAX_RATES.map((t) => taxRate(t).toString())).toEqual(["0.23", "0.08", "0.05", "0", "0", "0", "0"]);
  });

  it("totals are the sums of the items, without binary floating point drift: 0.1 + 0.2 is 0.30", () => {
    const items = [itemAmounts({ count: 1, priceUnit: 0.1, tax: "zw" }), itemAmounts({ count: 1, priceUnit: 0.2, tax: "zw" })];
    const total = sumAmounts(items);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(total.netAmount.toFixed(2)).toBe("0.30");
    expect(total.netAmount.toNumber()).toBe(0.3);
    expect(fixed(sumAmounts([]))).toEqual(["0.00", "0.00", "0.00"]);
  });

  it("many small amounts sum exactly", () => {
    const items = Array.from({ length: 1000 }, () => itemAmounts({ count: 1, priceUnit: 0.01, tax: "23" }));
    // each item: net 0.01, vat round2(0.0023) = 0.00
    expect(fixed(sumAmounts(items))).toEqual(["10.00", "0.00", "10.00"]);
  });

  it("a correction's difference is after minus before, field by field", () => {
    const after = sumAmounts([itemAmounts({ count: 84, priceUnit: 150, tax: "23" })]);
    const before = sumAmounts([itemAmounts({ count: 100, priceUnit: 150, tax: "23" })]);
    expect(fixed(differenceOf(after, before))).toEqual(["-2400.00", "-552.00", "-2952.00"]);
  });

  it("knows what fits a decimal(14, 2) column", () => {
    expect(MAX_AMOUNT.toFixed(2)).toBe("999999999999.99");
    expect(fitsMoneyColumn({ netAmount: D("999999999999.99"), vatAmount: D(0), grossAmount: D("-999999999999.99") })).toBe(true);
    expect(fitsMoneyColumn({ netAmount: D("1000000000000.00"), vatAmount: D(0), grossAmount: D(0) })).toBe(false);
    // large but exact: 1e9 x 999.99 keeps every digit
    expect(itemAmounts({ count: 1_000_000_000, priceUnit: 999.99, tax: "zw" }).netAmount.toFixed(2)).toBe("999990000000.00");
  });
});
