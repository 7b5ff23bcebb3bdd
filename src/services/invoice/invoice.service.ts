import type { Db, Prisma } from "../../db/client";
import { defineEntity } from "../../federation/entity-registry";
import { toUserRef, userRefInclude } from "../people/user-refs.mapper";
import type { Invoice } from "../../types/invoice/invoice.type";
import type { InvoiceItem } from "../../types/invoice/invoice-item.type";
import { invoiceCostSelect, toInvoiceCost } from "./invoice-cost.service";
import { invoiceIncomeSelect, toInvoiceIncome } from "./invoice-income.service";
import { invoiceNumberingInclude, toInvoiceNumbering } from "./invoice-numbering.service";

/** The order of an invoice's corrections: by creation, ties broken by id. */
export const CORRECTION_ORDER = [{ createdAt: "asc" }, { id: "asc" }] satisfies Prisma.InvoiceOrderByWithRelationInput[];

/**
 * Everything an invoice is shaped from. Prisma loads each relation with one statement for all
 * the invoices of a batch, so a batch costs the same number of statements whatever its size and
 * whatever the number of items, costs, incomes or corrections. The corrections themselves (and
 * the corrected invoice, and the previous correction) are only referenced by id here: they are
 * invoices, resolved through the batching entity loader.
 */
function invoiceInclude(now: Date) {
  return {
    items: { orderBy: [{ isPrevious: "asc" }, { order: "asc" }] },
    costs: { select: invoiceCostSelect, orderBy: [{ date: "asc" }, { id: "asc" }] },
    incomes: { select: invoiceIncomeSelect, orderBy: [{ date: "asc" }, { id: "asc" }] },
    numbering: { include: invoiceNumberingInclude(now) },
    buyer: { select: { name: true } },
    financeProject: { select: { id: true, name: true, shortCode: true, no: true, isSimple: true } },
    financeStage: { select: { id: true, name: true, projectId: true } },
    financeBoard: { select: { id: true, name: true, shortCode: true, projectId: true, stageId: true } },
    financeTask: { select: { id: true, name: true, no: true, shortCode: true, projectId: true, stageId: true, boardId: true } },
    createdBy: { include: userRefInclude },
    updatedBy: { include: userRefInclude },
    corrects: { select: { id: true }, orderBy: CORRECTION_ORDER },
    correctedInvoice: { select: { corrects: { select: { id: true }, orderBy: CORRECTION_ORDER } } },
  } satisfies Prisma.InvoiceInclude;
}

type InvoiceRow = Prisma.InvoiceGetPayload<{ include: ReturnType<typeof invoiceInclude> }>;
type ItemRow = InvoiceRow["items"][number];

function toInvoiceItem(row: ItemRow): InvoiceItem {
  return {
    order: row.order,
    positionName: row.positionName,
    unit: row.unit,
    count: row.count.toNumber(),
    priceUnit: row.priceUnit.toNumber(),
    tax: row.tax,
    netAmount: row.netAmount.toNumber(),
    vatAmount: row.vatAmount.toNumber(),
    grossAmount: row.grossAmount.toNumber(),
    gtu: row.gtu,
  };
}

const VAT_ID_TYPES = new Set(["nip", "vat_eu"]);

export function toInvoice(row: InvoiceRow, now: Date): Invoice {
  const siblings = row.correctedInvoice?.corrects.map((c) => c.id) ?? [];
  const position = siblings.indexOf(row.id);
  return {
    id: row.id,
    ksefStatus: row.ksefStatus,
    ksefStatusDescription: row.ksefStatusDescription,
    ksefMarker: row.ksefMarker,
    no: row.no,
    docTitle: row.docTitle,
    saleDate: row.saleDate,
    issueDate: row.issueDate,
    deadlineDate: row.deadlineDate,
    issuedPlace: row.issuedPlace,
    invoiceType: row.invoiceType,
    direction: row.direction,
    sellerId: row.sellerId,
    sellerName: row.sellerName,
    sellerIdentifier: row.sellerIdentifier,
    sellerVatId: row.sellerIdentifier,
    sellerStreet: row.sellerStreet,
    sellerZipCode: row.sellerZipCode,
    sellerCity: row.sellerCity,
    sellerCountryCode: row.sellerCountryCode,
    sellerCreatorName: row.sellerCreatorName,
    buyerId: row.buyerId,
    buyerContractorName: row.buyer?.name ?? null,
    buyerName: row.buyerName,
    buyerIdentifier: row.buyerIdentifier,
    buyerVatId: VAT_ID_TYPES.has(row.buyerIdentifierType) && row.buyerIdentifier !== "" ? row.buyerIdentifier : null,
    buyerIdentifierType: row.buyerIdentifierType,
    buyerStreet: row.buyerStreet,
    buyerZipCode: row.buyerZipCode,
    buyerCity: row.buyerCity,
    buyerCountryCode: row.buyerCountryCode,
    buyerRecipientName: row.buyerRecipientName,
    buyerAccountingEmail: row.buyerAccountingEmail,
    buyerIsJst: row.buyerIsJst,
    buyerIsGv: row.buyerIsGv,
    bankAccount: row.bankAccount,
    bankAccountSwift: row.bankAccountSwift,
    currencyCode: row.currencyCode,
    paymentMethod: row.paymentMethod,
    alreadyPaid: row.alreadyPaid?.toNumber() ?? null,
    toPay: row.toPay?.toNumber() ?? null,
    netAmount: row.netAmount.toNumber(),
    vatAmount: row.vatAmount.toNumber(),
    grossAmount: row.grossAmount.toNumber(),
    hasIncome: row.incomes.length > 0,
    hasCost: row.costs.length > 0,
    isLastCorrect: position >= 0 && position === siblings.length - 1,
    description: row.description,
    posted: row.posted,
    external: row.external,
    numbering: row.numbering ? toInvoiceNumbering(row.numbering, now) : null,
    financeProject: row.financeProject,
    financeStage: row.financeStage && {
      id: row.financeStage.id,
      name: row.financeStage.name,
      financeProject: row.financeStage.projectId,
    },
    financeBoard: row.financeBoard && {
      id: row.financeBoard.id,
      name: row.financeBoard.name,
      shortCode: row.financeBoard.shortCode,
      financeProject: row.financeBoard.projectId,
      financeStage: row.financeBoard.stageId,
    },
    financeTask: row.financeTask && {
      id: row.financeTask.id,
      name: row.financeTask.name,
      number: row.financeTask.no,
      shortCode: row.financeTask.shortCode,
      financeProject: row.financeTask.projectId,
      financeStage: row.financeTask.stageId,
      financeBoard: row.financeTask.boardId,
    },
    isDraft: row.isDraft,
    isSplitPayment: row.isSplitPayment,
    isReverseCharge: row.isReverseCharge,
    isCashAccounting: row.isCashAccounting,
    fileGenerated: row.fileGenerated,
    duplicateFileGenerated: row.duplicateFileGenerated,
    fileGeneratedLanguage: row.fileGeneratedLanguage,
    exchangeRate: row.exchangeRate?.toNumber() ?? null,
    exchangeDate: row.exchangeDate,
    createdBy: row.createdBy ? toUserRef(row.createdBy) : null,
    updatedBy: row.updatedBy ? toUserRef(row.updatedBy) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    isUpdated: row.updatedAt.getTime() > row.createdAt.getTime(),
    items: row.items.filter((i) => !i.isPrevious).map(toInvoiceItem),
    prevItems: row.items.filter((i) => i.isPrevious).map(toInvoiceItem),
    costs: row.costs.map(toInvoiceCost),
    incomes: row.incomes.map(toInvoiceIncome),
    thirdParties: parseThirdParties(row.thirdParties),
    correctedInvoiceId: row.correctedInvoiceId,
    correctionIds: row.corrects.map((c) => c.id),
    prevCorrectId: position > 0 ? siblings[position - 1] : null,
  };
}

/** thirdParties is stored as a JSON array of strings; anything else reads as none. */
function parseThirdParties(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export async function loadInvoices(db: Db, ids: readonly string[]): Promise<Invoice[]> {
  const now = new Date();
  const rows = await db.invoice.findMany({ where: { id: { in: [...ids] } }, include: invoiceInclude(now) });
  return rows.map((row) => toInvoice(row, now));
}

export const invoiceEntity = defineEntity<Invoice>({ typeName: "Invoice", loadMany: (db, ids) => loadInvoices(db, ids) });
