import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { BUYER_FIELDS, SELLER_FIELDS, type RelatedInvoice, type LookedUpContractor } from "./invoice.read";

type SellerField = (typeof SELLER_FIELDS)[number];
type BuyerField = (typeof BUYER_FIELDS)[number];

/**
 * Seller and buyer data: what the input gives (an empty string counts as not given), else what
 * the invoice named in `input.invoice` says (a correction's, a settlement's, ...), and for the
 * buyer, when the input names a buyer contractor, that contractor's data. buyerIdentifier and
 * buyerIdentifierType end as "" and nip when no source has them.
 */
export function partyFields(input: CreateInvoiceInput, buyer: LookedUpContractor | null, related: RelatedInvoice | null) {
  const given = (value: string | null | undefined) => (value === undefined || value === null || value === "" ? undefined : value);
  const seller = {} as Record<SellerField, string | null>;
  for (const field of SELLER_FIELDS) seller[field] = given(input[field]) ?? related?.[field] ?? null;

  const fromContractor: Record<BuyerField, string | null> | null = buyer && {
    buyerName: given(buyer.fullName) ?? buyer.name,
    buyerIdentifier: given(buyer.vatId) ?? null,
    buyerIdentifierType: buyer.identifierType,
    buyerStreet: buyer.street,
    buyerZipCode: buyer.zipCode,
    buyerCity: buyer.city,
    buyerCountryCode: buyer.countryCode,
    buyerRecipientName: null,
    buyerAccountingEmail: buyer.accountingEmail,
  };
  // a named buyer replaces the named invoice's buyer as the source of the buyer's data
  const source = fromContractor ?? (related && Object.fromEntries(BUYER_FIELDS.map((f) => [f, related[f]])));
  const buyerData = {} as Record<BuyerField, string | null>;
  for (const field of BUYER_FIELDS) buyerData[field] = given(input[field]) ?? given(source?.[field]) ?? null;

  return {
    ...seller,
    ...buyerData,
    buyerId: input.buyerId ?? related?.buyerId ?? null,
    buyerIdentifier: buyerData.buyerIdentifier ?? "",
    buyerIdentifierType: buyerData.buyerIdentifierType ?? "nip",
  };
}
