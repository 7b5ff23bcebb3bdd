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
