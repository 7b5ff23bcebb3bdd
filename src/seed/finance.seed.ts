import { Prisma } from "../db/client";
import { COMPANY, polishIban } from "./company";
import type { SeedContext } from "./context";
import { scaled } from "./context";
import type { ContractorsWorld, SeedContractor } from "./contractors.seed";
import { addDays, at, BASE_DATE, day, daysBetween, laterBefore, monthName, nextWorkingDay, previousWorkingDay, utcDate } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import { itemAmounts, sumAmounts } from "../services/invoice/invoice-amounts";
import { round2 } from "../services/shared/money";
import type { TaxRate } from "../domain/value-sets";
import { NumberingCounters } from "./numbering-counters";
import type { ProjectsWorld, SeedProject } from "./projects.seed";
import type { Random } from "./random";
import type { SeedUser, UsersWorld } from "./users.seed";

type Kind = "Vat" | "VatEur" | "fv" | "pf" | "Zal" | "draft" | "cost" | "Kor";

/** How many of each kind the base volume has; with the one correction, 30 in all. Each count grows with the scale. */
const MIX: [Exclude<Kind, "Kor">, number][] = [
  ["Vat", 15],
  ["VatEur", 1],
  ["Zal", 2],
  ["pf", 3],
  ["fv", 2],
  ["draft", 2],
  ["cost", 4],
];

interface Line {
  positionName: string;
  unit: string;
  count: string;
  priceUnit: string;
  tax: TaxRate;
  gtu: string | null;
}

/** Something the company sells: unit price and quantity ranges, VAT code, GTU code; monthly lines name the month. */
interface Offer {
  name: string;
  unit: string;
  price: [number, number];
  count: [number, number];
  tax: TaxRate;
  gtu: string | null;
  monthly?: boolean;
}

const HOURS: Offer = {
  name: "Prace programistyczne",
  unit: "godz.",
  price: [140, 220],
  count: [40, 160],
  tax: "23",
  gtu: "GTU_12",
  monthly: true,
};

const CATALOGUE: Offer[] = [
  HOURS,
  { name: "Konsultacje wdrożeniowe", unit: "godz.", price: [180, 260], count: [8, 40], tax: "23", gtu: "GTU_12", monthly: true },
  { name: "Utrzymanie i hosting aplikacji", unit: "mies.", price: [1500, 4500], count: [1, 1], tax: "23", gtu: null, monthly: true },
  { name: "Licencja modułu raportowego", unit: "szt.", price: [49, 390], count: [1, 25], tax: "23", gtu: null },
  { name: "Przygotowanie materiałów szkoleniowych", unit: "usł.", price: [1200, 4000], count: [1, 1], tax: "23", gtu: "GTU_12" },
  { name: "Catering podczas warsztatów", unit: "usł.", price: [600, 2400], count: [1, 2], tax: "8", gtu: null },
  { name: "Podręcznik użytkownika – wydanie drukowane", unit: "szt.", price: [35, 90], count: [10, 60], tax: "5", gtu: null },
];

const EXEMPT_TRAINING: Offer = {
  name: "Szkolenie dla użytkowników (usługa kształcenia zawodowego)",
  unit: "os.",
  price: [350, 900],
  count: [6, 24],
  tax: "zw",
  gtu: null,
  monthly: true,
};

/** Who the company buys from, what, and who signs their invoices with which bank (by SWIFT). */
const SUPPLIERS = [
  {
    key: "devforge",
    item: "Usługi programistyczne – podwykonawstwo",
    unit: "godz.",
    price: [120, 150],
    count: [60, 160],
    issuer: "Karolina Nowicka",
    swift: "BREXPLPW",
  },
  {
    key: "pixelpeak",
    item: "Projekt graficzny interfejsu użytkownika",
    unit: "usł.",
    price: [4000, 12000],
    count: [1, 1],
    issuer: "Jan Wrona",
    swift: "INGBPLPW",
  },
  {
    key: "azure",
    item: "Microsoft Azure – usługi chmurowe",
    unit: "mies.",
    price: [2800, 6400],
    count: [1, 1],
    issuer: "Microsoft Billing Operations",
    swift: "CITIPLPX",
  },
  {
    key: "office",
    item: "Najem powierzchni biurowej",
    unit: "mies.",
    price: [18500, 18500],
    count: [1, 1],
    issuer: "Ewa Sowa",
    swift: "PKOPPLPW",
  },
] as const;
type Supplier = (typeof SUPPLIERS)[number];

/** Sellers of cost invoices that are not contractors of the company's projects. */
const OTHER_SELLERS = {
  azure: {
    name: "Microsoft Ireland Operations Ltd",
    identifier: "IE8256796U",
    street: "70 Sir John Rogerson's Quay",
    zipCode: "D02 R296",
    city: "Dublin",
    countryCode: "IE",
  },
  office: {
    name: "Rakowicka Office Park Sp. z o.o.",
    identifier: "6751492233",
    street: "ul. Rakowicka 14",
    zipCode: "31-511",
    city: "Kraków",
    countryCode: "PL",
  },
};

interface Numbering {
  id: string;
  pattern: string;
  resetInterval: "P1M" | "P1Y";
  leadingZero: number;
  docTitle: string;
  isDefault: boolean;
}
type NumberingKey = "fv" | "pf" | "kor";
type Numberings = Record<NumberingKey, Numbering>;

/** Monthly invoices (the default), yearly proformas and yearly corrections. */
function numberings(rng: Random): Numberings {
  return {
    fv: {
      id: demoIds.invoiceNumberingId,
      pattern: "FV/{number}/{MM}/{YYYY}",
      resetInterval: "P1M",
      leadingZero: 4,
      docTitle: "Faktura VAT",
      isDefault: true,
    },
    pf: {
      id: rng.uuid(),
      pattern: "PF/{number}/{YYYY}",
      resetInterval: "P1Y",
      leadingZero: 3,
      docTitle: "Faktura proforma",
      isDefault: false,
    },
    kor: {
      id: rng.uuid(),
      pattern: "KOR/{number}/{YYYY}",
      resetInterval: "P1Y",
      leadingZero: 3,
      docTitle: "Faktura korygująca",
      isDefault: false,
    },
  };
}

interface Draft {
  row: RowOf<"invoice">;
  kind: Kind;
  numbering: NumberingKey | null;
  lines: Line[];
  previous: Line[];
  issue: Date;
}

/** Currencies, invoice numberings with their counters, invoices with items, costs and incomes, and one correction. */
export async function seedFinance(
  ctx: SeedContext,
  users: UsersWorld,
  contractors: ContractorsWorld,
  projects: ProjectsWorld,
): Promise<void> {
  const rng = ctx.rng.fork("finance");
  const series = numberings(rng);

  await ctx.out.insert("currencyDictionary", [
    { id: demoIds.currencyDictionaryId, name: "Złoty polski", code: "PLN", isDefault: true, createdAt: utcDate(2021, 3, 1) },
    { id: rng.uuid(), name: "Euro", code: "EUR", isDefault: false, createdAt: utcDate(2021, 3, 1) },
    { id: rng.uuid(), name: "Dolar amerykański", code: "USD", isDefault: false, createdAt: utcDate(2022, 6, 14) },
    { id: rng.uuid(), name: "Funt szterling", code: "GBP", isDefault: false, createdAt: utcDate(2024, 2, 5) },
  ]);

  const accountants = users.withRole("finance").filter((u) => u.canLogIn);
  // Domestic invoices go to Polish clients; the Irish client is billed in EUR under reverse charge.
  const started = projects.projects.filter((p) => p.client?.role === "client" && p.status !== "in-preparation");
  const billed = started.filter((p) => p.client!.countryCode === "PL");
  const running = billed.filter((p) => p.status === "open");
  const ofClient = (key: string) => started.find((p) => p.client!.key === key) ?? rng.pick(billed);
  const drafts: Draft[] = [];
  let original: Draft | undefined;

  for (const [kind, base] of MIX) {
    // Two VAT invoices at least: the showcase one and the one the correction corrects.
    const count = kind === "Vat" ? Math.max(2, scaled(ctx, base)) : scaled(ctx, base);
    for (let i = 0; i < count; i++) {
      const showcase = kind === "Vat" && i === 0;
      const corrected = kind === "Vat" && i === 1;
      const supplier = kind === "cost" ? SUPPLIERS[i % SUPPLIERS.length] : null;
      let project: SeedProject | null;
      if (showcase) project = projects.byId.get(demoIds.projectId)!;
      else if (corrected) project = ofClient("zielony");
      else if (kind === "VatEur") project = ofClient("bluewave");
      else if (kind === "fv") project = ofClient(i % 2 ? "otwarta" : "wislica");
      else if (kind === "Zal" || kind === "pf" || kind === "draft") project = rng.pick(running);
      else if (supplier) project = projectForCost(rng, supplier.key, projects, running);
      else project = rng.pick(billed);
      const issue = showcase ? utcDate(2026, 10, 30) : corrected ? utcDate(2026, 9, 30) : issueDate(rng, kind, project);
      const id = showcase ? demoIds.invoiceId : rng.uuid();
      const draft = buildInvoice(rng, kind, { id, project, supplier, issue, hoursFirst: corrected, accountants, contractors });
      drafts.push(draft);
      if (corrected) original = draft;
    }
  }

  // The correction: the Zielony Ogród September invoice billed 16 hours too many.
  drafts.push(buildCorrection(rng, original!, accountants));

  numberInvoices(drafts, series);
  const counters = countersOf(rng, drafts);

  await ctx.out.insert(
    "invoiceNumbering",
    Object.values(series).map((n) => ({ ...n, kind: "income" })),
  );
  await ctx.out.insert("invoiceNumberingCounter", counters);
  // Corrections reference the invoice they correct: originals first.
  await ctx.out.insert(
    "invoice",
    drafts.filter((d) => d.kind !== "Kor").map((d) => d.row),
  );
  await ctx.out.insert(
    "invoice",
    drafts.filter((d) => d.kind === "Kor").map((d) => d.row),
  );
  await ctx.out.insert(
    "invoiceItem",
    drafts.flatMap((d) => [
      ...d.lines.map((l, i) => itemRow(rng, d.row.id!, l, i + 1, false)),
      ...d.previous.map((l, i) => itemRow(rng, d.row.id!, l, i + 1, true)),
    ]),
  );
  await ctx.out.insert(
    "invoiceCost",
    drafts.filter((d) => d.kind === "cost").map((d) => costRow(rng, d)),
  );
  const withIncomes = drafts.filter((d) => ["Vat", "VatEur", "Zal"].includes(d.kind) && !d.row.isDraft && rng.chance(0.5));
  await ctx.out.insert(
    "invoiceIncome",
    withIncomes.flatMap((d) => incomeRows(rng, d)),
  );
}

/**
 * Issue dates on working days of the last six months while the project ran (or in the months after a
 * project that ended earlier); drafts are planned for the coming days.
 */
function issueDate(rng: Random, kind: Kind, project: SeedProject | null): Date {
  if (kind === "draft") return nextWorkingDay(day(rng.int(1, 10)));
  if (!project) return previousWorkingDay(day(-rng.int(3, 180)));
  const to = Math.min(daysBetween(BASE_DATE, addDays(project.end, 30)), -4);
  const from = Math.min(Math.max(daysBetween(BASE_DATE, addDays(project.start, 14)), -180), to - 60);
  return previousWorkingDay(day(rng.int(from, to) + 1));
}

/** Who a cost was bought for: subcontractors work in client projects, the cloud bill belongs to the migration, rent to nobody. */
function projectForCost(rng: Random, supplier: Supplier["key"], projects: ProjectsWorld, running: SeedProject[]): SeedProject | null {
  if (supplier === "office") return null;
  if (supplier === "azure") return projects.projects.find((p) => p.shortCode === "AZUR") ?? null;
  const withSupplier = running.filter((p) => p.team.some((u) => u.isExternal && u.contractorId !== null));
  return rng.pick(supplier === "devforge" && withSupplier.length > 0 ? withSupplier : running);
}

function buildInvoice(
  rng: Random,
  kind: Kind,
  c: {
    id: string;
    project: SeedProject | null;
    supplier: Supplier | null;
    issue: Date;
    hoursFirst: boolean;
    accountants: SeedUser[];
    contractors: ContractorsWorld;
  },
): Draft {
  const author = rng.pick(c.accountants);
  const isCost = kind === "cost";
  const supplier = c.supplier;
  const buyer: SeedContractor | null = isCost ? null : c.project!.client;
  const lines = isCost ? costLines(rng, supplier!) : incomeLines(rng, kind, c.issue, c.project!, c.hoursFirst);
  const totals = sumAmounts(lines.map((l) => itemAmounts(l)));
  const isDraft = kind === "draft";
  const createdAt = at(isDraft ? day(-rng.int(1, 3)) : c.issue, rng.int(8, 15), rng.int(0, 59));
  const deadline = addDays(c.issue, buyer?.segment === "Enterprise" ? 30 : buyer?.isJst ? 21 : 14);
  // Old invoices are settled; recent ones mostly, some are overdue.
  const paid = !isDraft && kind !== "pf" && (deadline < day(-60) || (deadline < day(-3) && rng.chance(0.75)));
  const eur = kind === "VatEur";
  const supplierContractor =
    supplier && (supplier.key === "devforge" || supplier.key === "pixelpeak") ? c.contractors.byKey.get(supplier.key)! : null;
  const otherSeller = supplier && (supplier.key === "azure" || supplier.key === "office") ? OTHER_SELLERS[supplier.key] : null;
  const sent = !isDraft && kind !== "pf";
  const ksef = isCost
    ? { status: 200, description: "Faktura pobrana z KSeF", marker: "NrKSeF" }
    : !sent
      ? { status: 0, description: kind === "pf" ? "Nie dotyczy – faktura proforma" : "Nie wysłano do KSeF", marker: null }
      : c.issue > day(-4)
        ? { status: 100, description: "Wysłano do KSeF – oczekuje na przetworzenie", marker: null }
        : rng.chance(0.1)
          ? { status: 200, description: "Wystawiona w trybie offline, przyjęta w KSeF", marker: "OFF" }
          : { status: 200, description: "Faktura przyjęta w KSeF", marker: "NrKSeF" };
  const board = c.project && c.project.boards.length > 0 && rng.chance(0.4) ? rng.pick(c.project.boards) : null;

  const row: RowOf<"invoice"> = {
    id: c.id,
    ksefStatus: ksef.status,
    ksefStatusDescription: ksef.description,
    ksefMarker: ksef.marker,
    no: null,
    docTitle: kind === "Zal" ? "Faktura zaliczkowa" : kind === "pf" ? "Faktura proforma" : kind === "fv" ? "Faktura" : "Faktura VAT",
    numberingId: null,
    numberingPeriod: null,
    saleDate: at(c.issue, 0),
    issueDate: c.issue,
    deadlineDate: deadline,
    issuedPlace: isCost ? (supplierContractor?.city ?? otherSeller!.city) : COMPANY.city,
    invoiceType: kind === "VatEur" || kind === "draft" || kind === "cost" ? "Vat" : kind,
    direction: isCost ? "cost" : "income",
    sellerId: supplierContractor?.id ?? null,
    sellerName: isCost ? (supplierContractor?.fullName ?? otherSeller!.name) : COMPANY.fullName,
    sellerIdentifier: isCost ? (supplierContractor?.vatId ?? otherSeller!.identifier) : COMPANY.nip,
    sellerStreet: isCost ? (supplierContractor?.street ?? otherSeller!.street) : COMPANY.street,
    sellerZipCode: isCost ? (supplierContractor?.zipCode ?? otherSeller!.zipCode) : COMPANY.zipCode,
    sellerCity: isCost ? (supplierContractor?.city ?? otherSeller!.city) : COMPANY.city,
    sellerCountryCode: isCost ? (supplierContractor?.countryCode ?? otherSeller!.countryCode) : COMPANY.countryCode,
    sellerCreatorName: isCost ? supplier!.issuer : `${author.firstName} ${author.lastName}`,
    buyerId: buyer?.id ?? null,
    buyerName: buyer?.fullName ?? COMPANY.fullName,
    buyerIdentifier: buyer?.vatId ?? COMPANY.nip,
    buyerIdentifierType: buyer?.identifierType ?? "nip",
    buyerStreet: buyer?.street ?? COMPANY.street,
    buyerZipCode: buyer?.zipCode ?? COMPANY.zipCode,
    buyerCity: buyer?.city ?? COMPANY.city,
    buyerCountryCode: buyer?.countryCode ?? COMPANY.countryCode,
    // A municipality is billed, its office receives; a VAT group names the member that ordered.
    buyerRecipientName: buyer?.isJst
      ? `Urząd ${buyer.name.replace("Gmina", "Gminy")}`
      : buyer?.isGv
        ? "Meblotex Fabryka Mebli Sp. z o.o. (członek grupy VAT)"
        : null,
    buyerAccountingEmail: buyer?.accountingEmail ?? `ksiegowosc@${COMPANY.domain}`,
    buyerIsJst: buyer?.isJst ?? false,
    buyerIsGv: buyer?.isGv ?? false,
    bankAccount: isCost ? polishIban(rng) : COMPANY.bankAccount,
    bankAccountSwift: isCost ? supplier!.swift : COMPANY.bankAccountSwift,
    currencyCode: eur ? "EUR" : "PLN",
    paymentMethod: kind === "pf" ? "prepayment_transfer" : rng.chance(0.08) ? "card" : "transfer",
    alreadyPaid: paid ? totals.grossAmount : round2(0),
    toPay: paid ? round2(0) : totals.grossAmount,
    netAmount: totals.netAmount,
    vatAmount: totals.vatAmount,
    grossAmount: totals.grossAmount,
    description: describe(kind, c.project, c.issue),
    posted: sent && c.issue < utcDate(2026, 10, 1),
    external: isCost,
    isDraft,
    isSplitPayment: !isCost && totals.grossAmount.greaterThan(15_000) && rng.chance(0.3),
    isReverseCharge: eur,
    isCashAccounting: !isCost && !eur && rng.chance(0.05),
    fileGenerated: !isDraft,
    duplicateFileGenerated: !isDraft && rng.chance(0.08),
    fileGeneratedLanguage: eur ? "en" : "pl",
    exchangeRate: eur ? new Prisma.Decimal(rng.float(4.21, 4.33, 4)) : null,
    // The NBP rate of the last working day before the invoice, as the VAT act requires.
    exchangeDate: eur ? previousWorkingDay(c.issue) : null,
    thirdParties: JSON.stringify(buyer?.key === "nordmet" && rng.chance(0.5) ? ["Nordmet Logistyka Sp. z o.o. – odbiorca towaru"] : []),
    correctedInvoiceId: null,
    financeProjectId: c.project?.id ?? null,
    financeStageId: board?.stageId ?? (c.id === demoIds.invoiceId ? demoIds.stageId : null),
    financeBoardId: board?.id ?? null,
    financeTaskId: null,
    createdById: author.id,
    updatedById: rng.chance(0.3) ? rng.pick(c.accountants).id : author.id,
    createdAt,
    updatedAt: laterBefore(rng, createdAt, 10),
  };
  // A cost invoice carries the supplier's own number.
  if (isCost) {
    const month = String(c.issue.getUTCMonth() + 1).padStart(2, "0");
    row.no = `${supplier!.key === "office" ? "NB" : "FS"}/${rng.int(10, 480)}/${month}/${c.issue.getUTCFullYear()}`;
  }
  const numbering: NumberingKey | null = isCost ? null : kind === "pf" ? "pf" : "fv";
  return { row, kind, numbering, lines, previous: [], issue: c.issue };
}

function incomeLines(rng: Random, kind: Kind, issue: Date, project: SeedProject, hoursFirst: boolean): Line[] {
  const month = monthName(issue, "pl");
  if (kind === "Zal") {
    const advance = String(1000 * rng.int(15, 60));
    return [
      {
        positionName: `Zaliczka na poczet realizacji: ${project.name}`,
        unit: "usł.",
        count: "1",
        priceUnit: advance,
        tax: "23",
        gtu: "GTU_12",
      },
    ];
  }
  if (kind === "fv") return [line(rng, EXEMPT_TRAINING, month)];
  if (kind === "VatEur") {
    return [
      {
        positionName: `Data engineering services – ${monthName(issue, "en")}`,
        unit: "h",
        count: String(rng.int(60, 140)),
        priceUnit: String(rng.int(45, 60)),
        tax: "np",
        gtu: null,
      },
      {
        positionName: "Installation media (intra-community supply)",
        unit: "pcs",
        count: String(rng.int(2, 6)),
        priceUnit: String(rng.int(25, 60)),
        tax: "0",
        gtu: null,
      },
    ];
  }
  const offers = hoursFirst ? [HOURS, ...rng.sample(CATALOGUE.slice(1), rng.int(1, 2))] : rng.sample(CATALOGUE, rng.int(1, 4));
  return offers.map((offer) => line(rng, offer, month));
}

function line(rng: Random, offer: Offer, month: string): Line {
  // Hours are billed as reported, to the quarter-hour.
  const [min, max] = offer.count;
  const count = offer.unit === "godz." ? (rng.int(min * 4, max * 4) / 4).toFixed(2) : String(rng.int(min, max));
  return {
    positionName: offer.monthly ? `${offer.name} – ${month}` : offer.name,
    unit: offer.unit,
    count,
    priceUnit: rng.float(offer.price[0], offer.price[1], 2).toFixed(2),
    tax: offer.tax,
    gtu: offer.gtu,
  };
}

function costLines(rng: Random, s: Supplier): Line[] {
  return [
    {
      positionName: s.item,
      unit: s.unit,
      count: String(rng.int(s.count[0], s.count[1])),
      priceUnit: rng.float(s.price[0], s.price[1], 2).toFixed(2),
      tax: "23",
      gtu: null,
    },
  ];
}

/** A correction lowers the hours of the first line and keeps the original lines as "previous" items. */
function buildCorrection(rng: Random, original: Draft, accountants: SeedUser[]): Draft {
  const issue = utcDate(2026, 10, 15);
  const lines = original.lines.map((l, i) => (i === 0 ? { ...l, count: Math.max(1, Number(l.count) - 16).toFixed(2) } : { ...l }));
  const totals = sumAmounts(lines.map((l) => itemAmounts(l)));
  const before = original.row;
  const author = rng.pick(accountants);
  const createdAt = at(issue, 10, 12);
  const difference = totals.grossAmount.sub(before.grossAmount as Prisma.Decimal);
  const row: RowOf<"invoice"> = {
    ...before,
    id: demoIds.correctionInvoiceId,
    ksefStatus: 200,
    ksefStatusDescription: "Faktura przyjęta w KSeF",
    ksefMarker: "NrKSeF",
    no: null,
    docTitle: "Faktura korygująca",
    saleDate: before.saleDate,
    issueDate: issue,
    deadlineDate: addDays(issue, 14),
    invoiceType: "Kor",
    // The totals state the invoice after correction; toPay is the difference (negative: to be refunded).
    netAmount: totals.netAmount,
    vatAmount: totals.vatAmount,
    grossAmount: totals.grossAmount,
    alreadyPaid: before.alreadyPaid,
    toPay: round2(difference),
    description:
      "Korekta ilości godzin: w rozliczeniu wrześniowym ujęto 16 godzin prac poza zakresem umowy (uzgodnione z klientem 14.10.2026).",
    posted: false,
    isDraft: false,
    fileGenerated: true,
    duplicateFileGenerated: false,
    correctedInvoiceId: before.id,
    createdById: author.id,
    updatedById: author.id,
    createdAt,
    updatedAt: laterBefore(rng, createdAt, 2),
  };
  return { row, kind: "Kor", numbering: "kor", lines, previous: original.lines.map((l) => ({ ...l })), issue };
}

/** Gives issued invoices their numbers, in issue order within each numbering and period, as createInvoice would. */
function numberInvoices(drafts: Draft[], series: Numberings): void {
  const counters = new NumberingCounters();
  const ordered = drafts
    .filter((d) => d.numbering && !d.row.isDraft)
    .sort((a, b) => a.issue.getTime() - b.issue.getTime() || (a.row.createdAt as Date).getTime() - (b.row.createdAt as Date).getTime());
  for (const d of ordered) {
    const n = series[d.numbering!];
    const given = counters.next(n, d.issue);
    d.row.numberingId = n.id;
    d.row.numberingPeriod = given.period;
    d.row.no = given.no;
  }
  // Drafts are numbered when issued, by the default numbering.
  for (const d of drafts) if (d.row.isDraft) d.row.numberingId = series.fv.id;
}

/** One counter per numbering and period, holding the last number given there. */
function countersOf(rng: Random, drafts: Draft[]): RowOf<"invoiceNumberingCounter">[] {
  const last = new Map<string, { numberingId: string; period: string; lastValue: number; updatedAt: Date }>();
  for (const d of drafts) {
    if (!d.row.numberingId || !d.row.numberingPeriod) continue;
    const key = `${d.row.numberingId}/${d.row.numberingPeriod}`;
    const current = last.get(key);
    const value = (current?.lastValue ?? 0) + 1;
    const updatedAt = d.row.createdAt as Date;
    last.set(key, {
      numberingId: d.row.numberingId,
      period: d.row.numberingPeriod,
      lastValue: value,
      updatedAt: current && current.updatedAt > updatedAt ? current.updatedAt : updatedAt,
    });
  }
  return [...last.values()].map((c) => ({ id: rng.uuid(), ...c }));
}

function itemRow(rng: Random, invoiceId: string, l: Line, order: number, isPrevious: boolean): RowOf<"invoiceItem"> {
  const a = itemAmounts(l);
  return {
    id: rng.uuid(),
    invoiceId,
    isPrevious,
    order,
    positionName: l.positionName,
    unit: l.unit,
    count: new Prisma.Decimal(l.count),
    priceUnit: new Prisma.Decimal(l.priceUnit),
    tax: l.tax,
    netAmount: a.netAmount,
    vatAmount: a.vatAmount,
    grossAmount: a.grossAmount,
    gtu: l.gtu,
  };
}

/** A cost invoice booked against the project it was bought for. */
function costRow(rng: Random, d: Draft): RowOf<"invoiceCost"> {
  return {
    id: rng.uuid(),
    invoiceId: d.row.id!,
    name: d.lines[0].positionName,
    priceNet: d.row.netAmount as Prisma.Decimal,
    priceGross: d.row.grossAmount as Prisma.Decimal,
    costType: "manually",
    date: at(d.issue, 12),
  };
}

/** Income split into the milestones it pays for. */
function incomeRows(rng: Random, d: Draft): RowOf<"invoiceIncome">[] {
  const net = d.row.netAmount as Prisma.Decimal;
  const gross = d.row.grossAmount as Prisma.Decimal;
  const share = new Prisma.Decimal(rng.pick(["0.4", "0.5", "0.6"]));
  const firstNet = round2(net.mul(share));
  const firstGross = round2(gross.mul(share));
  const row = (name: string, priceNet: Prisma.Decimal, priceGross: Prisma.Decimal): RowOf<"invoiceIncome"> => ({
    id: rng.uuid(),
    invoiceId: d.row.id!,
    name,
    priceNet,
    priceGross,
    incomeType: "manually",
    date: at(d.issue, 12),
  });
  return [row("Etap: prace bieżące", firstNet, firstGross), row("Etap: odbiór częściowy", net.sub(firstNet), gross.sub(firstGross))];
}

function describe(kind: Kind, project: SeedProject | null, issue: Date): string {
  if (!project) return `Koszt ogólny biura za okres: ${monthName(issue, "pl")}.`;
  switch (kind) {
    case "cost":
      return `Koszt projektu ${project.shortCode}, zaksięgować w MPK ${project.shortCode}.`;
    case "pf":
      return `Proforma do umowy na projekt „${project.name}”. Po wpłacie wystawimy fakturę VAT.`;
    case "Zal":
      return `Zaliczka zgodnie z harmonogramem płatności projektu „${project.name}”.`;
    case "VatEur":
      return `Services for project "${project.name}". Reverse charge – VAT to be accounted for by the recipient.`;
    case "fv":
      return "Usługa kształcenia zawodowego zwolniona z VAT na podstawie art. 43 ust. 1 pkt 29 lit. c ustawy o VAT.";
    default:
      return `Rozliczenie prac w projekcie „${project.name}” za okres: ${monthName(issue, "pl")}.`;
  }
}
