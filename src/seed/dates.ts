/**
 * Calendar arithmetic for the demo data. Every date is relative to one fixed base date, never to
 * the clock, so the data is the same whenever it is generated. All dates are UTC.
 */

/** "Today" of the demo world: a Monday. */
export const BASE_DATE = new Date("2026-11-02T00:00:00.000Z");

const DAY_MS = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/** Days from the base date (negative: in the past), at midnight UTC. */
export function day(offset: number): Date {
  return addDays(BASE_DATE, offset);
}

/** The given day at hh:mm UTC. */
export function at(date: Date, hour: number, minute = 0): Date {
  const d = startOfDay(date);
  d.setUTCHours(hour, minute, 0, 0);
  return d;
}

export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function utcDate(year: number, month: number, dayOfMonth: number): Date {
  return new Date(Date.UTC(year, month - 1, dayOfMonth));
}

export function daysBetween(from: Date, to: Date): number {
  return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);
}

/** Monday to Friday, except Polish public holidays: vacations and reported time fall on these only. */
export function isWorkingDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !polishHolidays(date.getUTCFullYear()).has(isoDay(date));
}

/** The first working day on or after `date`. */
export function nextWorkingDay(date: Date): Date {
  let d = startOfDay(date);
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

/** `count` consecutive working days starting on the first working day on or after `from`. */
export function workingDays(from: Date, count: number): Date[] {
  const days: Date[] = [];
  let d = nextWorkingDay(from);
  while (days.length < count) {
    if (isWorkingDay(d)) days.push(d);
    d = addDays(d, 1);
  }
  return days;
}

/** Working days in [from, to). */
export function workingDaysInRange(from: Date, to: Date): Date[] {
  const days: Date[] = [];
  for (let d = startOfDay(from); d < to; d = addDays(d, 1)) if (isWorkingDay(d)) days.push(d);
  return days;
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const holidayCache = new Map<number, Set<string>>();

/** Statutory non-working days in Poland (fixed dates plus the movable feasts around Easter). */
function polishHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const days = [
    utcDate(year, 1, 1),
    utcDate(year, 1, 6),
    easter,
    addDays(easter, 1),
    utcDate(year, 5, 1),
    utcDate(year, 5, 3),
    addDays(easter, 49),
    addDays(easter, 60),
    utcDate(year, 8, 15),
    utcDate(year, 11, 1),
    utcDate(year, 11, 11),
    // Christmas Eve is a public holiday from 2025 on.
    ...(year >= 2025 ? [utcDate(year, 12, 24)] : []),
    utcDate(year, 12, 25),
    utcDate(year, 12, 26),
  ];
  const set = new Set(days.map(isoDay));
  holidayCache.set(year, set);
  return set;
}

/** Gregorian Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDate(year, month, dayOfMonth);
}

/**
 * Keeps a timestamp in the demo world's past: anything that would fall on or after the base date
 * is moved to a moment in the three days before it.
 */
export function beforeBase(rng: { int(min: number, max: number): number }, date: Date): Date {
  return date < BASE_DATE ? date : addMinutes(BASE_DATE, -rng.int(20, 72 * 60));
}

/** A moment after `from`, at most `maxDays` later and still before the base date (`from` itself when no room is left). */
export function laterBefore(rng: { next(): number }, from: Date, maxDays: number): Date {
  return between(rng, from, new Date(Math.min(from.getTime() + maxDays * DAY_MS, BASE_DATE.getTime() - 60_000)));
}

/** A moment in [from, to), in whole minutes, moved into office hours (7:00–19:59) when the range allows. */
export function between(rng: { next(): number }, from: Date, to: Date): Date {
  if (to <= from) return from;
  const moment = new Date(from.getTime() + Math.floor(((to.getTime() - from.getTime()) * rng.next()) / 60_000) * 60_000);
  const hour = moment.getUTCHours();
  if (hour >= 7 && hour < 20) return moment;
  // People work by day: fold night hours into that day's or the next day's office hours, if that stays in range.
  const daytime = new Date(moment);
  daytime.setUTCHours(7 + (hour % 13));
  for (const candidate of [daytime, addDays(daytime, 1)]) if (candidate >= from && candidate < to) return candidate;
  return moment;
}

/** The last working day before `date`. */
export function previousWorkingDay(date: Date): Date {
  let d = addDays(startOfDay(date), -1);
  while (!isWorkingDay(d)) d = addDays(d, -1);
  return d;
}

const MONTHS_PL = [
  "styczeń",
  "luty",
  "marzec",
  "kwiecień",
  "maj",
  "czerwiec",
  "lipiec",
  "sierpień",
  "wrzesień",
  "październik",
  "listopad",
  "grudzień",
];
const MONTHS_EN = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "październik 2026" / "October 2026": spelled out here rather than by Intl, whose output depends on the ICU build. */
export function monthName(date: Date, language: "pl" | "en"): string {
  return `${(language === "pl" ? MONTHS_PL : MONTHS_EN)[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function minDate(a: Date, b: Date): Date {
  return a < b ? a : b;
}

export function maxDate(a: Date, b: Date): Date {
  return a > b ? a : b;
}
