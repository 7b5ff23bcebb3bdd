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
 * A search term as a LIKE pattern's literal part: `%`, `_` and the escape character itself are
 * escaped with `\`, for use with `LIKE ... ESCAPE '\'` (a user searching for "50%" means the
 * text "50%", not "50" followed by anything).
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
