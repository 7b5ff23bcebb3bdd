import type { DbTx } from "../db/client";

/**
 * The lower-cased text the `search` filters match. Stored beside the record so that a
 * case-insensitive substring search works the same on SQLite (whose LIKE folds ASCII only)
 * and PostgreSQL, Polish letters included.
 */
export function userSearchText(user: { firstName: string; lastName: string; email: string; shortCode: string }): string {
  return [user.firstName, user.lastName, user.email, user.shortCode].join(" ").toLowerCase();
}

export function vacationSearchText(vacation: { description: string }): string {
  return vacation.description.toLowerCase();
}

/**
 * LIKE treats `%` and `_` as wildcards (and, with ESCAPE, the escape character itself): a search
 * for "kowal_k" must not match "kowalska". Anyone building SQL with LIKE escapes the needle with
 * this and adds LIKE_ESCAPE_SQL after the pattern: `"searchText" LIKE ? ESCAPE '\'`, which both
 * SQLite (no default escape character) and PostgreSQL read alike.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ESCAPE clause that goes with escapeLike. */
export const LIKE_ESCAPE_SQL = "ESCAPE '\\'";

/** `%needle%` for a case-insensitive substring match against a lower-cased search text. */
export function containsPattern(search: string): string {
  return `%${escapeLike(search.toLowerCase())}%`;
}

export function hasLikeWildcards(search: string): boolean {
  return /[\\%_]/.test(search);
}

/**
 * Ids of the users whose search text contains `search` literally. Prisma's `contains` cannot
 * escape LIKE wildcards on SQLite, so needles holding them go through this.
 */
export async function userIdsMatching(db: DbTx, search: string): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`SELECT "id" FROM "User" WHERE "searchText" LIKE ${containsPattern(search)} ESCAPE '\\'`;
  return rows.map((r) => String(r.id));
}

/**
 * Ids of the vacations matching E7's `search`: the vacation's description, or its calendar user's
 * first name, last name or e-mail; not the short code, which the contract does not list (the
 * user's search text ends with " <shortCode>", cut off here).
 */
export async function vacationIdsMatching(db: DbTx, search: string): Promise<string[]> {
  const pattern = containsPattern(search);
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT v."id" FROM "Vacation" v JOIN "User" u ON u."id" = v."calendarUserId"
    WHERE v."searchText" LIKE ${pattern} ESCAPE '\\'
       OR substr(u."searchText", 1, length(u."searchText") - length(u."shortCode") - 1) LIKE ${pattern} ESCAPE '\\'`;
  return rows.map((r) => String(r.id));
}
