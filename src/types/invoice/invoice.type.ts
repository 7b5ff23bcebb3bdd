import { Float, ID, Int, ObjectType } from "type-graphql";
import { DateScalar } from "../../scalars";
import { UserRef } from "../people/user-summaries.type";
import { MAX_CORRECTIONS } from "../../domain/list-cost";
import { MAX_INVOICE_ITEMS } from "../../inputs/invoice/create-invoice.input";
import {
  BuyerIdentifierType,
  InvoiceDirection,
  InvoiceLanguage,
  InvoiceType,
  KsefMarker,
  PaymentMethod,
  GtuCode,
  TaxRate,
} from "../shared/enums";
import { Identified, Named, Entity } from "../shared/named.type";
import { Optional, FirstOf, Required, Capped } from "../shared/fields";

/** A cost or an income booked against an invoice: one shape but for the name of its type field (`costType`, `incomeType`). */
function Booking(kind: "cost" | "income", dated: string) {
  @ObjectType()
  abstract class BookingEntry extends Identified(`${kind} entry`) {
    @Required(String, `What the ${kind} is.`)
    name!: string;

    @Required(Float, "Net amount.")
    priceNet!: number;

    @Required(Float, "Gross amount.")
    priceGross!: number;
  }
  Required(String, "How the entry came to be (manually: entered by a person).")(BookingEntry.prototype, `${kind}Type`);
  Required(Date, `When the ${kind} was ${dated}.`)(BookingEntry.prototype, "date");
  return BookingEntry;
}

@Entity("A cost booked against an invoice.")
export class InvoiceCost extends Booking("cost", "incurred") {
  costType!: string;
  date!: Date;
}

@Entity("An income booked against an invoice.")
export class InvoiceIncome extends Booking("income", "earned") {
  incomeType!: string;
  date!: Date;
}

@Entity("A numbering series of invoices: the pattern their numbers follow and when its counter starts again.")
export class InvoiceNumbering extends Identified("numbering") {
  @Required(String, "The invoice direction it numbers: income or cost.")
  kind!: string;

  @Required(
    String,
    "Pattern of the numbers, e.g. FV/{number}/{MM}/{YYYY}. Tokens: {number} (the counter), {YYYY}, {YY}, {MM}, {DD} (from the invoice's issue date).",
  )
  pattern!: string;

  @Optional(String, "ISO 8601 duration after which the counter starts again at 1: P1M (monthly), P1Y (yearly), P1D, P3M; null: never.")
  resetInterval!: string | null;

  @Required(Int, "Minimum number of digits of {number}, padded with leading zeros (0: no padding).")
  leadingZero!: number;

  @Required(Boolean, "Whether invoices of this kind are numbered by it when no numbering is named.")
  isDefault!: boolean;

  @Required(String, "Document title that invoices of this numbering carry unless they name their own.")
  docTitle!: string;

  @Optional(Int, "The last number this numbering has given in the current period (today, UTC); null when it has given none yet.")
  closestCounter!: number | null;
}

@ObjectType({ description: "The project an invoice is booked to, in short." })
export class InvoiceFinanceProject extends Named("project") {
  @Required(String, "Short code of the project.")
  shortCode!: string;

  @Required(String, "Number of the project, from its project numbering.")
  no!: string;

  @Required(Boolean, "Whether it is a simple project (one board, no stages).")
  isSimple!: boolean;
}

@ObjectType({ description: "The stage an invoice is booked to, in short." })
export class InvoiceFinanceStage extends Named("stage") {
  @Required(ID, "Id of the stage's project.")
  financeProject!: string;
}

@ObjectType({ description: "The board an invoice is booked to, in short." })
export class InvoiceFinanceBoard extends Named("board") {
  @Required(String, "Short code of the board.")
  shortCode!: string;

  @Required(ID, "Id of the board's project.")
  financeProject!: string;

  @Optional(ID, "Id of the board's stage; null for a board outside stages.")
  financeStage!: string | null;
}

@ObjectType({ description: "The task an invoice is booked to, in short." })
export class InvoiceFinanceTask extends Named("task") {
  @Required(Int, "Number of the task on its board.")
  number!: number;

  @Required(String, "Short code of the task.")
  shortCode!: string;

  @Required(ID, "Id of the task's project.")
  financeProject!: string;

  @Optional(ID, "Id of the task's stage, if it has one.")
  financeStage!: string | null;

  @Required(ID, "Id of the task's board.")
  financeBoard!: string;
}

@ObjectType({ description: "A position of an invoice, with its amounts computed by the server." })
export class InvoiceItem {
  @Required(Int, "Position of the item on the invoice, from 1, in the order it was given.")
  order!: number;

  @Required(String, "What is sold: the name of the good or service.")
  positionName!: string;

  @Required(String, "Unit of measure (e.g. szt., h); empty when none.")
  unit!: string;

  @Required(Float, "Quantity, up to four decimal places.")
  count!: number;

  @Required(Float, "Net price of one unit.")
  priceUnit!: number;

  @Required(
    TaxRate,
    "VAT rate: RATE_23, RATE_8, RATE_5, RATE_0 (stored 23, 8, 5, 0), or zw (exempt), np (not subject to VAT), oo (reverse charge).",
  )
  tax!: string;

  @Required(Float, "count x priceUnit, rounded half-up to 2 places.")
  netAmount!: number;

  @Required(Float, "netAmount x the VAT rate, rounded half-up to 2 places; 0 for zw, np and oo.")
  vatAmount!: number;

  @Required(Float, "netAmount + vatAmount.")
  grossAmount!: number;

  @Optional(GtuCode, "GTU code of the item (GTU_01 to GTU_13), if any.")
  gtu!: string | null;
}

@Entity(
  "An invoice, issued (income) or received (cost), or a correction of one. Amounts are computed by the server from the items; a correction states the invoice after it (its items), and its toPay is the change it makes.",
)
export class Invoice extends Identified("invoice") {
  @Required(Int, "KSeF (national e-invoice system) submission status code; 0 until submitted.")
  ksefStatus!: number;

  @Required(String, "Human-readable KSeF status; empty until submitted.")
  ksefStatusDescription!: string;

  @Optional(KsefMarker, "KSeF marker: NrKSeF, BFK, OFF or DI; null when none.")
  ksefMarker!: string | null;

  @Optional(String, "Invoice number; null for a draft that has none yet.")
  no!: string | null;

  @Required(String, "Document title printed on the invoice.")
  docTitle!: string;

  @Optional(Date, "Date and time of the sale or service, if given.")
  saleDate!: Date | null;

  @Optional(DateScalar, "Issue date; a draft may have none.")
  issueDate!: Date | null;

  @Optional(DateScalar, "Payment deadline, if any.")
  deadlineDate!: Date | null;

  @Optional(String, "Place of issue.")
  issuedPlace!: string | null;

  @Required(InvoiceType, "Invoice type: fv, pf, fk, Vat, Zal, Kor, Roz, Upr, KorZal, KorRoz, VatPef, VatPefSp, KorPef, VatRr, KorVatRr.")
  invoiceType!: string;

  @Required(InvoiceDirection, "income (issued by us) or cost (received).")
  direction!: string;

  @Optional(ID, "Id of the seller contractor, when the seller is one.")
  sellerId!: string | null;

  @Optional(String, "Seller's name.")
  sellerName!: string | null;

  @Optional(String, "Seller's tax identifier (NIP).")
  sellerIdentifier!: string | null;

  @Optional(String, "Seller's VAT id: the seller identifier.")
  sellerVatId!: string | null;

  @Optional(String, "Seller's street and number.")
  sellerStreet!: string | null;

  @Optional(String, "Seller's postal code.")
  sellerZipCode!: string | null;

  @Optional(String, "Seller's city.")
  sellerCity!: string | null;

  @Optional(String, "Seller's ISO 3166 country code.")
  sellerCountryCode!: string | null;

  @Required(String, "Name of the person who issued the invoice.")
  sellerCreatorName!: string;

  @Optional(ID, "Id of the buyer contractor, if the buyer is one.")
  buyerId!: string | null;

  @Optional(String, "Name of the buyer contractor as the contractor list has it.")
  buyerContractorName!: string | null;

  @Optional(String, "Buyer's name as printed on the invoice.")
  buyerName!: string | null;

  @Required(String, "Buyer's identifier (of the kind buyerIdentifierType says); empty when none.")
  buyerIdentifier!: string;

  @Optional(String, "Buyer's VAT id: the buyer identifier when it is a NIP or an EU VAT number, else null.")
  buyerVatId!: string | null;

  @Required(BuyerIdentifierType, "Kind of the buyer identifier: nip, vat_eu, other, none.")
  buyerIdentifierType!: string;

  @Optional(String, "Buyer's street and number.")
  buyerStreet!: string | null;

  @Optional(String, "Buyer's postal code.")
  buyerZipCode!: string | null;

  @Optional(String, "Buyer's city.")
  buyerCity!: string | null;

  @Optional(String, "Buyer's ISO 3166 country code.")
  buyerCountryCode!: string | null;

  @Optional(String, "Recipient (a unit of the buyer), if different from the buyer.")
  buyerRecipientName!: string | null;

  @Optional(String, "Buyer's accounting e-mail address.")
  buyerAccountingEmail!: string | null;

  @Required(Boolean, "Whether the buyer is a local government unit (JST).")
  buyerIsJst!: boolean;

  @Required(Boolean, "Whether the buyer is a member of a VAT group (GV).")
  buyerIsGv!: boolean;

  @Required(String, "Bank account for the payment; empty when none.")
  bankAccount!: string;

  @Required(String, "SWIFT/BIC of the bank; empty when none.")
  bankAccountSwift!: string;

  @Optional(String, "ISO 4217 currency code of the amounts.")
  currencyCode!: string | null;

  @Optional(PaymentMethod, "Payment method, if given.")
  paymentMethod!: string | null;

  @Optional(Float, "Amount already paid, if given.")
  alreadyPaid!: number | null;

  @Optional(Float, "Amount left to pay; for a correction, the change in the gross amount it makes (negative: to refund).")
  toPay!: number | null;

  @Required(Float, "Net total: the sum of the items' net amounts (for a correction, after it).")
  netAmount!: number;

  @Required(Float, "VAT total: the sum of the items' VAT amounts (for a correction, after it).")
  vatAmount!: number;

  @Required(Float, "Gross total: netAmount + vatAmount.")
  grossAmount!: number;

  @Required(Boolean, "Whether any income is booked against the invoice.")
  hasIncome!: boolean;

  @Required(Boolean, "Whether any cost is booked against the invoice.")
  hasCost!: boolean;

  @Optional(
    Invoice,
    "The related invoice: for a correction, the invoice it corrects; for a settlement (Roz), the advance invoice (Zal) it settles; for an invoice issued from a pro forma (fv, Vat, Zal), that pro forma (pf); else null.",
  )
  invoice?: Invoice | null;

  @FirstOf(Invoice, MAX_CORRECTIONS, "The corrections of this invoice, oldest first", "an invoice")
  corrects?: Invoice[];

  @Optional(Invoice, "For a correction: the correction of the same invoice made just before it, if any.")
  prevCorrect?: Invoice | null;

  @Required(Boolean, "For a correction: whether it is the latest correction of its invoice.")
  isLastCorrect!: boolean;

  @Required(String, "Free-text description.")
  description!: string;

  @Required(Boolean, "Whether the invoice is posted to the books.")
  posted!: boolean;

  @Required(Boolean, "Whether the invoice came from outside the application (imported).")
  external!: boolean;

  @Optional(InvoiceNumbering, "The numbering series of the invoice, if any.")
  numbering!: InvoiceNumbering | null;

  @Optional(InvoiceFinanceProject, "Project the invoice is booked to.")
  financeProject!: InvoiceFinanceProject | null;

  @Optional(InvoiceFinanceStage, "Stage the invoice is booked to.")
  financeStage!: InvoiceFinanceStage | null;

  @Optional(InvoiceFinanceBoard, "Board the invoice is booked to.")
  financeBoard!: InvoiceFinanceBoard | null;

  @Optional(InvoiceFinanceTask, "Task the invoice is booked to.")
  financeTask!: InvoiceFinanceTask | null;

  @Required(Boolean, "Whether it is a draft: no number is given to it until it is issued.")
  isDraft!: boolean;

  @Required(Boolean, "Whether split payment (MPP) applies.")
  isSplitPayment!: boolean;

  @Required(Boolean, "Whether reverse charge applies.")
  isReverseCharge!: boolean;

  @Required(Boolean, "Whether cash accounting applies.")
  isCashAccounting!: boolean;

  @Required(Boolean, "Whether the invoice's document file has been generated.")
  fileGenerated!: boolean;

  @Required(Boolean, "Whether a duplicate document file has been generated.")
  duplicateFileGenerated!: boolean;

  @Required(InvoiceLanguage, "Language of the generated document: pl, en, de, it.")
  fileGeneratedLanguage!: string;

  @Optional(Float, "Exchange rate to PLN, if the currency is foreign.")
  exchangeRate!: number | null;

  @Optional(DateScalar, "Date of the exchange rate.")
  exchangeDate!: Date | null;

  @Optional(UserRef, "Who created the invoice.")
  createdBy!: UserRef | null;

  @Optional(UserRef, "Who changed the invoice last (the creator until it is changed).")
  updatedBy!: UserRef | null;

  @Required(Date, "When the invoice was created.")
  createdAt!: Date;

  @Required(Date, "When the invoice was last changed.")
  updatedAt!: Date;

  @Required(Boolean, "Whether the invoice has been changed since it was created.")
  isUpdated!: boolean;

  @Capped(InvoiceItem, MAX_INVOICE_ITEMS, `The items (at most ${MAX_INVOICE_ITEMS}); for a correction, the items as they stand after it.`)
  items!: InvoiceItem[];

  @Capped(
    InvoiceItem,
    MAX_INVOICE_ITEMS,
    `For a correction: the items as they stood before it (at most ${MAX_INVOICE_ITEMS}); empty otherwise.`,
  )
  prevItems!: InvoiceItem[];

  @FirstOf(InvoiceCost, 20, "Costs booked against the invoice, by date")
  costs!: InvoiceCost[];

  @FirstOf(InvoiceIncome, 20, "Incomes booked against the invoice, by date")
  incomes!: InvoiceIncome[];

  @Required([String], "Third parties named on the invoice.")
  thirdParties!: string[];

  /** Links the field resolvers follow (not exposed): the corrected invoice, the related one, the corrections, the previous correction. */
  correctedInvoiceId!: string | null;
  relatedInvoiceId!: string | null;
  correctionIds!: string[];
  prevCorrectId!: string | null;
}
