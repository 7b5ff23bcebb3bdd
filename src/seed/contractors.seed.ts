import type { SeedContext } from "./context";
import { COMPANY, nipWithChecksum, phoneNumber, randomNip } from "./company";
import { day, addDays, at } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import { CustomFieldValues, type CustomFieldsWorld } from "./custom-fields.seed";
import type { UsersWorld } from "./users.seed";

/** Clients buy our projects; suppliers are subcontractors whose people work in our projects. */
export type ContractorRole = "client" | "supplier";

export interface SeedContractor {
  id: string;
  key: string;
  name: string;
  fullName: string;
  shortCode: string;
  domain: string;
  role: ContractorRole;
  street: string;
  zipCode: string;
  city: string;
  countryCode: string;
  vatId: string;
  identifierType: string;
  accountingEmail: string;
  isJst: boolean;
  isGv: boolean;
  segment: string;
}

export interface ContractorsWorld {
  contractors: SeedContractor[];
  clients: SeedContractor[];
  suppliers: SeedContractor[];
  byKey: Map<string, SeedContractor>;
  /** Tags are shared by contractors and projects. */
  tags: { id: string; name: string }[];
  tagByName: Map<string, string>;
}

interface Blueprint
  extends
    Pick<SeedContractor, "key" | "name" | "fullName" | "shortCode" | "domain" | "role" | "street" | "zipCode" | "city" | "segment">,
    Partial<Pick<SeedContractor, "countryCode" | "isJst" | "isGv">> {
  /** Nine digits for a Polish NIP (the check digit is computed), or a full foreign VAT id. */
  nip?: string;
  euVatId?: string;
  branches: string[];
  tags: string[];
}

const BLUEPRINTS: Blueprint[] = [
  {
    key: "nordmet",
    name: "Nordmet",
    fullName: "Nordmet S.A.",
    shortCode: "NORDMET",
    domain: "nordmet.pl",
    role: "client",
    street: "ul. Marynarki Polskiej 163",
    zipCode: "80-868",
    city: "Gdańsk",
    nip: "583201774",
    segment: "Enterprise",
    branches: ["Produkcja przemysłowa", "Transport i logistyka"],
    tags: ["strategiczny", "enterprise", "SLA 24h"],
  },
  {
    key: "poltrans",
    name: "Pol-Trans Logistyka",
    fullName: "Pol-Trans Logistyka Sp. z o.o.",
    shortCode: "POLTRANS",
    domain: "pol-trans.com.pl",
    role: "client",
    street: "ul. Głogowska 248",
    zipCode: "60-104",
    city: "Poznań",
    nip: "779245331",
    segment: "Mid-market",
    branches: ["Transport i logistyka"],
    tags: ["mobile", "time & material"],
  },
  {
    key: "wislica",
    name: "Gmina Wiślica",
    fullName: "Gmina Wiślica",
    shortCode: "GWISLICA",
    domain: "wislica.pl",
    role: "client",
    street: "ul. Okopowa 6",
    zipCode: "28-160",
    city: "Wiślica",
    nip: "655187640",
    isJst: true,
    segment: "Sektor publiczny",
    branches: ["Administracja publiczna"],
    tags: ["sektor publiczny", "fixed price"],
  },
  {
    key: "zielony",
    name: "Zielony Ogród",
    fullName: "Zielony Ogród s.c. Anna i Marek Lis",
    shortCode: "ZIELONY",
    domain: "zielonyogrod.pl",
    role: "client",
    street: "ul. Krakowska 41",
    zipCode: "50-424",
    city: "Wrocław",
    nip: "899273615",
    segment: "SMB",
    branches: ["Handel detaliczny i e-commerce"],
    tags: ["e-commerce", "time & material"],
  },
  {
    key: "mediq",
    name: "Mediq Polska",
    fullName: "Mediq Polska Sp. z o.o.",
    shortCode: "MEDIQ",
    domain: "mediq.pl",
    role: "client",
    street: "al. Jerozolimskie 181",
    zipCode: "02-222",
    city: "Warszawa",
    nip: "526304187",
    segment: "Enterprise",
    branches: ["Ochrona zdrowia"],
    tags: ["SLA 24h", "enterprise", "utrzymanie"],
  },
  {
    key: "bluewave",
    name: "BlueWave Analytics",
    fullName: "BlueWave Analytics Ltd",
    shortCode: "BLUEWAVE",
    domain: "bluewave-analytics.ie",
    role: "client",
    street: "25 Fenian Street",
    zipCode: "D02 XK51",
    city: "Dublin",
    countryCode: "IE",
    euVatId: "IE6388047V",
    segment: "Mid-market",
    branches: ["Analityka danych"],
    tags: ["time & material", "R&D"],
  },
  {
    key: "meblotex",
    name: "Meblotex",
    fullName: "Meblotex S.A. (Grupa VAT Meblotex)",
    shortCode: "MEBLOTEX",
    domain: "meblotex.pl",
    role: "client",
    street: "ul. Przemysłowa 12",
    zipCode: "64-100",
    city: "Leszno",
    nip: "697229410",
    isGv: true,
    segment: "Enterprise",
    branches: ["Meblarstwo", "Produkcja przemysłowa"],
    tags: ["e-commerce", "strategiczny"],
  },
  {
    key: "otwarta",
    name: "Fundacja Otwarta Szkoła",
    fullName: "Fundacja Otwarta Szkoła",
    shortCode: "OTWSZK",
    domain: "otwartaszkola.org.pl",
    role: "client",
    street: "ul. Piotrkowska 120",
    zipCode: "90-006",
    city: "Łódź",
    nip: "725198342",
    segment: "SMB",
    branches: ["Edukacja i organizacje pozarządowe"],
    tags: ["fixed price"],
  },
  {
    key: "devforge",
    name: "DevForge",
    fullName: "DevForge Sp. z o.o.",
    shortCode: "DEVFORGE",
    domain: "devforge.io",
    role: "supplier",
    street: "ul. Gdańska 2",
    zipCode: "85-005",
    city: "Bydgoszcz",
    nip: "554281963",
    segment: "SMB",
    branches: ["Usługi IT"],
    tags: ["podwykonawca"],
  },
  {
    key: "pixelpeak",
    name: "PixelPeak Studio",
    fullName: "PixelPeak Studio Jan Wrona",
    shortCode: "PIXELPEAK",
    domain: "pixelpeak.studio",
    role: "supplier",
    street: "ul. Mariacka 9",
    zipCode: "40-014",
    city: "Katowice",
    nip: "634275018",
    segment: "SMB",
    branches: ["Agencje kreatywne"],
    tags: ["podwykonawca"],
  },
];

const TAG_NAMES = [
  "strategiczny",
  "enterprise",
  "sektor publiczny",
  "SLA 24h",
  "utrzymanie",
  "fixed price",
  "time & material",
  "mobile",
  "e-commerce",
  "R&D",
  "wewnętrzny",
  "podwykonawca",
  "integracje",
  "KSeF",
];

/** Contractors, industry branches and tags: written before users, because external users belong to contractors. */
export async function seedContractors(ctx: SeedContext): Promise<ContractorsWorld> {
  const rng = ctx.rng.fork("contractors");

  const branchNames = [...new Set(BLUEPRINTS.flatMap((b) => b.branches))];
  const branches = branchNames.map((name) => ({ id: rng.uuid(), name }));
  const branchByName = new Map(branches.map((b) => [b.name, b.id]));
  const tags = TAG_NAMES.map((name) => ({ id: rng.uuid(), name }));
  const tagByName = new Map(tags.map((t) => [t.name, t.id]));

  const contractors: SeedContractor[] = BLUEPRINTS.map((b) => ({
    id: b.key === "nordmet" ? demoIds.contractorId : rng.uuid(),
    key: b.key,
    name: b.name,
    fullName: b.fullName,
    shortCode: b.shortCode,
    domain: b.domain,
    role: b.role,
    street: b.street,
    zipCode: b.zipCode,
    city: b.city,
    countryCode: b.countryCode ?? "PL",
    vatId: b.euVatId ?? (b.nip ? safeNip(b.nip) : randomNip(rng)),
    identifierType: b.euVatId ? "vat_eu" : "nip",
    accountingEmail: `faktury@${b.domain}`,
    isJst: b.isJst ?? false,
    isGv: b.isGv ?? false,
    segment: b.segment,
  }));

  const rows: RowOf<"contractor">[] = contractors.map((c, i) => ({
    id: c.id,
    name: c.name,
    fullName: c.fullName,
    shortCode: c.shortCode,
    email: c.role === "supplier" ? `kontakt@${c.domain}` : `biuro@${c.domain}`,
    phoneNumber: phoneNumber(rng),
    pictureSm: `${COMPANY.cdnUrl}/contractors/${c.shortCode.toLowerCase()}-64.png`,
    pictureLg: `${COMPANY.cdnUrl}/contractors/${c.shortCode.toLowerCase()}-256.png`,
    defaultLocation: `${c.street}, ${c.zipCode} ${c.city}`,
    vatId: c.vatId,
    identifierType: c.identifierType,
    street: c.street,
    zipCode: c.zipCode,
    city: c.city,
    countryCode: c.countryCode,
    accountingEmail: c.accountingEmail,
    isJst: c.isJst,
    isGv: c.isGv,
    // The oldest clients first: contractors were registered over the two years before the base date.
    createdAt: at(addDays(day(-720), i * 61 + rng.int(0, 20)), rng.int(8, 16), rng.int(0, 59)),
  }));

  await ctx.out.insert("industryBranch", branches);
  await ctx.out.insert("tag", tags);
  await ctx.out.insert("contractor", rows);
  await ctx.out.insert(
    "contractorIndustryBranch",
    BLUEPRINTS.flatMap((b, i) =>
      b.branches.map((name) => ({ id: rng.uuid(), contractorId: contractors[i].id, industryBranchId: branchByName.get(name)! })),
    ),
  );
  await ctx.out.insert(
    "contractorTag",
    BLUEPRINTS.flatMap((b, i) => b.tags.map((name) => ({ id: rng.uuid(), contractorId: contractors[i].id, tagId: tagByName.get(name)! }))),
  );

  return {
    contractors,
    clients: contractors.filter((c) => c.role === "client"),
    suppliers: contractors.filter((c) => c.role === "supplier"),
    byKey: new Map(contractors.map((c) => [c.key, c])),
    tags,
    tagByName,
  };
}

/** What needs people: each contractor's attendants (our account owners) and its custom field values. */
export async function seedContractorRelations(
  ctx: SeedContext,
  world: ContractorsWorld,
  users: UsersWorld,
  fields: CustomFieldsWorld,
): Promise<void> {
  const rng = ctx.rng.fork("contractor-relations");
  const sales = users.inTeam("sales").filter((u) => u.canLogIn);
  const pms = users.withRole("pm");
  const attendants: RowOf<"contractorAttendant">[] = [];
  const values = new CustomFieldValues(fields, rng);

  for (const c of world.contractors) {
    // Clients are looked after by sales and a PM; subcontractors by the PMs who order their work.
    const owners = c.role === "client" ? [rng.pick(sales), rng.pick(pms)] : rng.sample(pms, 2);
    if (c.id === demoIds.contractorId) owners.splice(1, 1, users.pm);
    const unique = [...new Map(owners.map((u) => [u.id, u])).values()];
    for (const u of unique) attendants.push({ id: rng.uuid(), contractorId: c.id, userId: u.id });

    const owner = { contractorId: c.id };
    values.set(owner, "Segment klienta", { options: [c.segment] });
    values.set(owner, "Kod w systemie ERP", { text: `KH-${String(rng.int(100, 9999)).padStart(5, "0")}` });
    values.set(owner, "Dział obsługujący", {
      departmentId: users.departmentByKey.get(c.role === "client" ? "sales" : "pmo")!.id,
    });
    if (c.role === "client") values.set(owner, "Opiekun handlowy", { userIds: unique.filter((u) => u.team === "sales").map((u) => u.id) });
    if (c.role === "client" && !c.isJst) values.set(owner, "Limit kredytowy", { float: 10_000 * rng.int(2, 40) });
    if (rng.chance(0.7) || c.id === demoIds.contractorId) {
      values.set(owner, "Data ostatniego audytu", { dateTime: at(day(-rng.int(20, 400)), 12) });
    }
  }

  await ctx.out.insert("contractorAttendant", attendants);
  await values.write(ctx);
}

/** A few hand-picked prefixes have no valid check digit; the next prefix up always has one. */
function safeNip(nineDigits: string): string {
  try {
    return nipWithChecksum(nineDigits);
  } catch {
    return nipWithChecksum(String(Number(nineDigits) + 1).padStart(9, "0"));
  }
}
