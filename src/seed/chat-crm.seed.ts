import type { SeedContext } from "./context";
import { scaled } from "./context";
import type { ContractorsWorld } from "./contractors.seed";
import { addDays, at, BASE_DATE, day, isWorkingDay, laterBefore } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import type { ProjectsWorld } from "./projects.seed";
import type { Random } from "./random";
import type { SeedUser, UsersWorld } from "./users.seed";

interface TopicBlueprint {
  id?: string;
  name: string;
  owner: (users: UsersWorld) => SeedUser;
  members: (users: UsersWorld, projects: ProjectsWorld, rng: Random) => SeedUser[];
  messages: number;
  lines: string[];
}

const byPosition = (users: UsersWorld, position: string) => users.users.find((u) => u.position === position && u.canLogIn)!;

const TOPICS: TopicBlueprint[] = [
  {
    id: demoIds.chatTopicId,
    name: "Wdrożenie MES – Nordmet",
    owner: (u) => u.pm,
    members: (u, p) => [...p.byId.get(demoIds.projectId)!.team.filter((x) => x.canLogIn), u.admin],
    messages: 24,
    lines: [
      "Dzień dobry, wrzucam agendę jutrzejszego warsztatu z Nordmet do plików projektu.",
      "Import IDoc przechodzi na danych z hali B 🎉",
      "Czy ktoś ma dostęp do środowiska QAS klienta? Moje konto wygasło.",
      "Nordmet przesunął demo na czwartek 10:00.",
      "Build na UAT zielony, można testować.",
      "Przypominam o uzupełnieniu raportu godzin do piątku.",
      "Klient pyta o eksport do Excela z widoku tygodniowego – dopisuję do backlogu.",
      "Mam problem z certyfikatem do SAP, ktoś pomoże?",
      "Rozwiązane: trzeba było dodać CA klienta do truststore.",
      "Sprint review w piątek o 14:00, zapraszam wszystkich.",
      "Performance test results are in the shared folder.",
      "Harmonogram tygodniowy wygląda świetnie, tylko walidacja kolizji do poprawy.",
      "Kierownik hali B potwierdził zasady przezbrojeń – notatka w zadaniu.",
      "Jutro pracuję zdalnie, jestem na czacie.",
    ],
  },
  {
    name: "Ogólny",
    owner: (u) => u.admin,
    members: (u) => u.staff,
    messages: 18,
    lines: [
      "W piątek o 16:00 pizza z okazji zakończenia kwartału 🍕",
      "Przypominam: od poniedziałku nowe zasady rezerwacji sal – wszystko przez intranet.",
      "Ktoś zostawił ładowarkę do MacBooka w sali Wisła.",
      "Welcome to our new colleagues who joined this month!",
      "Serwis klimatyzacji w środę między 9 a 12.",
      "Zbieramy zgłoszenia na szkolenie z Azure – lista w pliku na Teams.",
      "Biuro 11 listopada zamknięte.",
      "Nowe kubki firmowe są w kuchni ☕",
    ],
  },
  {
    name: "Wydanie 2.4 – koordynacja",
    owner: (u) => byPosition(u, "Architekt oprogramowania"),
    members: (u) => u.staff.filter((x) => x.team === "dev" || x.team === "pmo"),
    messages: 14,
    lines: [
      "Code freeze w czwartek o 12:00.",
      "Release notes draft is ready for review.",
      "Migracja bazy przetestowana na kopii produkcji, czas 4 min.",
      "Jeden test e2e niestabilny, wyłączam go do czasu poprawki.",
      "Tag v2.4.0 założony, startuje pipeline.",
      "Wdrożenie na produkcję o 19:00, dyżur: ja i DevOps.",
      "Po wdrożeniu: monitoring czysty, brak nowych błędów.",
    ],
  },
  {
    name: "Design review",
    owner: (u) => byPosition(u, "Head of Design"),
    members: (u) => [
      ...u.staff.filter((x) => x.team === "design"),
      ...u
        .withRole("pm")
        .filter((x) => x.canLogIn)
        .slice(0, 3),
    ],
    messages: 10,
    lines: [
      "Nowe makiety konfiguratora 3D w Figmie, proszę o komentarze do środy.",
      "Kontrast przycisków drugorzędnych nie spełnia WCAG AA – poprawiam.",
      "Design tokens zaktualizowane w bibliotece.",
      "Klient zaakceptował key visual kampanii 👍",
      "Can we align the icon set with the mobile app?",
    ],
  },
  {
    name: "Finanse – zamknięcie miesiąca",
    owner: (u) => byPosition(u, "Kontroler finansowy"),
    members: (u) => [...u.staff.filter((x) => x.team === "finance"), u.admin, ...u.withRole("pm").filter((x) => x.canLogIn)],
    messages: 12,
    lines: [
      "Proszę PM-ów o akceptację raportów godzin do 3. dnia roboczego.",
      "Faktury kosztowe od podwykonawców – brakuje jeszcze DevForge.",
      "Korekta dla Zielonego Ogrodu wystawiona i wysłana do KSeF.",
      "Zaliczka od Nordmet zaksięgowana.",
      "Kurs EUR do faktury BlueWave z tabeli NBP z dnia poprzedzającego.",
      "Zamknięcie października zakończone, dziękuję wszystkim!",
    ],
  },
  {
    name: "Kawa i off-topic ☕",
    owner: (u) => u.staff.find((x) => x.team === "sales")!,
    members: (u, _p, rng) => rng.sample(u.staff, 14),
    messages: 16,
    lines: [
      "Ktoś idzie na lunch do tej nowej wegańskiej knajpy?",
      "Polecam podcast o architekturze systemów rozproszonych, link w wątku.",
      "Zdjęcia z wyjazdu integracyjnego są już na dysku.",
      "Who's up for a board game night on Friday?",
      "Kot sąsiada znowu na parapecie sali konferencyjnej 🐈",
      "Bieg firmowy w niedzielę – zostały 3 miejsca.",
    ],
  },
];

/** Chat topics with their messages and members (one owner each, read state, mutes). */
export async function seedChat(ctx: SeedContext, users: UsersWorld, projects: ProjectsWorld): Promise<void> {
  const rng = ctx.rng.fork("chat");
  const topicRows: RowOf<"chatTopic">[] = [];
  const messageRows: RowOf<"chatMessage">[] = [];
  const memberRows: RowOf<"assignedChatTopicUser">[] = [];

  for (const t of TOPICS) {
    const topicId = t.id ?? rng.uuid();
    const owner = t.owner(users);
    const members = [...new Map([owner, ...t.members(users, projects, rng)].map((u) => [u.id, u])).values()];
    const createdAt = at(day(-rng.int(60, 400)), 9, rng.int(0, 59));
    topicRows.push({ id: topicId, name: t.name, createdById: owner.id, createdAt });

    // Messages of the last three weeks, in working hours, in order.
    const times = Array.from({ length: t.messages }, () => messageTime(rng)).sort((a, b) => a.getTime() - b.getTime());
    const messages = times.map((at, i) => {
      const author = i === 0 ? owner : rng.pick(members);
      const id = t.id === demoIds.chatTopicId && i === 4 ? demoIds.chatMessageId : rng.uuid();
      messageRows.push({ id, topicId, authorId: author.id, content: t.lines[i % t.lines.length], createdAt: at });
      return { id, at, authorId: author.id };
    });
    const last = messages[messages.length - 1];

    for (const u of members) {
      // How far each member has read: everything, up to some message, or nothing yet.
      let readUpTo: number | null;
      if (u.id === demoIds.chatUserId && topicId === demoIds.chatTopicId) readUpTo = messages.length - 6;
      else if (u.id === owner.id || u.id === last.authorId) readUpTo = messages.length - 1;
      else
        readUpTo = rng.weighted<number | null>([
          [messages.length - 1, 60],
          [rng.int(0, messages.length - 2), 30],
          [null, 10],
        ]);
      const read = readUpTo === null ? null : messages[readUpTo];
      // Some mute a topic for a while; in the company-wide topics a few mute it for good.
      const companyWide = t.id === undefined;
      const mute =
        u.id === owner.id || u.id === demoIds.chatUserId
          ? "none"
          : rng.weighted([
              ["none", 80],
              ["until", 12],
              ["forever", companyWide ? 8 : 0],
            ] as const);
      memberRows.push({
        id: rng.uuid(),
        topicId,
        userId: u.id,
        lastReadMessageId: read?.id ?? null,
        lastReadAt: read ? laterBefore(rng, read.at, 0.2) : null,
        mutedUntil: mute === "until" ? at(addDays(BASE_DATE, rng.int(1, 14)), 8) : null,
        isMutedIndefinitely: mute === "forever",
        isTopicOwner: u.id === owner.id,
        isUnread: readUpTo !== messages.length - 1,
        createdAt: u.id === owner.id ? createdAt : laterBefore(rng, createdAt, 30),
      });
    }
  }

  await ctx.out.insert("chatTopic", topicRows);
  await ctx.out.insert("chatMessage", messageRows);
  await ctx.out.insert("assignedChatTopicUser", memberRows);
}

function messageTime(rng: Random): Date {
  for (;;) {
    const d = day(-rng.int(1, 21));
    if (isWorkingDay(d)) return at(d, rng.int(8, 17), rng.int(0, 59));
  }
}

const NOTE_STATUSES: [string, string][] = [
  ["Nowa", "#2490e3"],
  ["W toku", "#f57f17"],
  ["Oczekuje na klienta", "#987284"],
  ["Zakończona", "#44a069"],
  ["Anulowana", "#d32f2f"],
];

/** [name, content]; {client} is the contractor's name. */
const NOTES: [string, string][] = [
  [
    "Spotkanie podsumowujące – {client}",
    "Omówiliśmy postęp prac i plan na kolejny kwartał. Klient jest zainteresowany rozszerzeniem zakresu. Następny krok: oferta do końca miesiąca.",
  ],
  [
    "Oferta na rozszerzenie umowy serwisowej",
    "Klient prosi o wycenę pakietu 80 godzin miesięcznie z SLA 8h dla zgłoszeń krytycznych. Przygotować dwa warianty cenowe.",
  ],
  [
    "Zapytanie ofertowe: aplikacja mobilna",
    "Dział sprzedaży {client} chce aplikacji dla przedstawicieli handlowych. Termin złożenia oferty: za dwa tygodnie.",
  ],
  ["Odnowienie licencji modułu raportowego", "Licencje wygasają z końcem roku. Zaproponować odnowienie na 24 miesiące z rabatem 10%."],
  [
    "Call with {client} procurement",
    "Discussed payment terms (30 days) and renewal of the framework agreement. They expect a revised draft next week.",
  ],
  [
    "Ankieta satysfakcji – wyniki",
    "NPS 62, najwyżej oceniona komunikacja z PM, najniżej czas reakcji na drobne zmiany. Omówić na przeglądzie kwartalnym.",
  ],
  ["Follow-up po targach", "Rozmowa na stoisku o integracji z KSeF. Wysłać case study i umówić demo online."],
  [
    "Reklamacja rozliczenia godzin",
    "Klient kwestionuje 16 godzin w rozliczeniu wrześniowym. Sprawdzić raport czasu i przygotować ewentualną korektę.",
  ],
  ["Przegląd kwartalny SLA", "Dotrzymane 97% terminów reakcji. Dwa zgłoszenia po terminie – przyczyna: urlopy. Zaproponować dyżury."],
  ["Warsztat discovery – nowy moduł", "Zebrać wymagania od kierowników działów, przygotować mapę procesu i wstępny kosztorys."],
];

/** CRM note statuses and notes about the company's contractors. */
export async function seedNotes(ctx: SeedContext, users: UsersWorld, contractors: ContractorsWorld): Promise<void> {
  const rng = ctx.rng.fork("notes");
  const statuses = NOTE_STATUSES.map(([name, decorator], i) => {
    const createdAt = at(day(-700 + i), 10);
    return { id: rng.uuid(), name, decorator, createdAt, updatedAt: laterBefore(rng, createdAt, 300) };
  });
  const status = (name: string) => statuses.find((s) => s.name === name)!.id;
  const authors = [...users.inTeam("sales").filter((u) => u.canLogIn), ...users.withRole("pm").filter((u) => u.canLogIn)];

  const noteCreated = at(day(-9), 15, 40);
  const rows: RowOf<"note">[] = [
    {
      id: demoIds.noteId,
      name: "Spotkanie z zarządem Nordmet – rozszerzenie MES na halę C",
      content:
        "Zarząd Nordmet chce objąć systemem MES halę C od II kwartału 2027. Potrzebna wycena integracji z nowymi " +
        "terminalami i harmonogram zgrany z obecnym wdrożeniem. Decyzja po demo harmonogramu tygodniowego.",
      createdById: users.admin.id,
      deadline: at(addDays(BASE_DATE, 9), 12),
      contractorId: demoIds.contractorId,
      statusId: status("W toku"),
      assignedUserId: demoIds.pmUserId,
      createdAt: noteCreated,
      updatedAt: laterBefore(rng, noteCreated, 5),
    },
  ];
  for (let i = 1; i < scaled(ctx, 20); i++) {
    const [name, content] = rng.pick(NOTES);
    const client = rng.chance(0.9) ? rng.pick(contractors.clients) : null;
    const createdAt = at(day(-rng.int(2, 180)), rng.int(8, 17), rng.int(0, 59));
    const deadline = rng.chance(0.8) ? at(addDays(createdAt, rng.int(3, 40)), 12) : null;
    // Notes past their deadline are mostly settled; the others are still being worked on.
    const statusName =
      deadline && deadline < BASE_DATE
        ? rng.pick(["Zakończona", "Zakończona", "Anulowana", "Oczekuje na klienta"])
        : rng.pick(["Nowa", "W toku", "Oczekuje na klienta"]);
    rows.push({
      id: rng.uuid(),
      name: fillClient(name, client?.name),
      content: fillClient(content, client?.name),
      createdById: rng.pick(authors).id,
      deadline,
      contractorId: client?.id ?? null,
      statusId: status(statusName),
      assignedUserId: rng.chance(0.9) ? rng.pick(authors).id : null,
      createdAt,
      updatedAt: laterBefore(rng, createdAt, 30),
    });
  }

  await ctx.out.insert("noteStatus", statuses);
  await ctx.out.insert("note", rows);
}

function fillClient(text: string, client: string | undefined): string {
  return text.replace(/\{client\}/g, client ?? "klienta");
}
