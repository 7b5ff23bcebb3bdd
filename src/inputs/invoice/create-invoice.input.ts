import { ArrayMaxSize, IsEmail, Length, Matches, Max, MaxLength, Min, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType } from "type-graphql";
import { DateScalar } from "../../scalars";
import { BUYER_IDENTIFIER_TYPES, FILE_LANGUAGES, INVOICE_TYPES, KSEF_MARKERS, PAYMENT_METHODS } from "../../domain/value-sets";
import { InvoiceItemInput } from "./invoice-item.input";
import { BuyerIdentifierType, InvoiceDirection, InvoiceLanguage, InvoiceType, KsefMarker, PaymentMethod } from "../../types/shared/enums";
import { IsDecimal } from "../../validation/rules";
import { MAX_AMOUNT_NUMBER, MONEY_PLACES } from "../../domain/money";
import { OptionalList, Optional, OptionalText, Required } from "../../types/shared/fields";

/** Most items (and previous items) one invoice holds: Invoice.items and prevItems are priced by it. */
export const MAX_INVOICE_ITEMS = 500;

@InputType({
  description:
    "E4: a new invoice. Amounts are computed from the items; the number comes from the numbering unless `no` is given; a buyer contractor fills the buyer fields left empty.",
})
export class CreateInvoiceInput {
  @Field(() => InvoiceType, {
    description: `Invoice type: ${Object.keys(INVOICE_TYPES).join(", ")}. Kor, KorZal, KorRoz, KorPef and KorVatRr are corrections and need \`invoice\`.`,
  })
  invoiceType!: string;

  @Field(() => InvoiceDirection, { defaultValue: "income", description: "income (issued by us) or cost (received); default income." })
  direction!: string;

  @Optional(
    ID,
    "Numbering series to number the invoice with (its kind must equal the direction). A non-draft invoice without `no` is numbered by it, or by the default numbering of its direction when absent.",
  )
  numbering?: string | null;

  @Optional(
    String,
    "The invoice number, 1 to 50 characters, when given by hand (e.g. a supplier's number); it must not exist yet in the same numbering (CONFLICT). Absent: the numbering gives one to a non-draft invoice.",
  )
  @Length(1, 50)
  no?: string | null;

  @OptionalText(50, "Document title", "; default: the numbering's document title")
  docTitle?: string | null;

  @Optional(KsefMarker, `KSeF marker, up to 6 characters: ${Object.keys(KSEF_MARKERS).join(", ")}; null: none.`)
  ksefMarker?: string | null;

  @Optional(Date, "Date and time of the sale or service.")
  saleDate?: Date | null;

  @Optional(DateScalar, "Issue date; a non-draft invoice without one is issued today (UTC). It sets the numbering period.")
  issueDate?: Date | null;

  @Optional(DateScalar, "Payment deadline; not before the issue date.")
  deadlineDate?: Date | null;

  @OptionalText(255, "Place of issue")
  issuedPlace?: string | null;

  @OptionalText(255, "Seller's name")
  sellerName?: string | null;

  @OptionalText(20, "Seller's tax identifier")
  sellerIdentifier?: string | null;

  @OptionalText(255, "Seller's street")
  sellerStreet?: string | null;

  @OptionalText(20, "Seller's postal code")
  sellerZipCode?: string | null;

  @OptionalText(255, "Seller's city")
  sellerCity?: string | null;

  @OptionalText(2, "Seller's country code")
  sellerCountryCode?: string | null;

  @OptionalText(255, "Name of the person issuing the invoice", "; default: the caller's name")
  sellerCreatorName?: string | null;

  @Optional(ID, "The buyer contractor (must exist); its data fills the buyer fields left empty.")
  buyerId?: string | null;

  @OptionalText(255, "Buyer's name", "; default: the contractor's full name")
  buyerName?: string | null;

  @OptionalText(20, "Buyer's identifier", "; default: the contractor's VAT id, else empty")
  buyerIdentifier?: string | null;

  @Optional(
    BuyerIdentifierType,
    `Kind of the buyer identifier: ${Object.keys(BUYER_IDENTIFIER_TYPES).join(", ")}; default: the contractor's, else nip.`,
  )
  buyerIdentifierType?: string | null;

  @OptionalText(255, "Buyer's street", "; default: the contractor's")
  buyerStreet?: string | null;

  @OptionalText(20, "Buyer's postal code", "; default: the contractor's")
  buyerZipCode?: string | null;

  @OptionalText(255, "Buyer's city", "; default: the contractor's")
  buyerCity?: string | null;

  @OptionalText(2, "Buyer's country code", "; default: the contractor's")
  buyerCountryCode?: string | null;

  @OptionalText(255, "Recipient (a unit of the buyer)")
  buyerRecipientName?: string | null;

  @Optional(String, "Buyer's accounting e-mail, a valid address of up to 255 characters; default: the contractor's.")
  @MaxLength(255)
  @IsEmail()
  buyerAccountingEmail?: string | null;

  @Field({ defaultValue: false, description: "Whether the buyer is a local government unit (JST); default false." })
  buyerIsJst!: boolean;

  @Field({ defaultValue: false, description: "Whether the buyer is a member of a VAT group (GV); default false." })
  buyerIsGv!: boolean;

  @OptionalText(100, "Bank account for the payment")
  bankAccount?: string | null;

  @OptionalText(11, "SWIFT/BIC of the bank")
  bankAccountSwift?: string | null;

  @Optional(
    String,
    "Currency: the code of a currency dictionary entry (any letter case). Default: the default currency. An invoice naming another in `invoice` (a correction, a settlement, one issued from a pro forma) is in that invoice's currency (its default; another code is BAD_USER_INPUT).",
  )
  @Matches(/^[A-Za-z]{3}$/, { message: "currencyCode must be a three-letter code" })
  currencyCode?: string | null;

  @Optional(PaymentMethod, `Payment method: ${Object.keys(PAYMENT_METHODS).join(", ")}; null: not stated.`)
  paymentMethod?: string | null;

  @Optional(Float, "Amount already paid: 0 to 999,999,999,999.99, up to 2 decimal places.")
  @IsDecimal(MONEY_PLACES)
  @Min(0)
  @Max(MAX_AMOUNT_NUMBER)
  alreadyPaid?: number | null;

  @Optional(
    Float,
    "Amount left to pay, up to 2 decimal places (negative: to refund). Default: grossAmount - alreadyPaid; for a correction, its gross amount minus that of prevItems.",
  )
  @IsDecimal(MONEY_PLACES)
  @Min(-MAX_AMOUNT_NUMBER)
  @Max(MAX_AMOUNT_NUMBER)
  toPay?: number | null;

  @OptionalText(5000, "Free-text description")
  description?: string | null;

  @Optional(ID, "Project to book the invoice to. Filled from the stage, board or task when absent.")
  financeProject?: string | null;

  @Optional(ID, "Stage to book the invoice to; must belong to the project. Filled from the board or task when absent.")
  financeStage?: string | null;

  @Optional(ID, "Board to book the invoice to; must belong to the project and stage. Filled from the task when absent.")
  financeBoard?: string | null;

  @Optional(ID, "Task to book the invoice to; must belong to the project, stage and board.")
  financeTask?: string | null;

  @Optional(
    [InvoiceItemInput],
    `The items, at most ${MAX_INVOICE_ITEMS}; for a correction, the items as they stand after it. Absent: none.`,
  )
  @ArrayMaxSize(MAX_INVOICE_ITEMS)
  @ValidateNested()
  items?: InvoiceItemInput[] | null;

  @OptionalList(String, 20, "Third parties named on the invoice: at most 20, each up to 255 characters.")
  @MaxLength(255, { each: true })
  thirdParties?: string[] | null;

  @Field({ defaultValue: false, description: "Whether the invoice is posted to the books; default false. A draft cannot be posted." })
  posted!: boolean;

  @Field({ defaultValue: true, description: "Whether it is a draft; default true. A draft gets no number unless `no` is given." })
  isDraft!: boolean;

  @Field({ defaultValue: false, description: "Whether split payment (MPP) applies; default false." })
  isSplitPayment!: boolean;

  @Field({ defaultValue: false, description: "Whether reverse charge applies; default false." })
  isReverseCharge!: boolean;

  @Field({ defaultValue: false, description: "Whether cash accounting applies; default false." })
  isCashAccounting!: boolean;

  @Optional(
    ID,
    "The related invoice: an issued (non-draft) invoice of the same direction; the new invoice is in its currency and, where the input leaves them out, takes its parties and booking. A correction must name the original it corrects (Kor: fv, fk, Vat, Upr; KorZal: Zal; KorRoz: Roz; KorPef: VatPef, VatPefSp; KorVatRr: VatRr). Optional for a settlement (Roz: the advance invoice Zal it settles) and for an invoice issued from a pro forma (fv, Vat, Zal: the pro forma pf). The other types name none.",
  )
  invoice?: string | null;

  @Optional(
    [InvoiceItemInput],
    `For a correction only: the items as they stood before it, at most ${MAX_INVOICE_ITEMS}. Default: the corrected invoice's current items (those of its latest correction, else its own).`,
  )
  @ArrayMaxSize(MAX_INVOICE_ITEMS)
  @ValidateNested()
  prevItems?: InvoiceItemInput[] | null;

  @Required(InvoiceLanguage, `Language of the generated document, up to 10 characters: ${Object.keys(FILE_LANGUAGES).join(", ")}.`)
  fileGeneratedLanguage!: string;

  @Optional(Float, "Exchange rate: 0 to 99.9999, up to 4 decimal places.")
  @IsDecimal(4)
  @Min(0)
  @Max(99.9999)
  exchangeRate?: number | null;

  @Optional(DateScalar, "Date of the exchange rate.")
  exchangeDate?: Date | null;
}
