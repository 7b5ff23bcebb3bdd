import { DateResolver, DateTimeResolver } from "graphql-scalars";

/** ISO 8601 date and time with offset, e.g. 2026-11-02T09:30:00.000Z. TypeScript `Date` fields map to it. */
export const DateTimeScalar = DateTimeResolver;

/** A calendar date, YYYY-MM-DD (held as a Date at midnight UTC). Fields declare it explicitly. */
export const DateScalar = DateResolver;
