import { Field, InputType } from "type-graphql";
import { DateScalar } from "../../scalars";

/**
 * A range of calendar days. Days, not moments: the days it is compared with have no time zone,
 * and a moment's day depends on the zone it is read in (local midnight in +01:00 is the previous
 * day in UTC), so a bound is a `Date` and means that day wherever the client is.
 */
@InputType({ description: "A range of calendar days (YYYY-MM-DD); the bounds given all apply (AND), absent ones do not limit." })
export class DateRangeFilter {
  @Field(() => DateScalar, { nullable: true, description: "On or before this day (inclusive)." })
  before?: Date | null;

  @Field(() => DateScalar, { nullable: true, description: "Before this day (exclusive)." })
  strictlyBefore?: Date | null;

  @Field(() => DateScalar, { nullable: true, description: "On or after this day (inclusive)." })
  after?: Date | null;

  @Field(() => DateScalar, { nullable: true, description: "After this day (exclusive)." })
  strictlyAfter?: Date | null;
}
