import type { Prisma } from "../../db/client";
import { defineEntity } from "../../federation/entity-registry";
import type { InvoiceIncome } from "../../types/invoice/invoice-income.type";

export const invoiceIncomeSelect = {
  id: true, name: true, priceNet: true, priceGross: true, incomeType: true, date: true,
} satisfies Prisma.InvoiceIncomeSelect;

type IncomeRow = Prisma.InvoiceIncomeGetPayload<{ select: typeof invoiceIncomeSelect }>;

export function toInvoiceIncome(row: IncomeRow): InvoiceIncome {
  return { ...row, priceNet: row.priceNet.toNumber(), priceGross: row.priceGross.toNumber() };
}

export const invoiceIncomeEntity = defineEntity<InvoiceIncome>({
  typeName: "InvoiceIncome",
  async loadMany(db, ids) {
    const rows = await db.invoiceIncome.findMany({ where: { id: { in: [...ids] } }, select: invoiceIncomeSelect });
    return rows.map(toInvoiceIncome);
  },
});
