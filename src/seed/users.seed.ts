import { Prisma } from "../db/client";
import { hashToken } from "../auth/tokens";
import { userSearchText } from "./search-text";
import type { SeedContext } from "./context";
import { scaled } from "./context";
import { COMPANY, DECORATORS, phoneNumber } from "./company";
import { addDays, at, BASE_DATE, between, day, laterBefore, minDate, utcDate } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import { drawName, type Gender } from "./people";
import type { Random } from "./random";
import { emailLocalPart, stripDiacritics } from "./text";

/** What a person does; drives their departments, roles, rates and what they work on. */
export type Team = "management" | "dev" | "design" | "pmo" | "finance" | "hr" | "sales" | "external";

export type DepartmentKey = "dev" | "design" | "pmo" | "finance" | "sales";

export interface SeedUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  shortCode: string;
  gender: Gender;
  team: Team;
  position: string;
  roles: string[];
  departmentIds: string[];
  isExternal: boolean;
  canLogIn: boolean;
  contractorId: string | null;
  hoursPerWorkDay: number;
  hourlyRate: number | null;
  createdAt: Date;
}

export interface Department {
  id: string;
  key: DepartmentKey;
  name: string;
}

export interface UsersWorld {
  users: SeedUser[];
  admin: SeedUser;
  /** The ordinary showcase user (demo-ids `userId`). */
  user: SeedUser;
  /** The showcase project manager (demo-ids `pmUserId`). */
  pm: SeedUser;
  departments: Department[];
  departmentByKey: Map<DepartmentKey, Department>;
  /** Leaders by department id. */
  leaders: Map<string, SeedUser[]>;
  byId: Map<string, SeedUser>;
  /** Everyone with a given role (`pm`, `finance`, `hr`...). */
  withRole(role: string): SeedUser[];
  inTeam(...teams: Team[]): SeedUser[];
  /** Employees (not external) who can log in: they report time, take vacations, chat. */
  staff: SeedUser[];
}

/** One position in the organisation chart; the roster is repeated (with new names) as the scale grows. */
interface Slot {
  team: Team;
  departments: DepartmentKey[];
  position: string;
  roles?: string[];
  leader?: boolean;
  /** A former employee or a client contact without an account. */
  cannotLogIn?: boolean;
  /** Accounts that must sign in interactively (policy of their department or contractor). */
  noApiTokens?: boolean;
  sso?: "microsoft" | "microsoft-unlinked" | "google";
  contractor?: string;
  hoursPerWorkDay?: number;
  rate?: number;
}

const DEPARTMENTS: { key: DepartmentKey; name: string }[] = [
  { key: "dev", name: "Rozwój oprogramowania" },
  { key: "design", name: "UX/UI Design" },
  { key: "pmo", name: "Biuro projektów (PMO)" },
  { key: "finance", name: "Finanse i administracja" },
  { key: "sales", name: "Sprzedaż i marketing" },
];

/** 37 positions; with the three showcase people that makes the ~40 users of scale 1. */
const ROSTER: Slot[] = [
  { team: "dev", departments: ["dev"], position: "Architekt oprogramowania", leader: true, sso: "microsoft", rate: 240 },
  { team: "dev", departments: ["dev"], position: "Senior Developer", sso: "microsoft-unlinked", rate: 190 },
  { team: "dev", departments: ["dev"], position: "Senior Developer", rate: 190 },
  { team: "dev", departments: ["dev"], position: "Senior Developer", rate: 185 },
  { team: "dev", departments: ["dev"], position: "Developer", rate: 140 },
  { team: "dev", departments: ["dev"], position: "Developer", rate: 145 },
  { team: "dev", departments: ["dev"], position: "Developer", cannotLogIn: true, rate: 135 },
  { team: "dev", departments: ["dev"], position: "Developer", noApiTokens: true, rate: 140 },
  { team: "dev", departments: ["dev"], position: "Developer", rate: 150 },
  { team: "dev", departments: ["dev"], position: "Junior Developer", hoursPerWorkDay: 4, rate: 80 },
  { team: "dev", departments: ["dev", "pmo"], position: "QA Engineer", rate: 120 },
  { team: "dev", departments: ["dev"], position: "QA Engineer", rate: 115 },
  { team: "dev", departments: ["dev"], position: "DevOps Engineer", rate: 180 },
  { team: "design", departments: ["design", "sales"], position: "Head of Design", leader: true, sso: "microsoft", rate: 200 },
  { team: "design", departments: ["design"], position: "UX Designer", rate: 150 },
  { team: "design", departments: ["design"], position: "UX Designer", rate: 145 },
  { team: "design", departments: ["design"], position: "UI Designer", rate: 140 },
  { team: "pmo", departments: ["pmo"], position: "Project Manager", roles: ["pm"], sso: "microsoft", rate: 170 },
  { team: "pmo", departments: ["pmo"], position: "Project Manager", roles: ["pm"], rate: 165 },
  { team: "pmo", departments: ["pmo"], position: "Project Manager", roles: ["pm"], rate: 170 },
  { team: "pmo", departments: ["pmo"], position: "Project Manager", roles: ["pm"], rate: 160 },
  { team: "pmo", departments: ["pmo", "dev"], position: "Analityk biznesowy", rate: 150 },
  { team: "finance", departments: ["finance"], position: "Kontroler finansowy", roles: ["finance"], leader: true, sso: "microsoft" },
  { team: "finance", departments: ["finance"], position: "Specjalista ds. księgowości", roles: ["finance"] },
  {
    team: "finance",
    departments: ["finance"],
    position: "Specjalista ds. księgowości",
    roles: ["finance"],
    noApiTokens: true,
    hoursPerWorkDay: 6,
  },
  { team: "hr", departments: ["finance"], position: "Specjalista ds. kadr i płac", roles: ["hr"] },
  { team: "hr", departments: ["finance"], position: "Specjalista ds. kadr i płac", roles: ["hr"], noApiTokens: true },
  { team: "finance", departments: ["finance"], position: "Office Manager" },
  { team: "sales", departments: ["sales"], position: "Dyrektor sprzedaży", leader: true, sso: "microsoft", rate: 180 },
  { team: "sales", departments: ["sales"], position: "Account Manager", rate: 130 },
  { team: "sales", departments: ["sales"], position: "Account Manager", rate: 130 },
  { team: "sales", departments: ["sales"], position: "Specjalista ds. marketingu", cannotLogIn: true },
  { team: "external", departments: [], position: "Senior Developer", contractor: "devforge", sso: "google", rate: 160 },
  { team: "external", departments: [], position: "Developer", contractor: "devforge", sso: "google", rate: 130 },
  { team: "external", departments: [], position: "UI Designer", contractor: "pixelpeak", noApiTokens: true, rate: 145 },
  { team: "external", departments: [], position: "Kierownik projektu po stronie klienta", contractor: "nordmet" },
  { team: "external", departments: [], position: "Koordynator IT po stronie klienta", contractor: "mediq", cannotLogIn: true },
];

interface Showcase extends Slot {
  id: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  email: string;
  createdAt: Date;
}

const SHOWCASE: Showcase[] = [
  {
    id: demoIds.adminUserId,
    firstName: "Marta",
    lastName: "Zielińska",
    gender: "f",
    email: demoIds.adminEmail,
    team: "management",
    departments: ["pmo", "finance"],
    position: "Dyrektor operacyjny (COO)",
    roles: ["admin"],
    sso: "microsoft",
    createdAt: utcDate(2021, 3, 1),
  },
  {
    id: demoIds.userId,
    firstName: "Piotr",
    lastName: "Wiśniewski",
    gender: "m",
    email: demoIds.userEmail,
    team: "dev",
    departments: ["dev"],
    position: "Developer",
    rate: 145,
    createdAt: utcDate(2023, 9, 4),
  },
  {
    id: demoIds.pmUserId,
    firstName: "Katarzyna",
    lastName: "Wójcik",
    gender: "f",
    email: "katarzyna.wojcik@kompas-software.pl",
    team: "pmo",
    departments: ["pmo"],
    position: "Senior Project Manager",
    roles: ["pm"],
    leader: true,
    sso: "microsoft",
    rate: 190,
    createdAt: utcDate(2022, 1, 10),
  },
];

const SSO_PROVIDERS = {
  microsoft: { tenantName: "kompas-software.onmicrosoft.com", type: "microsoft" },
  google: { tenantName: "devforge.io", type: "google" },
} as const;

/** Job positions, departments, SSO providers, users with their roles, departments and SSO links. */
/** What the users need of the contractors seeded before them (their external staff's employers). */
interface ContractorsByKey {
  byKey: ReadonlyMap<string, { id: string; domain: string }>;
}

export async function seedUsers(ctx: SeedContext, contractors: ContractorsByKey): Promise<UsersWorld> {
  const rng = ctx.rng.fork("users");

  const departments: Department[] = DEPARTMENTS.map((d) => ({
    ...d,
    id: d.key === "dev" ? demoIds.departmentId : rng.uuid(),
  }));
  const departmentByKey = new Map(departments.map((d) => [d.key, d]));

  const slots: (Slot | Showcase)[] = [...SHOWCASE];
  // At least the whole roster: every area relies on someone holding each position.
  const rosterSize = Math.max(ROSTER.length, scaled(ctx, ROSTER.length));
  for (let i = 0; i < rosterSize; i++) slots.push(ROSTER[i % ROSTER.length]);

  const positions = [...new Set(slots.map((s) => s.position))].map((name) => ({ id: rng.uuid(), name }));
  const positionId = new Map(positions.map((p) => [p.name, p.id]));

  const ssoProviders = {
    microsoft: { id: rng.uuid(), tenantId: rng.uuid(), ...SSO_PROVIDERS.microsoft },
    // Google Workspace identifies a tenant by its customer id, not by a UUID.
    google: { id: rng.uuid(), tenantId: `C0${rng.token(6).replace(/[-_]/g, "x")}`, ...SSO_PROVIDERS.google },
  };

  const takenNames = new Set(SHOWCASE.map((s) => `${s.firstName} ${s.lastName}`));
  const takenEmails = new Set(SHOWCASE.map((s) => s.email));
  const takenCodes = new Set<string>();

  const users: SeedUser[] = [];
  const userRows: RowOf<"user">[] = [];
  const roleRows: RowOf<"userRole">[] = [];
  const departmentRows: RowOf<"userDepartment">[] = [];
  const ssoRows: RowOf<"userSsoProvider">[] = [];

  for (const slot of slots) {
    const showcase = "id" in slot ? slot : undefined;
    const name = showcase ?? drawName(rng, takenNames, slot.team === "external" ? 0 : 0.12);
    const contractor = slot.contractor ? contractors.byKey.get(slot.contractor)! : undefined;
    const email = showcase?.email ?? uniqueEmail(name.firstName, name.lastName, contractor?.domain ?? COMPANY.domain, takenEmails);
    const shortCode = uniqueShortCode(name.firstName, name.lastName, takenCodes);
    const createdAt = showcase?.createdAt ?? at(day(contractor ? -rng.int(60, 500) : -rng.int(45, 1900)), rng.int(7, 10), rng.int(0, 59));
    const canLogIn = !slot.cannotLogIn;
    const isUsingMobile = canLogIn && (slot.team === "sales" || rng.chance(0.3));
    const roles = ["user", ...(slot.roles ?? [])];
    const hourlyRate = slot.rate === undefined ? null : slot.rate + 5 * rng.int(-2, 2);

    const user: SeedUser = {
      id: showcase?.id ?? rng.uuid(),
      firstName: name.firstName,
      lastName: name.lastName,
      email,
      shortCode,
      gender: name.gender,
      team: slot.team,
      position: slot.position,
      roles,
      departmentIds: slot.departments.map((k) => departmentByKey.get(k)!.id),
      isExternal: slot.team === "external",
      canLogIn,
      contractorId: contractor?.id ?? null,
      hoursPerWorkDay: slot.hoursPerWorkDay ?? 8,
      hourlyRate,
      createdAt,
    };
    users.push(user);

    userRows.push({
      id: user.id,
      email,
      firstName: user.firstName,
      lastName: user.lastName,
      shortCode,
      phoneNumber: phoneNumber(rng),
      pictureSm: `${COMPANY.cdnUrl}/avatars/${shortCode.toLowerCase()}-64.jpg`,
      pictureLg: `${COMPANY.cdnUrl}/avatars/${shortCode.toLowerCase()}-256.jpg`,
      jobPositionId: positionId.get(slot.position)!,
      contractorId: user.contractorId,
      canLogIn,
      allowApiTokenAuthentication: !slot.noApiTokens,
      isExternal: user.isExternal,
      isUsingMobile,
      twoFactorAuth: showcase?.id === demoIds.adminUserId || !!slot.leader || rng.chance(0.15),
      lastActivity: lastActivity(rng, canLogIn, createdAt),
      lastActivityMobile: isUsingMobile ? between(rng, day(-6), BASE_DATE) : null,
      hoursPerWorkDay: new Prisma.Decimal(user.hoursPerWorkDay),
      tasksPerWorkday: user.team === "dev" || user.team === "design" || user.isExternal ? rng.int(3, 6) : rng.int(1, 4),
      decorator: rng.pick(DECORATORS),
      hourlyRate: hourlyRate === null ? null : new Prisma.Decimal(hourlyRate),
      searchText: userSearchText({ firstName: user.firstName, lastName: user.lastName, email, shortCode }),
      createdAt,
      updatedAt: laterBefore(rng, createdAt, 900),
    });

    for (const role of roles) roleRows.push({ id: rng.uuid(), userId: user.id, role });
    slot.departments.forEach((key, i) =>
      departmentRows.push({
        id: rng.uuid(),
        userId: user.id,
        departmentId: departmentByKey.get(key)!.id,
        // A leader leads their first department; further ones they only belong to.
        isLeader: !!slot.leader && i === 0,
      }),
    );
    if (slot.sso) {
      const provider = slot.sso === "google" ? ssoProviders.google : ssoProviders.microsoft;
      ssoRows.push({ id: rng.uuid(), userId: user.id, ssoProviderId: provider.id, isUserLinked: slot.sso !== "microsoft-unlinked" });
    }
  }

  await ctx.out.insert("jobPosition", positions);
  await ctx.out.insert(
    "department",
    departments.map(({ id, name }) => ({ id, name })),
  );
  await ctx.out.insert("ssoProvider", Object.values(ssoProviders));
  await ctx.out.insert("user", userRows);
  await ctx.out.insert("userRole", roleRows);
  await ctx.out.insert("userDepartment", departmentRows);
  await ctx.out.insert("userSsoProvider", ssoRows);

  const byId = new Map(users.map((u) => [u.id, u]));
  const leaders = new Map<string, SeedUser[]>();
  for (const row of departmentRows) {
    if (row.isLeader) leaders.set(row.departmentId, [...(leaders.get(row.departmentId) ?? []), byId.get(row.userId)!]);
  }
  return {
    users,
    admin: byId.get(demoIds.adminUserId)!,
    user: byId.get(demoIds.userId)!,
    pm: byId.get(demoIds.pmUserId)!,
    departments,
    departmentByKey,
    leaders,
    byId,
    withRole: (role) => users.filter((u) => u.roles.includes(role)),
    inTeam: (...teams) => users.filter((u) => teams.includes(u.team)),
    staff: users.filter((u) => !u.isExternal && u.canLogIn),
  };
}

/** The admin's API token: only its hash is stored; the token itself is returned once. */
export async function seedAdminToken(ctx: SeedContext, users: UsersWorld, token: string): Promise<void> {
  await ctx.out.insert("apiToken", [
    {
      id: ctx.rng.fork("api-token").uuid(),
      userId: users.admin.id,
      name: "Demo data: administrator",
      tokenHash: hashToken(token),
      createdAt: BASE_DATE,
    },
  ]);
}

const SHORTCUTS: { name: string; viewUrl: string; isOpenedInNewTab: boolean }[] = [
  { name: "Moje zadania", viewUrl: "/project/tasks?assigned=me", isOpenedInNewTab: false },
  { name: "Gantt – MES Nordmet", viewUrl: `/project/projects/${demoIds.projectId}/gantt`, isOpenedInNewTab: false },
  { name: "Kalendarz urlopów", viewUrl: "/calendar/vacations", isOpenedInNewTab: false },
  { name: "Karta czasu pracy", viewUrl: "/project/reported-times/timesheet", isOpenedInNewTab: false },
  { name: "Faktury – bieżący miesiąc", viewUrl: "/finance/invoices?issueDate=current-month", isOpenedInNewTab: false },
  { name: "Notatki CRM", viewUrl: "/crm/notes?status=open", isOpenedInNewTab: false },
  { name: "Czat – MES Nordmet", viewUrl: `/chat/chat-topics/${demoIds.chatTopicId}`, isOpenedInNewTab: false },
  { name: "Dokumentacja API", viewUrl: "https://docs.kompas-software.pl/api", isOpenedInNewTab: true },
  { name: "Status usług", viewUrl: "https://status.kompas-software.pl", isOpenedInNewTab: true },
  { name: "Zgłoś urlop", viewUrl: "/calendar/vacations/new", isOpenedInNewTab: false },
];

/** Sidebar shortcuts of the showcase people and of a few others, weighted 1..n per user. */
export async function seedShortcuts(ctx: SeedContext, users: UsersWorld): Promise<void> {
  const rng = ctx.rng.fork("shortcuts");
  const owners = [
    users.admin,
    users.user,
    users.pm,
    ...rng.sample(
      users.staff.filter((u) => !SHOWCASE.some((s) => s.id === u.id)),
      6,
    ),
  ];
  const rows: RowOf<"shortcut">[] = [];
  for (const owner of owners) {
    const picked = rng.sample(SHORTCUTS, rng.int(2, 5));
    picked.forEach((s, i) =>
      rows.push({
        id: rng.uuid(),
        userId: owner.id,
        weight: i + 1,
        ...s,
        createdAt: at(addDays(BASE_DATE, -rng.int(3, 200)), rng.int(8, 17), rng.int(0, 59)),
      }),
    );
  }
  await ctx.out.insert("shortcut", rows);
}

/** Recently for people who work here; long ago for accounts that were switched off. */
function lastActivity(rng: Random, canLogIn: boolean, createdAt: Date): Date | null {
  if (!canLogIn) return rng.chance(0.5) ? between(rng, addDays(createdAt, 30), minDate(addDays(createdAt, 200), BASE_DATE)) : null;
  return between(rng, day(-9), BASE_DATE);
}

function uniqueEmail(firstName: string, lastName: string, domain: string, taken: Set<string>): string {
  const local = emailLocalPart(firstName, lastName);
  for (let n = 1; ; n++) {
    const email = `${local}${n === 1 ? "" : n}@${domain}`;
    if (!taken.has(email)) {
      taken.add(email);
      return email;
    }
  }
}

/** Three letters as the team writes them (Piotr Wiśniewski: PWI), varied, then numbered, on clashes. */
function uniqueShortCode(firstName: string, lastName: string, taken: Set<string>): string {
  const f = stripDiacritics(firstName)
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  const l = stripDiacritics(lastName)
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  const candidates = [f[0] + l.slice(0, 2), f[0] + l[0] + l[l.length - 1], f.slice(0, 2) + l[0], f[0] + l[0] + l[2]];
  for (const c of candidates) {
    if (c.length === 3 && !taken.has(c)) {
      taken.add(c);
      return c;
    }
  }
  for (let n = 2; ; n++) {
    const c = `${f[0]}${l.slice(0, 2)}${n}`;
    if (!taken.has(c)) {
      taken.add(c);
      return c;
    }
  }
}
