import type { Random } from "./random";
import { fill } from "./text";

/**
 * Task and checklist wording. A task's wording depends on where it sits: sprint boards get
 * development work, analysis boards workshops, support boards service tickets, and so on.
 */
export type TaskPool =
  | "Sprint"
  | "Backlog"
  | "Dokumentacja"
  | "Wsparcie"
  | "Analiza"
  | "Projektowanie"
  | "Testy"
  | "Wdrożenie"
  | "Utrzymanie"
  | "creative"
  | "campaign"
  | "onboarding";

const FILLERS: Record<string, string[]> = {
  module: [
    "planowania produkcji",
    "magazynu",
    "raportowania",
    "uprawnień",
    "powiadomień",
    "płatności",
    "zamówień",
    "kartoteki klientów",
    "harmonogramu",
    "rozliczeń",
  ],
  screen: [
    "logowania",
    "koszyka",
    "panelu administratora",
    "listy zamówień",
    "profilu użytkownika",
    "harmonogramu zleceń",
    "raportu dziennego",
    "ustawień konta",
  ],
  system: ["SAP S/4HANA", "KSeF", "Comarch ERP Optima", "PayU", "InPost API", "Microsoft Entra ID", "ePUAP", "systemem WMS", "Power BI"],
  dept: ["produkcji", "logistyki", "sprzedaży", "księgowości", "obsługi klienta", "IT"],
  env: ["testowego", "UAT", "produkcyjnego", "deweloperskiego"],
  process: [
    "przyjęcie zamówienia",
    "reklamacja",
    "zwrot towaru",
    "zamknięcie miesiąca",
    "rejestracja nowego klienta",
    "zmiana harmonogramu",
  ],
  channel: ["Meta Ads", "Google Ads", "LinkedIn", "newsletter", "YouTube"],
  person: ["Anny K.", "Tomasza W.", "Julii M.", "Kamila S.", "Oliwii P.", "Bartosza D."],
  // English wording needs English fillers.
  moduleEn: ["production planning", "warehouse", "reporting", "permissions", "notifications", "payments", "orders", "billing"],
  screenEn: ["login", "shopping cart", "admin panel", "order list", "user profile", "work order schedule"],
};

const NAMES: Record<TaskPool, string[]> = {
  Sprint: [
    "Implementacja modułu {module}",
    "Endpoint REST dla modułu {module}",
    "Integracja z {system}",
    "Refaktoryzacja modułu {module}",
    "Walidacja formularza ekranu {screen}",
    "Widok ekranu {screen}",
    "Optymalizacja zapytań modułu {module}",
    "Testy jednostkowe modułu {module}",
    "Błąd: nie zapisuje się zmiana w module {module}",
    "Add audit log to the {moduleEn} module",
    "Implement pagination on the {screenEn} screen",
    "Eksport danych modułu {module} do CSV",
    "Obsługa błędów integracji z {system}",
  ],
  Backlog: [
    "Tryb ciemny aplikacji",
    "Obsługa języków EN i DE",
    "Import danych z Excela do modułu {module}",
    "Powiadomienia push dla modułu {module}",
    "Dashboard KPI dla kierownika działu {dept}",
    "Integracja z {system} – wersja 2",
    "Skróty klawiszowe na ekranie {screen}",
    "Archiwizacja danych modułu {module}",
    "Offline mode for the {screenEn} screen",
  ],
  Dokumentacja: [
    "Specyfikacja modułu {module}",
    "Opis integracji z {system}",
    "Diagram architektury środowiska {env}",
    "Instrukcja użytkownika – moduł {module}",
    "Model danych modułu {module}",
    "API reference for the {moduleEn} module",
  ],
  Wsparcie: [
    "Zgłoszenie: nie działa eksport w module {module}",
    "Zgłoszenie: wolne ładowanie ekranu {screen}",
    "Zmiana uprawnień dla działu {dept}",
    "Odnowienie certyfikatu SSL",
    "Błąd synchronizacji z {system}",
    "Raport miesięczny dla działu {dept}",
    "Aktualizacja bibliotek (poprawki bezpieczeństwa)",
    "Zgłoszenie: błąd wydruku w module {module}",
  ],
  Analiza: [
    "Warsztat z działem {dept}",
    "Mapa procesu: {process}",
    "Analiza obecnej integracji z {system}",
    "Wywiady z użytkownikami – dział {dept}",
    "Lista wymagań niefunkcjonalnych",
    "Spotkanie otwierające z klientem",
  ],
  Projektowanie: [
    "Makieta ekranu {screen}",
    "Przegląd makiety ekranu {screen} z klientem",
    "Architektura modułu {module}",
    "Projekt bazy danych modułu {module}",
    "Design system: komponenty formularzy",
    "Prototyp klikalny ścieżki: {process}",
  ],
  Testy: [
    "Scenariusz testowy: {process}",
    "Testy regresji modułu {module}",
    "Testy wydajnościowe integracji z {system}",
    "Przygotowanie danych testowych dla modułu {module}",
    "Retest zgłoszonych błędów – moduł {module}",
    "UAT sign-off session with key users",
  ],
  Wdrożenie: [
    "Konfiguracja środowiska {env}",
    "Migracja danych modułu {module}",
    "Szkolenie użytkowników – dział {dept}",
    "Plan uruchomienia i plan wycofania",
    "Dyżur powdrożeniowy – pierwszy tydzień",
    "Go-live checklist review",
  ],
  Utrzymanie: [
    "Drobna zmiana: nowe pole w module {module}",
    "Zmiana treści powiadomień",
    "Nowy raport dla działu {dept}",
    "Aktualizacja słowników w module {module}",
    "Poprawka układu ekranu {screen}",
  ],
  creative: [
    "Brief kreatywny",
    "Key visual kampanii",
    "Teksty reklam do kanału {channel}",
    "Adaptacje grafik na {channel}",
    "Landing page kampanii",
    "Akceptacja materiałów przez klienta",
  ],
  campaign: [
    "Start emisji w {channel}",
    "Optymalizacja stawek w {channel}",
    "Raport tygodniowy z kampanii",
    "Testy A/B nagłówków",
    "Raport końcowy kampanii",
  ],
  onboarding: [
    "Laptop i dostępy dla {person}",
    "Szkolenie BHP – {person}",
    "Spotkanie z mentorem – {person}",
    "Konto Microsoft 365 dla {person}",
    "Umowa i dokumenty kadrowe – {person}",
    "Karta dostępu do biura – {person}",
    "Przegląd po okresie próbnym – {person}",
    "Wprowadzenie do procesów PMO – {person}",
  ],
};

const CONTEXTS = [
  "Zgłoszone przez klienta na ostatnim spotkaniu statusowym.",
  "Wynika ze specyfikacji funkcjonalnej, rozdział 4.",
  "Uzgodnione z PM; szczegóły w wątku na czacie projektu.",
  "Needed before the next sprint review.",
  "Priorytet potwierdzony przez komitet sterujący.",
  "Zależność od zespołu klienta: dostęp do środowiska testowego.",
];

const CRITERIA = [
  "zmiana przetestowana na środowisku UAT i zaakceptowana przez klienta",
  "testy automatyczne przechodzą, pokrycie nowego kodu powyżej 80%",
  "dokumentacja zaktualizowana w Confluence",
  "brak błędów krytycznych w raporcie QA",
  "demo dla PM na przeglądzie sprintu",
];

const CHECKLISTS: [string, string[]][] = [
  ["Definition of Done", ["Code review zatwierdzone", "Testy jednostkowe", "Aktualizacja dokumentacji", "Demo dla PM"]],
  [
    "Kryteria akceptacji",
    ["Zgodność z makietą", "Walidacja pól formularza", "Komunikaty błędów po polsku i angielsku", "Obsługa braku danych"],
  ],
  [
    "Przed wdrożeniem",
    ["Migracja bazy przetestowana", "Kopia zapasowa wykonana", "Plan wycofania opisany", "Klient poinformowany o przerwie"],
  ],
  ["Do przygotowania", ["Dostęp do środowiska testowego", "Dane testowe od klienta", "Lista użytkowników kluczowych"]],
  ["Testy", ["Scenariusz pozytywny", "Scenariusze brzegowe", "Test na urządzeniu mobilnym", "Retest po poprawkach"]],
  ["Po spotkaniu", ["Notatka wysłana do uczestników", "Zadania założone na tablicy", "Termin kolejnego spotkania ustalony"]],
];

export function taskName(rng: Random, pool: TaskPool): string {
  return fill(rng.pick(NAMES[pool]), Object.fromEntries(Object.entries(FILLERS).map(([k, v]) => [k, rng.pick(v)])));
}

export function taskDescription(rng: Random, name: string): string {
  return `${name}. ${rng.pick(CONTEXTS)} Kryteria akceptacji: ${rng.pick(CRITERIA)}.`;
}

export function checklistTemplates(rng: Random, count: number): [string, string[]][] {
  return rng.sample(CHECKLISTS, count);
}

/** The showcase task's checklists: the full breakdown of one feature. */
export const SHOWCASE_CHECKLISTS: [string, string[]][] = [
  [
    "Backend",
    [
      "Model danych harmonogramu i migracja",
      "Endpoint GET /schedules z filtrowaniem",
      "Walidacja kolizji zleceń na jednej maszynie",
      "Testy jednostkowe serwisu planowania",
    ],
  ],
  ["Frontend", ["Widok tygodniowy harmonogramu", "Przeciąganie zleceń między maszynami", "Obsługa błędów zapisu"]],
  ["Integracja z SAP", ["Import zleceń produkcyjnych (IDoc)", "Mapowanie gniazd roboczych", "Test na danych z hali B"]],
  ["Odbiór", ["Demo dla kierowników zmian", "Poprawki po demo", "Akceptacja w protokole odbioru"]],
];

/** Which task type a task of a pool usually gets (the first matching rule by name wins). */
export function taskTypeFor(rng: Random, pool: TaskPool, name: string): string | null {
  if (/^(Błąd|Zgłoszenie: )/.test(name)) return pool === "Wsparcie" ? "Zgłoszenie serwisowe" : "Błąd";
  if (/^(Testy|Retest|Scenariusz|UAT)/.test(name)) return "Testy";
  if (rng.chance(0.1)) return null;
  switch (pool) {
    case "Sprint":
    case "Backlog":
      return "Funkcjonalność";
    case "Dokumentacja":
      return "Dokumentacja";
    case "Wsparcie":
      return "Zgłoszenie serwisowe";
    case "Analiza":
      return /^(Warsztat|Wywiady|Spotkanie)/.test(name) ? "Spotkanie" : "Zadanie";
    case "Projektowanie":
      return /^(Architektura|Projekt bazy)/.test(name) ? "Dokumentacja" : "Projekt graficzny";
    case "creative":
      return "Projekt graficzny";
    case "Testy":
      return "Testy";
    default:
      return "Zadanie";
  }
}
