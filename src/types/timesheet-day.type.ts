import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "Time reported on one UTC calendar day of a timesheet window." })
export class TimesheetDay {
  @Field(() => Date, { description: "The day, at midnight UTC." })
  date!: Date;

  @Field(() => Int, { description: "Seconds reported that day (0 when none)." })
  seconds!: number;
}
