import { InputType } from "type-graphql";
import { DateScalar } from "../../scalars";
import { Optional } from "../../types/shared/fields";

/**
 * A range of calendar days. Days, not moments: the days it is compared with have no time zone,
 * and a moment's day depends on the zone it is read in (local midnight in +01:00 is the previous
 * day in UTC), so a bound is a `Date` and means that day wherever the client is.
 */
@InputType({ description: "A range of calendar days (YYYY-MM-DD); the bounds given all apply (AND), absent ones do not limit." })
export class DateRangeFilter {
  @Optional(DateScalar, "On or before this day (inclusive).")
  before?: Date | null;

  @Optional(DateScalar, "Before this day (exclusive).")
  strictlyBefore?: Date | null;

  @Optional(DateScalar, "On or after this day (inclusive).")
  after?: Date | null;

  @Optional(DateScalar, "After this day (exclusive).")
  strictlyAfter?: Date | null;
}
