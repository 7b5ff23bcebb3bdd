import type { Prisma } from "../../db/client";
import { defineEntity } from "../../federation/entity-registry";
import type { InvoiceCost } from "../../types/invoice/invoice-cost.type";

export const invoiceCostSelect = {
  id: true, name: true, priceNet: true, priceGross: true, costType: true, date: true,
} satisfies Prisma.InvoiceCostSelect;

type CostRow = Prisma.InvoiceCostGetPayload<{ select: typeof invoiceCostSelect }>;

export function toInvoiceCost(row: CostRow): InvoiceCost {
  return { ...row, priceNet: row.priceNet.toNumber(), priceGross: row.priceGross.toNumber() };
}

export const invoiceCostEntity = defineEntity<InvoiceCost>({
  typeName: "InvoiceCost",
  async loadMany(db, ids) {
    const rows = await db.invoiceCost.findMany({ where: { id: { in: [...ids] } }, select: invoiceCostSelect });
    return rows.map(toInvoiceCost);
  },
});
