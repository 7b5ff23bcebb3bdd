import { demoIds } from "./demo-ids";
import { utcDate } from "./dates";
import { CATEGORY } from "./project-dictionaries.seed";

/**
 * What the demo projects are: the twelve showcase projects, the kinds of project generated beyond
 * them as the scale grows, and the stage and board layout each kind of project follows.
 */
export type ProjectStatus = "in-preparation" | "open" | "closed";

export type StageKey = "analysis" | "design" | "build" | "test" | "launch" | "support" | "creative" | "campaign";

export interface StagePlan {
  type: string;
  name: string;
  /** Share of the project's duration. */
  weight: number;
  description: string;
  /** [name, board type]; sprint boards share the stage one after another, the others span all of it. */
  boards: [string, string][];
  milestone: string;
}

export const STAGES: Record<StageKey, StagePlan> = {
  analysis: {
    type: "Analiza",
    name: "Analiza wymagań",
    weight: 1,
    milestone: "Akceptacja specyfikacji",
    description: "Warsztaty z kluczowymi użytkownikami, mapa procesów i specyfikacja funkcjonalna.",
    boards: [
      ["Warsztaty i wymagania", "Kanban"],
      ["Specyfikacja funkcjonalna", "Dokumentacja"],
    ],
  },
  design: {
    type: "Projektowanie",
    name: "Projekt rozwiązania",
    weight: 1.2,
    milestone: "Zatwierdzenie makiet i architektury",
    description: "Makiety kluczowych ekranów, architektura i model danych.",
    boards: [
      ["Makiety UX", "Kanban"],
      ["Architektura systemu", "Dokumentacja"],
    ],
  },
  build: {
    type: "Implementacja",
    name: "Implementacja",
    weight: 3,
    milestone: "Demo wersji MVP",
    description: "Sprinty dwutygodniowe z przeglądem na koniec każdego; backlog priorytetyzuje PM z klientem.",
    boards: [
      ["Sprint 1", "Sprint"],
      ["Sprint 2", "Sprint"],
      ["Sprint 3", "Sprint"],
      ["Backlog produktu", "Backlog"],
    ],
  },
  test: {
    type: "Testy",
    name: "Testy akceptacyjne",
    weight: 1,
    milestone: "Odbiór testów UAT",
    description: "Testy akceptacyjne po stronie klienta i poprawki zgłoszonych błędów.",
    boards: [["Testy akceptacyjne (UAT)", "Kanban"]],
  },
  launch: {
    type: "Wdrożenie",
    name: "Wdrożenie produkcyjne",
    weight: 0.8,
    milestone: "Uruchomienie produkcyjne",
    description: "Migracja danych, szkolenia użytkowników, uruchomienie i okres stabilizacji.",
    boards: [["Go-live i szkolenia", "Kanban"]],
  },
  support: {
    type: "Utrzymanie",
    name: "Utrzymanie i rozwój",
    weight: 3,
    milestone: "Przegląd kwartalny SLA",
    description: "Obsługa zgłoszeń w ramach SLA i drobne zmiany zamawiane przez klienta.",
    boards: [
      ["Zgłoszenia serwisowe", "Wsparcie"],
      ["Drobne zmiany", "Kanban"],
    ],
  },
  creative: {
    type: "Projektowanie",
    name: "Przygotowanie kampanii",
    weight: 1,
    milestone: "Akceptacja key visual",
    description: "Brief, koncepcja kreatywna, key visual i teksty.",
    boards: [["Materiały kreatywne", "Kanban"]],
  },
  campaign: {
    type: "Wdrożenie",
    name: "Emisja i raportowanie",
    weight: 1,
    milestone: "Raport końcowy kampanii",
    description: "Emisja w kanałach płatnych, optymalizacja i raport wyników.",
    boards: [["Emisja", "Kanban"]],
  },
};

export const FULL: StageKey[] = ["analysis", "design", "build", "test", "launch"];

export interface Blueprint {
  id?: string;
  name: string;
  shortCode: string;
  category: string;
  client?: string;
  start: Date;
  end: Date;
  status: ProjectStatus;
  budget: number | null;
  stages: StageKey[];
  isSimple?: boolean;
  fromTemplate?: boolean;
  description: string;
  tags: string[];
}

/** The twelve showcase projects; more are generated from KINDS as the scale grows. */
export const SHOWCASE_PROJECTS: Blueprint[] = [
  {
    id: demoIds.projectId,
    name: "Wdrożenie systemu MES dla Nordmet",
    shortCode: "NMES",
    category: CATEGORY.implementation,
    client: "nordmet",
    start: utcDate(2026, 4, 13),
    end: utcDate(2027, 2, 26),
    status: "open",
    budget: 485_000,
    stages: FULL,
    fromTemplate: true,
    tags: ["strategiczny", "integracje"],
    description:
      "Wdrożenie systemu MES w dwóch halach produkcyjnych Nordmet: planowanie zleceń, rejestracja produkcji z terminali, " +
      "integracja z SAP S/4HANA i raportowanie OEE. Umowa fixed price, odbiory po każdym etapie.",
  },
  {
    name: "Aplikacja mobilna dla kierowców Pol-Trans",
    shortCode: "PTDR",
    category: CATEGORY.mobile,
    client: "poltrans",
    start: utcDate(2026, 2, 2),
    end: utcDate(2026, 12, 18),
    status: "open",
    budget: 265_000,
    stages: FULL,
    tags: ["mobile"],
    description: "Aplikacja na Androida i iOS: trasy, potwierdzenia dostaw ze zdjęciem i podpisem, czat z dyspozytorem, tryb offline.",
  },
  {
    name: "Portal e-usług Gminy Wiślica",
    shortCode: "WISL",
    category: CATEGORY.portal,
    client: "wislica",
    start: utcDate(2025, 9, 1),
    end: utcDate(2026, 3, 31),
    status: "closed",
    budget: 189_000,
    stages: FULL,
    tags: ["sektor publiczny"],
    description: "Portal mieszkańca z e-formularzami, płatnościami online i integracją z ePUAP. Projekt współfinansowany ze środków UE.",
  },
  {
    name: "Nowy sklep internetowy Zielony Ogród",
    shortCode: "ZOGR",
    category: CATEGORY.portal,
    client: "zielony",
    start: utcDate(2026, 7, 6),
    end: utcDate(2026, 12, 11),
    status: "open",
    budget: 98_000,
    stages: ["design", "build", "launch"],
    tags: ["e-commerce"],
    description:
      "Sklep na nowym silniku z konfiguratorem nasadzeń, płatnościami BLIK i integracją z InPost. Start przed sezonem wiosennym.",
  },
  {
    name: "System rejestracji pacjentów Mediq",
    shortCode: "MEDQ",
    category: CATEGORY.implementation,
    client: "mediq",
    start: utcDate(2026, 3, 2),
    end: utcDate(2027, 1, 29),
    status: "open",
    budget: 352_000,
    stages: ["analysis", "design", "build", "test"],
    tags: ["SLA 24h"],
    description: "Rejestracja wizyt online i w placówkach, przypomnienia SMS, integracja z P1 i e-skierowaniami.",
  },
  {
    name: "Hurtownia danych i dashboardy BI",
    shortCode: "BWBI",
    category: CATEGORY.analytics,
    client: "bluewave",
    start: utcDate(2026, 6, 1),
    end: utcDate(2026, 12, 31),
    status: "open",
    budget: 315_000,
    stages: ["analysis", "build", "test"],
    tags: ["R&D"],
    description: "Data warehouse on Azure Synapse with Power BI dashboards for BlueWave's clients. Delivered in English, invoiced in EUR.",
  },
  {
    name: "Konfigurator mebli 3D Meblotex",
    shortCode: "MBLX",
    category: CATEGORY.portal,
    client: "meblotex",
    start: utcDate(2026, 12, 7),
    end: utcDate(2027, 6, 25),
    status: "in-preparation",
    budget: 420_000,
    stages: FULL,
    tags: ["e-commerce"],
    description: "Konfigurator 3D w przeglądarce z wyceną w czasie rzeczywistym i eksportem zamówienia do systemu produkcyjnego.",
  },
  {
    name: "Platforma e-learningowa Otwarta Szkoła",
    shortCode: "OSZK",
    category: CATEGORY.portal,
    client: "otwarta",
    start: utcDate(2025, 4, 7),
    end: utcDate(2025, 12, 19),
    status: "closed",
    budget: 145_000,
    stages: ["analysis", "build", "test", "launch"],
    tags: [],
    description: "Platforma kursów dla nauczycieli: moduły wideo, quizy, certyfikaty PDF i panel koordynatora.",
  },
  {
    name: "Utrzymanie portalu B2B Nordmet",
    shortCode: "NBTB",
    category: CATEGORY.maintenance,
    client: "nordmet",
    start: utcDate(2025, 7, 1),
    end: utcDate(2026, 12, 31),
    status: "open",
    budget: 216_000,
    stages: ["support"],
    tags: ["utrzymanie", "SLA 24h"],
    description: "Umowa serwisowa: obsługa zgłoszeń w SLA 24h, pakiet 60 godzin rozwoju miesięcznie, raport miesięczny.",
  },
  {
    name: "Migracja infrastruktury do Azure",
    shortCode: "AZUR",
    category: CATEGORY.internal,
    start: utcDate(2026, 8, 3),
    end: utcDate(2026, 12, 18),
    status: "open",
    budget: 60_000,
    stages: ["analysis", "build", "launch"],
    tags: ["wewnętrzny"],
    description: "Przeniesienie środowisk testowych i CI z serwerowni do Azure; Terraform, monitoring i kopie zapasowe.",
  },
  {
    name: "Intranet 2.0",
    shortCode: "INTR",
    category: CATEGORY.internal,
    start: utcDate(2027, 1, 11),
    end: utcDate(2027, 5, 28),
    status: "in-preparation",
    budget: null,
    stages: ["analysis", "design", "build"],
    tags: ["wewnętrzny"],
    description: "Nowy intranet: baza wiedzy, rezerwacja sal i sprzętu, tablica ogłoszeń i integracja z Microsoft 365.",
  },
  {
    id: demoIds.simpleProjectId,
    name: "Onboarding nowych pracowników – Q4 2026",
    shortCode: "ONBQ",
    category: CATEGORY.internal,
    start: utcDate(2026, 10, 1),
    end: utcDate(2026, 12, 31),
    status: "open",
    budget: null,
    stages: [],
    isSimple: true,
    tags: ["wewnętrzny"],
    description: "Lista zadań wdrożeniowych dla osób zatrudnionych w IV kwartale: sprzęt, dostępy, szkolenia BHP i mentoring.",
  },
];

/** Project kinds the generator combines with clients beyond the showcase projects. */
export const KINDS: {
  name: string;
  code: string;
  category: string;
  stages: StageKey[];
  budget: [number, number];
  months: [number, number];
}[] = [
  {
    name: "Integracja z KSeF",
    code: "KSF",
    category: CATEGORY.implementation,
    stages: ["analysis", "build", "test", "launch"],
    budget: [60, 180],
    months: [3, 6],
  },
  { name: "Aplikacja mobilna dla handlowców", code: "MOB", category: CATEGORY.mobile, stages: FULL, budget: [150, 320], months: [6, 10] },
  {
    name: "Modernizacja portalu klienta",
    code: "PRT",
    category: CATEGORY.portal,
    stages: ["design", "build", "test", "launch"],
    budget: [90, 260],
    months: [4, 9],
  },
  { name: "Wsparcie powdrożeniowe", code: "SLA", category: CATEGORY.maintenance, stages: ["support"], budget: [80, 200], months: [12, 18] },
  {
    name: "Raportowanie zarządcze w Power BI",
    code: "BIR",
    category: CATEGORY.analytics,
    stages: ["analysis", "build", "test"],
    budget: [70, 190],
    months: [3, 7],
  },
  {
    name: "Automatyzacja obiegu dokumentów",
    code: "DOC",
    category: CATEGORY.implementation,
    stages: FULL,
    budget: [120, 300],
    months: [5, 10],
  },
  {
    name: "Audyt dostępności WCAG 2.1",
    code: "WCA",
    category: CATEGORY.portal,
    stages: ["analysis", "test"],
    budget: [25, 60],
    months: [1, 3],
  },
  {
    name: "Kampania produktowa",
    code: "KMP",
    category: CATEGORY.marketing,
    stages: ["creative", "campaign"],
    budget: [30, 90],
    months: [1, 3],
  },
];

export const BILLING_MODELS = [
  "Fixed price – płatność w trzech transzach po odbiorach etapów",
  "Time & material – rozliczenie miesięczne według raportu godzin",
  "Abonament miesięczny z pakietem godzin rozwojowych",
];

/** [min, max] tasks on a board of each type. */
export const TASKS_PER_BOARD: Record<string, [number, number]> = {
  Sprint: [4, 6],
  Backlog: [4, 7],
  Kanban: [3, 4],
  Dokumentacja: [2, 4],
  Wsparcie: [8, 12],
  Simple: [8, 10],
};

/** The showcase board is the busy current sprint of the showcase project. */
export const SHOWCASE_BOARD_TASKS = 18;

export const TABS = ["overview", "gantt", "boards", "tasks", "finance", "files", "risks", "time", "chat"];
