import type { Prisma } from "../../db/client";
import { Violations } from "../shared/violations";
import type { InvoiceItemInput } from "../../inputs/invoice/invoice-item.input";
import { MAX_AMOUNT } from "../shared/money";
import { AMOUNT_FIELDS, fitsMoneyColumn, itemAmounts, type Amounts } from "./invoice-amounts";
import type { TaxRate } from "../../domain/value-sets";

/** An item as it is stored: the input's position with the amounts the server computed. */
export type PricedItem = Amounts & {
  order: number;
  positionName: string;
  unit: string;
  count: Prisma.Decimal | number;
  priceUnit: Prisma.Decimal | number;
  tax: string;
  gtu: string | null;
};

/** Prices the input's items (numbered from 1 in their order); every item whose amounts do not fit a money column is named. */
export function priceItems(items: readonly InvoiceItemInput[], field: string): PricedItem[] {
  const violations = new Violations();
  const priced = items.map((item, index) => {
    const amounts = itemAmounts({ count: item.count, priceUnit: item.priceUnit, tax: item.tax as TaxRate });
    if (!fitsMoneyColumn(amounts)) {
      violations.add(`${field}.${index}`, "amountTooLarge", `the item's amounts must not exceed ${MAX_AMOUNT.toFixed(2)}`);
    }
    return {
      order: index + 1,
      positionName: item.positionName,
      unit: item.unit ?? "",
      count: item.count,
      priceUnit: item.priceUnit,
      tax: item.tax,
      gtu: item.gtu ?? null,
      ...amounts,
    };
  });
  violations.throwIfAny();
  return priced;
}

/** What an item stores besides its ids, in the order of its table's columns. */
export const ITEM_FIELDS = ["order", "positionName", "unit", "count", "priceUnit", "tax", ...AMOUNT_FIELDS, "gtu"] as const;

/** Stored items carried over as they stand, amounts included: "before" is what was invoiced, not a recomputation. */
export function copyItems(rows: readonly PricedItem[]): PricedItem[] {
  return rows.map((row) => Object.fromEntries(ITEM_FIELDS.map((field) => [field, row[field]])) as unknown as PricedItem);
}
