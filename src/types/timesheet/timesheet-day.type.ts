import { Field, Int, ObjectType } from "type-graphql";
import { DateScalar } from "../../scalars";

@ObjectType({ description: "Time reported on one UTC calendar day of a timesheet window." })
export class TimesheetDay {
  @Field(() => DateScalar, { description: "The calendar day (UTC), YYYY-MM-DD." })
  date!: Date;

  @Field(() => Int, { description: "Seconds reported that day (0 when none)." })
  seconds!: number;
}
