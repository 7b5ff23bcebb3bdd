/**
 * The closed value sets of the domain, in one place below the inputs, the types and the services
 * so that the input rules, the services and the schema (src/types/shared/enums.ts registers them
 * as GraphQL enums) cannot drift apart. Plain values: this module imports nothing.
 */

// ─── people and projects ───

/** The application roles of a user (a user holds several; every account holds `user`). */
export const USER_ROLES = ["admin", "pm", "hr", "finance", "user"] as const;

/** The application roles by name, for the rules (src/auth/rules.ts). */
export const Role = {
  admin: "admin",
  /** may create projects and edit shared dictionaries (task types) */
  pm: "pm",
  hr: "hr",
  finance: "finance",
  user: "user",
} as const satisfies Record<string, (typeof USER_ROLES)[number]>;

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
export const BOARD_USER_ROLES = ["none", "leader-active"] as const;

/** What an uploaded file is attached to (E13's fileType). */
export const FILE_TYPES = ["project", "task", "task-comment"] as const;

/** The states a project may be created in (interface 3: in-preparation, open). */
export const PROJECT_CREATION_STATUSES = ["in-preparation", "open"] as const;

/** The states of a vacation request (the model's value set): queued, accepted, rejected, cancelled. */
export const VACATION_STATUSES = ["q", "accepted", "rejected", "cancelled"] as const;

// ─── finance (interface 2.4) ───

/** Every invoice type; KSeF's document kinds plus the application's own fv (VAT), pf (pro forma), fk. */
export const INVOICE_TYPES = [
  "fv",
  "pf",
  "fk",
  "Vat",
  "Zal",
  "Kor",
  "Roz",
  "Upr",
  "KorZal",
  "KorRoz",
  "VatPef",
  "VatPefSp",
  "KorPef",
  "VatRr",
  "KorVatRr",
] as const;

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

export const INVOICE_DIRECTIONS = ["income", "cost"] as const;

export const KSEF_MARKERS = ["NrKSeF", "BFK", "OFF", "DI"] as const;

export const BUYER_IDENTIFIER_TYPES = ["nip", "vat_eu", "other", "none"] as const;

export const PAYMENT_METHODS = [
  "cash",
  "transfer",
  "transfer_and_cash",
  "barter",
  "prepayment_transfer",
  "card",
  "voucher",
  "check",
  "credit",
  "mobile",
] as const;

export const FILE_LANGUAGES = ["pl", "en", "de", "it"] as const;

/** VAT rates of an item: the percentages, and zw (exempt), np (not subject), oo (reverse charge), which carry no VAT. */
export const TAX_RATES = ["23", "8", "5", "0", "zw", "np", "oo"] as const;
export type TaxRate = (typeof TAX_RATES)[number];

/** Polish GTU goods and services codes, GTU_01 to GTU_13. */
export const GTU_CODES = Array.from({ length: 13 }, (_, i) => `GTU_${String(i + 1).padStart(2, "0")}`);
