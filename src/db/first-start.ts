import { existsSync, writeFileSync } from "node:fs";

/**
 * When the server may seed demo data (with a demo admin) into an empty database: only where a
 * lost production database cannot silently come back as a demo with a known admin.
 *
 * - `SEED_ON_EMPTY=true`: whenever the database has no users (any database).
 * - `SEED_ON_EMPTY=false`: never.
 * - unset (the default): PostgreSQL never. The embedded SQLite file only on the first start at
 *   its path: after the first successful start a marker file `<database>.initialized` is written
 *   beside it. A later start that finds the marker but not the database refuses to start
 *   (the database was lost: restore it, or delete the marker to begin again with demo data),
 *   and an empty database with the marker present stays empty.
 */

export function markerPath(sqliteFile: string): string {
  return `${sqliteFile}.initialized`;
}

/** Before connecting (`sqliteFile`: undefined on PostgreSQL): whether this start may go on at all (a lost SQLite database stops it). */
export function checkFirstStart(sqliteFile: string | undefined, seedOnEmpty: boolean | undefined): string | undefined {
  if (seedOnEmpty === undefined && sqliteFile && existsSync(markerPath(sqliteFile)) && !existsSync(sqliteFile)) {
    return (
      `The SQLite database ${sqliteFile} is missing, but a database was created there before (${markerPath(sqliteFile)} exists). ` +
      `Restore it from a backup; or delete the marker to start over with demo data; or set SEED_ON_EMPTY=false to start with an empty database.`
    );
  }
  return undefined;
}

/** After migrating: whether to seed an empty database now. */
export function shouldSeed(sqliteFile: string | undefined, seedOnEmpty: boolean | undefined): boolean {
  return seedOnEmpty ?? (!!sqliteFile && !existsSync(markerPath(sqliteFile)));
}

/** Records that the SQLite database at this path has been created (see above). */
export function markInitialized(sqliteFile: string | undefined): void {
  if (!sqliteFile || existsSync(markerPath(sqliteFile))) return;
  writeFileSync(
    markerPath(sqliteFile),
    `A database was created at ${sqliteFile} on ${new Date().toISOString()}.\n` +
      `While this file exists, the server will not replace a missing database with demo data.\n`,
  );
}
