/**
 * Normalising what the two drivers return for the same column (see src/db/tables.ts), so the
 * read modules give exactly the values Prisma gave: `Date`s, booleans, exact decimals.
 */

/** A timestamp or date column (or a JSON member holding one) as a Date. */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

export function toDateRequired(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A BOOLEAN column: true/false on PostgreSQL, 1/0 on SQLite. */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

export function toDecimalNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Number(value);
}

/** A JSON aggregate: parsed by pg, text on SQLite. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** An integer aggregate (PostgreSQL's count is bigint, read as text). */
export function toInt(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** A column holding a JSON array of strings (thirdParties, enabledTabs, hideHourlyRateForRoles); anything else reads as none. */
export function stringList(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
