import { vacationSearchText } from "./search-text";
import type { SeedContext } from "./context";
import { scaled } from "./context";
import { addDays, addMinutes, at, BASE_DATE, between, day, isoDay, laterBefore, previousWorkingDay, utcDate, workingDays } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import type { Random } from "./random";
import type { SeedUser, UsersWorld } from "./users.seed";

export type VacationStatus = "q" | "accepted" | "rejected" | "cancelled";

export interface CalendarWorld {
  /** Days (YYYY-MM-DD) each person is away on an accepted vacation: nobody reports time on those. */
  daysOff: Map<string, Set<string>>;
}

interface TypeBlueprint {
  name: string;
  decrementVacation: boolean;
  isActive: boolean;
  /** How often it is used among the seeded vacations. */
  share: number;
  days: [number, number];
  descriptions: string[];
}

const TYPES: TypeBlueprint[] = [
  {
    name: "Urlop wypoczynkowy",
    decrementVacation: true,
    isActive: true,
    share: 55,
    days: [2, 10],
    // Chosen by season below; these fit any time of the year.
    descriptions: [
      "Urlop – remont mieszkania",
      "Wesele siostry i kilka dni wolnego",
      "Odpoczynek po zakończeniu projektu",
      "City break w Lizbonie",
    ],
  },
  {
    name: "Urlop na żądanie",
    decrementVacation: true,
    isActive: true,
    share: 12,
    days: [1, 1],
    descriptions: ["Sprawy rodzinne", "Nagła sprawa urzędowa", "Awaria w domu – czekam na hydraulika"],
  },
  {
    // Only a wedding is planned ahead; the other occasions are filed when they happen.
    name: "Urlop okolicznościowy",
    decrementVacation: false,
    isActive: true,
    share: 6,
    days: [1, 2],
    descriptions: ["Ślub", "Narodziny dziecka", "Pogrzeb w rodzinie"],
  },
  {
    name: "Zwolnienie lekarskie (L4)",
    decrementVacation: false,
    isActive: true,
    share: 12,
    days: [2, 7],
    descriptions: ["Zwolnienie lekarskie – grypa", "Zwolnienie lekarskie po zabiegu", "Sick leave – flu"],
  },
  {
    name: "Opieka nad dzieckiem (art. 188 KP)",
    decrementVacation: false,
    isActive: true,
    share: 6,
    days: [1, 2],
    descriptions: ["Opieka nad dzieckiem – zamknięte przedszkole", "Opieka nad dzieckiem – wizyta u lekarza"],
  },
  {
    name: "Urlop bezpłatny",
    decrementVacation: false,
    isActive: true,
    share: 3,
    days: [5, 10],
    descriptions: ["Wyjazd wolontariacki", "Sprawy rodzinne za granicą"],
  },
  // Retired types keep their history: only 2025 vacations use them.
  {
    name: "Urlop szkoleniowy (do 2025 r.)",
    decrementVacation: false,
    isActive: false,
    share: 3,
    days: [2, 4],
    descriptions: ["Egzamin certyfikacyjny AWS", "Studia podyplomowe – sesja zimowa"],
  },
  {
    name: "Praca zdalna okazjonalna (do 2025 r.)",
    decrementVacation: false,
    isActive: false,
    share: 3,
    days: [1, 3],
    descriptions: ["Praca zdalna z Gdańska", "Praca zdalna – opieka nad rodzicem"],
  },
];

/** Holiday plans that fit the month they are taken in (index: month 0–11). */
const SEASONAL: [number[], string[]][] = [
  [
    [11, 0, 1],
    ["Ferie zimowe w Zakopanem", "Christmas with family", "Narty w Alpach"],
  ],
  [
    [2, 3],
    ["Wielkanoc u rodziny", "Wiosenny wyjazd do Toskanii"],
  ],
  [[4], ["Majówka nad morzem", "Długi weekend w Beskidach"]],
  [
    [5, 6, 7, 8],
    ["Wakacje z dziećmi", "Rowerem po Mazurach", "Wyjazd w Bieszczady", "Family holiday in Portugal", "Żagle w Chorwacji"],
  ],
  [
    [9, 10],
    ["Jesienny urlop w Tatrach", "Odpoczynek po sezonie wdrożeń"],
  ],
];

const FIRST_DAY = utcDate(2025, 1, 2);
const LAST_DAY = utcDate(2026, 12, 31);

/** Vacation types and vacation requests of 2025–2026 with their days, decisions and comments. */
export async function seedCalendar(ctx: SeedContext, users: UsersWorld): Promise<CalendarWorld> {
  const rng = ctx.rng.fork("calendar");
  const types = TYPES.map((t) => ({ ...t, id: t.name === "Urlop wypoczynkowy" ? demoIds.vacationTypeId : rng.uuid() }));
  const employees = users.users.filter((u) => !u.isExternal);
  const booked = new Map<string, Set<string>>(employees.map((u) => [u.id, new Set<string>()]));
  const daysOff = new Map<string, Set<string>>();

  const vacationRows: RowOf<"vacation">[] = [];
  const dateRows: RowOf<"vacationDate">[] = [];
  const commentRows: RowOf<"vacationComment">[] = [];

  const add = (v: {
    id: string;
    user: SeedUser;
    type: (typeof types)[number];
    dates: Date[];
    status: VacationStatus;
    description: string;
    vacationYear: number;
    issueDate: Date;
  }) => {
    const approver = approverOf(rng, v.user, users);
    const createdAt = at(v.issueDate, rng.int(8, 16), rng.int(0, 59));
    const decided = v.status === "q" ? createdAt : laterBefore(rng, addMinutes(createdAt, 30), 3);
    vacationRows.push({
      id: v.id,
      calendarUserId: v.user.id,
      vacationTypeId: v.type.id,
      status: v.status,
      description: v.description,
      searchText: vacationSearchText({ description: v.description }),
      vacationYear: v.vacationYear,
      issueDate: v.issueDate,
      firstDate: v.dates[0],
      acceptedById: v.status === "accepted" ? approver.id : null,
      rejectedById: v.status === "rejected" ? approver.id : null,
      fileGenerated: v.status === "accepted" && v.type.decrementVacation && v.dates[0] < BASE_DATE && rng.chance(0.6),
      createdAt,
      updatedAt: decided,
    });
    for (const d of v.dates) dateRows.push({ id: rng.uuid(), vacationId: v.id, date: d });
    if (v.status === "accepted") {
      const off = daysOff.get(v.user.id) ?? new Set<string>();
      v.dates.forEach((d) => off.add(isoDay(d)));
      daysOff.set(v.user.id, off);
    }
    for (const c of comments(rng, v.status, v.user, approver, users)) {
      // The requester writes while filing; the approver when deciding.
      const writtenAt = between(rng, createdAt, c.byApprover ? addMinutes(decided, 1) : addMinutes(createdAt, 120));
      commentRows.push({ id: rng.uuid(), vacationId: v.id, content: c.content, calendarUserId: c.author.id, createdAt: writtenAt });
    }
  };

  // The showcase request: the ordinary user's Christmas leave, waiting for a decision.
  const christmas = workingDays(utcDate(2026, 12, 21), 7);
  christmas.forEach((d) => booked.get(users.user.id)!.add(isoDay(d)));
  add({
    id: demoIds.vacationId,
    user: users.user,
    type: types[0],
    dates: christmas,
    status: "q",
    description: "Święta i sylwester z rodziną w Gdańsku",
    vacationYear: 2026,
    issueDate: day(-5),
  });

  const total = scaled(ctx, 150) - 1;
  const people = rng.shuffle(employees);
  for (let k = 0, attempts = 0; k < total && attempts < total * 20; attempts++) {
    // Round-robin over attempts, not successes: someone with no room left must not stall the others.
    const user = people[attempts % people.length];
    const type = rng.weighted(types.map((t) => [t, t.share] as const));
    const latest = type.isActive ? (user.canLogIn ? LAST_DAY : addDays(BASE_DATE, -200)) : utcDate(2025, 12, 19);
    const earliest = user.createdAt > FIRST_DAY ? addDays(user.createdAt, 30) : FIRST_DAY;
    if (latest <= earliest) continue;
    const span = Math.round((latest.getTime() - earliest.getTime()) / 86_400_000);
    const dates = workingDays(addDays(earliest, rng.int(0, span)), rng.int(type.days[0], type.days[1]));
    // Sick leave and on-demand leave are known only when they happen.
    if ((type.name.startsWith("Zwolnienie") || type.name === "Urlop na żądanie") && dates[0] >= BASE_DATE) continue;
    const taken = booked.get(user.id)!;
    if (dates.some((d) => taken.has(isoDay(d)) || d > LAST_DAY)) continue;
    dates.forEach((d) => taken.add(isoDay(d)));

    const first = dates[0];
    const status = statusOf(rng, type.name, first);
    let description = describe(rng, type, first);
    let vacationYear = first.getUTCFullYear();
    // Leave left over from last year is taken in the first quarter and counted against that year.
    if (type.decrementVacation && vacationYear === 2026 && first.getUTCMonth() < 3 && rng.chance(0.35)) {
      vacationYear = 2025;
      description = `Urlop zaległy za 2025 r. – ${description.charAt(0).toLowerCase()}${description.slice(1)}`;
    }
    add({ id: rng.uuid(), user, type, dates, status, description, vacationYear, issueDate: issueDateOf(rng, type.name, first) });
    k++;
  }

  await ctx.out.insert(
    "vacationType",
    types.map((t) => ({ id: t.id, name: t.name, decrementVacation: t.decrementVacation, isActive: t.isActive })),
  );
  await ctx.out.insert("vacation", vacationRows);
  await ctx.out.insert("vacationDate", dateRows);
  await ctx.out.insert("vacationComment", commentRows);
  return { daysOff };
}

function describe(rng: Random, type: TypeBlueprint, first: Date): string {
  if (type.name === "Urlop okolicznościowy" && first >= BASE_DATE) return "Ślub";
  if (type.name !== "Urlop wypoczynkowy" || rng.chance(0.3)) return rng.pick(type.descriptions);
  return rng.pick(SEASONAL.find(([months]) => months.includes(first.getUTCMonth()))![1]);
}

/** Past requests have been decided; future ones mostly wait. Sick leave and on-demand leave are never refused. */
function statusOf(rng: Random, typeName: string, first: Date): VacationStatus {
  if (typeName.startsWith("Zwolnienie") || typeName === "Urlop na żądanie") return "accepted";
  if (first < BASE_DATE)
    return rng.weighted<VacationStatus>([
      ["accepted", 80],
      ["rejected", 8],
      ["cancelled", 12],
    ]);
  return rng.weighted<VacationStatus>([
    ["q", 60],
    ["accepted", 30],
    ["rejected", 5],
    ["cancelled", 5],
  ]);
}

/** When the request was filed: sick leave is registered after it starts, on-demand leave the same day, the rest ahead. */
function issueDateOf(rng: Random, typeName: string, first: Date): Date {
  let issued: Date;
  if (typeName.startsWith("Zwolnienie")) issued = addDays(first, rng.int(0, 2));
  else if (typeName === "Urlop na żądanie") issued = first;
  else issued = addDays(first, -rng.int(3, 45));
  if (issued >= BASE_DATE) issued = addDays(BASE_DATE, -rng.int(1, 20));
  // Requests are filed on working days: the last one on or before the computed day.
  return previousWorkingDay(addDays(issued, 1));
}

/** The head of the person's first department; leaders (and people without one) go to HR, HR to the admin. */
function approverOf(rng: Random, user: SeedUser, users: UsersWorld): SeedUser {
  const leader = (users.leaders.get(user.departmentIds[0]) ?? []).find((l) => l.id !== user.id && l.canLogIn);
  if (leader) return leader;
  const hr = users.withRole("hr").filter((u) => u.id !== user.id && u.canLogIn);
  return hr.length > 0 && !user.roles.includes("hr") ? rng.pick(hr) : users.admin.id === user.id ? users.pm : users.admin;
}

const REFUSALS = [
  "Niestety w tym terminie mamy uruchomienie u klienta – proszę o inny termin.",
  "W tym tygodniu są już dwie nieobecności w zespole, proszę przesunąć o tydzień.",
];
const APPROVALS = ["Akceptuję, udanego wypoczynku!", "OK, proszę tylko o przekazanie zadań przed wyjazdem.", "Approved, enjoy!"];

function comments(rng: Random, status: VacationStatus, user: SeedUser, approver: SeedUser, users: UsersWorld) {
  const out: { content: string; author: SeedUser; byApprover: boolean }[] = [];
  if (rng.chance(0.25)) {
    const standIn = rng.pick(users.staff.filter((u) => u.id !== user.id));
    const notes = [
      `Zastępstwo: ${standIn.firstName} ${standIn.lastName}.`,
      "W pilnych sprawach jestem pod telefonem.",
      "Bieżące zadania przekazane na tablicy projektu.",
    ];
    out.push({ content: rng.pick(notes), author: user, byApprover: false });
  }
  if (status === "rejected") {
    out.push({ content: rng.pick(REFUSALS), author: approver, byApprover: true });
  } else if (status === "accepted" && rng.chance(0.3)) {
    out.push({ content: rng.pick(APPROVALS), author: approver, byApprover: true });
  } else if (status === "cancelled") {
    out.push({ content: "Anuluję – zmiana planów, złożę wniosek na inny termin.", author: user, byApprover: false });
  }
  return out;
}
