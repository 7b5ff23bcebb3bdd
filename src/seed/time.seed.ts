import type { CalendarWorld } from "./calendar.seed";
import type { SeedContext } from "./context";
import { addDays, at, BASE_DATE, day, isoDay, workingDaysInRange } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import type { ProjectDictionaries } from "./project-dictionaries.seed";
import type { Random } from "./random";
import type { SeedTask, TasksWorld } from "./tasks.seed";
import type { SeedUser, UsersWorld } from "./users.seed";

/** Reported time covers the six weeks before the base date. */
const WEEKS = 6;
const QUARTER_HOUR = 900;

const TIME_TYPE_BY_TASK_TYPE: Record<string, string> = {
  Spotkanie: "Spotkanie",
  Testy: "Testy",
  Dokumentacja: "Dokumentacja",
  "Zgłoszenie serwisowe": "Wsparcie powdrożeniowe",
};

const DESCRIPTIONS: Record<string, string[]> = {
  "Praca projektowa": [
    "Implementacja",
    "Code review",
    "Poprawki po review",
    "Analiza rozwiązania",
    "Pair programming",
    "Refaktoryzacja",
    "Implementation and unit tests",
  ],
  Spotkanie: ["Daily i planowanie", "Spotkanie z klientem", "Przegląd sprintu", "Warsztat z użytkownikami"],
  Testy: ["Testy manualne", "Automatyzacja testów", "Retest poprawek"],
  Dokumentacja: ["Aktualizacja dokumentacji", "Opis API", "Instrukcja dla użytkowników"],
  "Wsparcie powdrożeniowe": ["Analiza zgłoszenia", "Poprawka i wdrożenie na produkcję", "Kontakt z klientem w sprawie zgłoszenia"],
};

/**
 * Each person's working days: on most days they report between half and all of their daily hours,
 * split over one to three of the tasks they work on, in quarter-hours; never on their days off.
 */
export async function seedReportedTime(
  ctx: SeedContext,
  users: UsersWorld,
  tasks: TasksWorld,
  calendar: CalendarWorld,
  dictionaries: ProjectDictionaries,
): Promise<void> {
  const rng = ctx.rng.fork("reported-time");
  const days = workingDaysInRange(day(-7 * WEEKS), BASE_DATE);
  const tasksOf = new Map<string, SeedTask[]>();
  for (const t of tasks.tasks) {
    for (const u of t.people) if (u.canLogIn) tasksOf.set(u.id, [...(tasksOf.get(u.id) ?? []), t]);
  }

  const rows: RowOf<"reportedTime">[] = [];
  for (const user of users.users) {
    const own = tasksOf.get(user.id);
    if (!own) continue;
    const off = calendar.daysOff.get(user.id);
    for (const date of days) {
      if (off?.has(isoDay(date)) || !rng.chance(0.9)) continue;
      let live = own.filter((t) => isLive(t, date));
      // Between planned tasks people still work on their running boards (reviews, fixes, meetings).
      if (live.length === 0) live = own.filter((t) => t.board.start <= date && date <= t.board.end && t.createdAt <= at(date, 23, 59));
      if (live.length === 0) continue;
      const picked = pickTasks(rng, user, live);
      const quarters = Math.round((user.hoursPerWorkDay * 4 * rng.int(50, 100)) / 100);
      for (const [task, share] of split(rng, picked, Math.max(picked.length, quarters))) {
        const type = (task.typeName && TIME_TYPE_BY_TASK_TYPE[task.typeName]) || "Praca projektowa";
        rows.push({
          id: rng.uuid(),
          userId: user.id,
          taskId: task.id,
          projectId: task.project.id,
          date,
          seconds: share * QUARTER_HOUR,
          reportedTimeTypeId: rng.chance(0.05) ? null : dictionaries.reportedTimeTypes.get(type)!.id,
          description: rng.pick(DESCRIPTIONS[type]),
          // Time is written up at the end of the day, or first thing the next morning.
          createdAt: rng.chance(0.8) ? at(date, rng.int(15, 18), rng.int(0, 59)) : at(addDays(date, 1), rng.int(8, 9), rng.int(0, 59)),
        });
      }
    }
  }
  await ctx.out.insert("reportedTime", rows);
}

/** A task can take time from when it is planned to start (or created) until it is finished. */
function isLive(t: SeedTask, date: Date): boolean {
  const start = t.dateStart ?? t.createdAt;
  if (t.createdAt > at(date, 23, 59) || addDays(start, -2) > date) return false;
  if (t.finishedAt) return t.finishedAt >= date;
  return t.columnStatus === "in-progress" || (t.dateEnd !== null && addDays(t.dateEnd, 3) >= date);
}

function pickTasks(rng: Random, user: SeedUser, live: SeedTask[]): SeedTask[] {
  const picked = rng.sample(live, rng.int(1, 3));
  // The showcase user works on the showcase task every day it is open.
  const showcase = user.id === demoIds.userId ? live.find((t) => t.id === demoIds.taskId) : undefined;
  if (showcase && !picked.includes(showcase)) picked[0] = showcase;
  return picked;
}

/** Splits `quarters` quarter-hours over the tasks, each getting at least one. */
function split(rng: Random, picked: SeedTask[], quarters: number): [SeedTask, number][] {
  const shares = picked.map(() => 1);
  for (let left = quarters - picked.length; left > 0; left--) shares[rng.int(0, shares.length - 1)]++;
  return picked.map((t, i) => [t, shares[i]]);
}
