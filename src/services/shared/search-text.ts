/**
 * A search term as a LIKE pattern's literal part: `%`, `_` and the escape character itself are
 * escaped with `\`, for use with `LIKE ... ESCAPE '\'` (a user searching for "50%" means the
 * text "50%", not "50" followed by anything). The text searched is stored lower-cased beside the
 * record (src/seed/search-text.ts), so the match is case-insensitive on every database.
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
