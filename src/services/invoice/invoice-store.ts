import { randomUUID } from "node:crypto";
import type { DbTx, Prisma } from "../../db/client";
import { takeNextNumber, type NumberingRules } from "../shared/numbering";
import { invoiceCounters } from "./invoice-numbering.service";
import type { PricedItem } from "./invoice-items";

/** What `storeInvoice` writes, read and checked by `prepareInvoice`. */
export interface PreparedInvoice {
  /** the invoice row without the number, its period and the timestamps */
  row: Omit<Prisma.InvoiceCreateManyInput, "no" | "numberingPeriod" | "createdAt" | "updatedAt">;
  /** a number given by hand, or null */
  no: string | null;
  /** the numbering the counter number is taken from, when one is taken */
  series: NumberingRules | null;
  takesNumber: boolean;
  issueDate: Date | null;
  items: PricedItem[];
  prevItems: PricedItem[];
}

/**
 * The writes, in the caller's transaction: the counter (when a number is taken), the invoice
 * and its items. The id is made here, so neither insert needs to read anything back.
 */
export async function storeInvoice(tx: DbTx, prepared: PreparedInvoice, now: Date, checkTaken: boolean): Promise<string> {
  const issueDate = prepared.issueDate ?? (prepared.row.isDraft ? null : today(now));
  let no = prepared.no;
  let numberingPeriod: string | null = null;
  if (prepared.takesNumber) {
    const given = await takeNextNumber(tx, invoiceCounters, prepared.series!, issueDate!, "input.numbering", checkTaken);
    ({ no, period: numberingPeriod } = given);
  }
  const id = randomUUID();
  await tx.invoice.createMany({
    data: [{ ...prepared.row, id, no, numberingPeriod, issueDate, createdAt: now, updatedAt: now }],
  });
  const items = [
    ...prepared.items.map((item) => ({ ...item, invoiceId: id, isPrevious: false })),
    ...prepared.prevItems.map((item) => ({ ...item, invoiceId: id, isPrevious: true })),
  ];
  if (items.length > 0) await tx.invoiceItem.createMany({ data: items });
  return id;
}

/** A calendar date (midnight UTC) of the given instant. */
function today(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
