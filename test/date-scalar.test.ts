import { DateResolver } from "graphql-scalars";
import { DateScalar } from "../src/scalars";

/**
 * The Date scalar writes a Date from its UTC fields instead of graphql-scalars'
 * `toISOString().split("T")[0]` (src/scalars/index.ts): the text and the errors must stay
 * graphql-scalars' own for every value.
 */
describe("Date scalar serialisation", () => {
  const answer = (serialize: (value: unknown) => unknown, value: unknown) => {
    try {
      return { text: serialize(value) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };

  it("writes every day of 1999-2031 (leap days, month and year ends) as graphql-scalars does", () => {
    const start = Date.UTC(1999, 0, 1);
    for (let day = 0; day < 33 * 366; day++) {
      // midnight as stored, and a time late in the day (still the same UTC date)
      for (const time of [start + day * 86_400_000, start + day * 86_400_000 + 86_399_999]) {
        expect(DateScalar.serialize(new Date(time))).toBe(DateResolver.serialize(new Date(time)));
      }
    }
  });

  it.each([
    ["the first year written with four digits", new Date(Date.UTC(1000, 0, 1))],
    ["a year below 1000", new Date("0999-12-31T00:00:00Z")],
    ["the last four-digit year", new Date(Date.UTC(9999, 11, 31))],
    ["a year past 9999", new Date(Date.UTC(10000, 0, 1))],
    ["a year before the common era", new Date(Date.UTC(-5, 5, 1))],
    ["an invalid Date", new Date("not a date")],
    ["a date string", "2026-02-28"],
    ["an invalid date string", "2026-02-30"],
    ["a number", 1_700_000_000_000],
    ["an object", { year: 2026 }],
  ])("answers %s as graphql-scalars does", (_, value) => {
    expect(answer((v) => DateScalar.serialize(v), value)).toEqual(answer((v) => DateResolver.serialize(v), value));
  });

  it("keeps graphql-scalars' name, description and input parsing", () => {
    expect(DateScalar.toConfig()).toEqual({ ...DateResolver.toConfig(), serialize: DateScalar.serialize });
  });
});
