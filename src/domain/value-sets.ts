/**
 * The closed value sets of the domain, in one place below the inputs, the types and the services
 * so that the input rules, the services and the schema (src/types/shared/enums.ts registers them
 * as GraphQL enums) cannot drift apart. Plain values: this module imports nothing. A set written
 * as a record maps each stored value to its meaning, which the schema's enum gives as the value's
 * description.
 */

// ─── people and projects ───

/** The application roles of a user (a user holds several; every account holds `user`). */
export const USER_ROLES = {
  admin: "Administrator: may do everything.",
  pm: "Project manager: may create projects and edit task types.",
  hr: "Human resources: manages users and vacations.",
  finance: "Finance: issues invoices.",
  user: "Ordinary user.",
} as const;

/** The application roles by name, for the rules (src/auth/rules.ts): `Role.pm` is "pm". */
export const Role = Object.fromEntries(Object.keys(USER_ROLES).map((role) => [role, role])) as { [R in keyof typeof USER_ROLES]: R };

/** Roles inside one project (ProjectUserAssignment.role). */
export const ProjectRole = {
  pmActive: "pm-active",
  pmPassive: "pm-passive",
  member: "member",
  none: "none",
} as const;

/** Project roles that manage a project (its stages, boards, risks, settings, invoices). */
export const PROJECT_MANAGER_ROLES: readonly string[] = [ProjectRole.pmActive, ProjectRole.pmPassive];

/** A user's role on a board (interface 3: none, leader-active). */
export const BOARD_USER_ROLES = {
  none: "Assigned without a role.",
  "leader-active": 'Leads the board (stored "leader-active").',
} as const;

/** What an uploaded file is attached to (E13's fileType). */
export const FILE_TYPES = {
  project: "A project.",
  task: "A task.",
  "task-comment": 'A comment on a task (stored "task-comment").',
} as const;

/** The states a project may be created in (interface 3: in-preparation, open). */
export const PROJECT_CREATION_STATUSES = {
  "in-preparation": 'Being prepared (stored "in-preparation").',
  open: "Open for work.",
} as const;

/** The states of a vacation request (the model's value set): queued, accepted, rejected, cancelled. */
export const VACATION_STATUSES = ["q", "accepted", "rejected", "cancelled"] as const;

// ─── finance (interface 2.4) ───

/** Every invoice type; KSeF's document kinds plus the application's own fv (VAT), pf (pro forma), fk. */
export const INVOICE_TYPES = {
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
} as const;

/**
 * The correction types and the types each may correct. A correction always refers to the
 * original document of the matching kind: an advance invoice (Zal) is corrected by KorZal, a
 * settlement (Roz) by KorRoz, a PEF invoice by KorPef, a VAT RR invoice by KorVatRr; Kor corrects
 * the ordinary VAT invoices. A pro forma is no accounting document and cannot be corrected.
 */
export const CORRECTABLE_TYPES: Readonly<Record<string, readonly string[]>> = {
  Kor: ["fv", "fk", "Vat", "Upr"],
  KorZal: ["Zal"],
  KorRoz: ["Roz"],
  KorPef: ["VatPef", "VatPefSp"],
  KorVatRr: ["VatRr"],
};

export function isCorrectionType(invoiceType: string): boolean {
  return Object.hasOwn(CORRECTABLE_TYPES, invoiceType);
}

/**
 * The invoices a document that is no correction may name as its related `invoice` (optional), as
 * Polish invoicing products link them: a settlement (Roz) the advance invoice (Zal) it settles
 * (KSeF lists the advances on the settlement); a VAT invoice (fv, Vat) or an advance invoice
 * the pro forma (pf) it was issued from. The other types name none.
 */
export const RELATABLE_TYPES: Readonly<Record<string, readonly string[]>> = {
  Roz: ["Zal"],
  fv: ["pf"],
  Vat: ["pf"],
  Zal: ["pf"],
};

/** What an invoice of this type may name as its `invoice`: the originals a correction corrects, or the related documents above. */
export function relatedTypesOf(invoiceType: string): readonly string[] {
  return CORRECTABLE_TYPES[invoiceType] ?? RELATABLE_TYPES[invoiceType] ?? [];
}

export const INVOICE_DIRECTIONS = {
  income: "Issued by us (sales).",
  cost: "Received from a supplier (purchases).",
} as const;

export const KSEF_MARKERS = {
  NrKSeF: "Has a KSeF number.",
  BFK: "Issued outside KSeF during a KSeF failure (offline mode).",
  OFF: "Issued offline, to be sent to KSeF.",
  DI: "Issued outside KSeF (document exempt from KSeF).",
} as const;

export const BUYER_IDENTIFIER_TYPES = {
  nip: "Polish tax number (NIP).",
  vat_eu: "EU VAT number.",
  other: "Another identifier (outside the EU).",
  none: "No identifier (a private person).",
} as const;

export const PAYMENT_METHODS = {
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
} as const;

export const FILE_LANGUAGES = {
  pl: "Polish.",
  en: "English.",
  de: "German.",
  it: "Italian.",
} as const;

/** VAT rates of an item: the percentages, and zw (exempt), np (not subject), oo (reverse charge), which carry no VAT. */
export const TAX_RATES = ["23", "8", "5", "0", "zw", "np", "oo"] as const;
export type TaxRate = (typeof TAX_RATES)[number];

/** Polish GTU goods and services codes, GTU_01 to GTU_13. */
export const GTU_CODES = Array.from({ length: 13 }, (_, i) => `GTU_${String(i + 1).padStart(2, "0")}`);
