import { registerEnumType } from "type-graphql";
import {
  BOARD_USER_ROLES,
  BUYER_IDENTIFIER_TYPES,
  FILE_TYPES,
  FILE_LANGUAGES,
  GTU_CODES,
  INVOICE_DIRECTIONS,
  INVOICE_TYPES,
  KSEF_MARKERS,
  PAYMENT_METHODS,
  PROJECT_CREATION_STATUSES,
  TAX_RATES,
  USER_ROLES,
} from "../../domain/value-sets";

/**
 * The closed value sets of the interface as GraphQL enums: clients get typed values (codegen
 * emits unions, not `string`) and GraphQL validation refuses an unknown value before any
 * resolver runs.
 *
 * On the wire an enum value is a GraphQL name, so it is the stored string itself wherever that
 * string is a valid name (`Vat`, `income`, `vat_eu`, `GTU_05`, `admin`). Where it is not, one
 * rule maps it (see `enumName`): a hyphen becomes an underscore (`leader-active` → `leader_active`,
 * `task-comment` → `task_comment`, `in-preparation` → `in_preparation`), and a value starting with
 * a digit gets `RATE_` in front (the VAT rates `23` → `RATE_23`, `0` → `RATE_0`). Resolvers and
 * services keep seeing the stored strings: the enums' internal values are those strings.
 *
 * Sets the interface calls open ("observed" values: vacation, stage, task and milestone
 * statuses, a project's status in answers, project member roles, file sources...) stay `String`
 * and say so in their descriptions.
 */
export function enumName(stored: string): string {
  const name = stored.replace(/-/g, "_");
  return /^[0-9]/.test(name) ? `RATE_${name}` : name;
}

/** Builds the enum object (GraphQL name → stored string) of a value set. */
function valueSet<const T extends string>(values: readonly T[]): Record<string, T> {
  return Object.fromEntries(values.map((v) => [enumName(v), v]));
}

/** Registers a value set as a GraphQL enum with a description per value (by stored string). */
function register(enumObject: Record<string, string>, name: string, description: string, values: Record<string, string>): void {
  registerEnumType(enumObject, {
    name,
    description,
    valuesConfig: Object.fromEntries(Object.entries(enumObject).map(([key, stored]) => [key, { description: values[stored] ?? stored }])),
  });
}

export const InvoiceType = valueSet(INVOICE_TYPES);
register(InvoiceType, "InvoiceType", "The kind of an invoice. Kor, KorZal, KorRoz, KorPef and KorVatRr are corrections.", {
  fv: "VAT invoice (the application's own kind).",
  pf: "Pro forma: no accounting document, cannot be corrected.",
  fk: "Invoice of the application's fk kind (corrected by Kor).",
  Vat: "VAT invoice (KSeF).",
  Zal: "Advance invoice.",
  Kor: "Correction of fv, fk, Vat or Upr.",
  Roz: "Settlement invoice after advances.",
  Upr: "Simplified invoice.",
  KorZal: "Correction of an advance invoice (Zal).",
  KorRoz: "Correction of a settlement invoice (Roz).",
  VatPef: "PEF invoice (public e-procurement).",
  VatPefSp: "PEF invoice, split payment.",
  KorPef: "Correction of a PEF invoice (VatPef, VatPefSp).",
  VatRr: "VAT RR invoice (flat-rate farmer).",
  KorVatRr: "Correction of a VAT RR invoice.",
});

export const InvoiceDirection = valueSet(INVOICE_DIRECTIONS);
register(InvoiceDirection, "InvoiceDirection", "Whether an invoice was issued by us or received.", {
  income: "Issued by us (sales).",
  cost: "Received from a supplier (purchases).",
});

export const KsefMarker = valueSet(KSEF_MARKERS);
register(KsefMarker, "KsefMarker", "How an invoice stands with KSeF, the Polish national e-invoicing system.", {
  NrKSeF: "Has a KSeF number.",
  BFK: "Issued outside KSeF during a KSeF failure (offline mode).",
  OFF: "Issued offline, to be sent to KSeF.",
  DI: "Issued outside KSeF (document exempt from KSeF).",
});

export const BuyerIdentifierType = valueSet(BUYER_IDENTIFIER_TYPES);
register(BuyerIdentifierType, "BuyerIdentifierType", "The kind of the buyer's tax identifier.", {
  nip: "Polish tax number (NIP).",
  vat_eu: "EU VAT number.",
  other: "Another identifier (outside the EU).",
  none: "No identifier (a private person).",
});

export const PaymentMethod = valueSet(PAYMENT_METHODS);
register(PaymentMethod, "PaymentMethod", "How an invoice is paid.", {
  cash: "Cash.",
  transfer: "Bank transfer.",
  transfer_and_cash: "Partly bank transfer, partly cash.",
  barter: "Barter.",
  prepayment_transfer: "Bank transfer in advance.",
  card: "Payment card.",
  voucher: "Voucher.",
  check: "Cheque.",
  credit: "Credit.",
  mobile: "Mobile payment.",
});

export const InvoiceLanguage = valueSet(FILE_LANGUAGES);
register(InvoiceLanguage, "InvoiceLanguage", "Language of an invoice's generated document.", {
  pl: "Polish.",
  en: "English.",
  de: "German.",
  it: "Italian.",
});

export const TaxRate = valueSet(TAX_RATES);
register(
  TaxRate,
  "TaxRate",
  "VAT rate of an invoice item. The stored rates 23, 8, 5 and 0 travel as RATE_23, RATE_8, RATE_5, RATE_0 (GraphQL enum values cannot start with a digit).",
  {
    "23": '23 % (stored "23").',
    "8": '8 % (stored "8").',
    "5": '5 % (stored "5").',
    "0": '0 % (stored "0").',
    zw: "Exempt from VAT: no VAT.",
    np: "Not subject to Polish VAT: no VAT.",
    oo: "Reverse charge (odwrotne obciążenie): no VAT on the invoice.",
  },
);

export const GtuCode = valueSet(GTU_CODES);
register(GtuCode, "GtuCode", "Polish GTU code of goods and services, GTU_01 to GTU_13 (JPK_V7).", {});

export const UserRole = valueSet(USER_ROLES);
register(UserRole, "UserRole", "An application role of a user.", {
  admin: "Administrator: may do everything.",
  pm: "Project manager: may create projects and edit task types.",
  hr: "Human resources: manages users and vacations.",
  finance: "Finance: issues invoices.",
  user: "Ordinary user.",
});

export const BoardUserRole = valueSet(BOARD_USER_ROLES);
register(BoardUserRole, "BoardUserRole", "A user's role on a board. The stored leader-active travels as leader_active.", {
  none: "Assigned without a role.",
  "leader-active": 'Leads the board (stored "leader-active").',
});

export const FileTargetType = valueSet(FILE_TYPES);
register(FileTargetType, "FileTargetType", "The kind of object a file is attached to. The stored task-comment travels as task_comment.", {
  project: "A project.",
  task: "A task.",
  "task-comment": 'A comment on a task (stored "task-comment").',
});

export const ProjectCreationStatus = valueSet(PROJECT_CREATION_STATUSES);
register(
  ProjectCreationStatus,
  "ProjectCreationStatus",
  "The state a new project starts in. The stored in-preparation travels as in_preparation.",
  {
    "in-preparation": 'Being prepared (stored "in-preparation").',
    open: "Open for work.",
  },
);
