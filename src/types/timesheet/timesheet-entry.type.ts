import { Field, Int, ObjectType } from "type-graphql";
import { ProjectUserRef } from "../people/user-summaries.type";
import { TimesheetDay } from "./timesheet-day.type";
import { TimesheetRow } from "./timesheet-row.type";
import { listCost } from "../../domain/list-cost";

@ObjectType({ description: "One user's timesheet for a seven-day window: a row per task, the daily totals and the sum." })
export class TimesheetEntry {
  @Field(() => ProjectUserRef, { description: "The user whose time this is." })
  projectUser!: ProjectUserRef;

  @Field(() => [TimesheetRow], {
    complexity: listCost(20),
    description:
      "One row per task the user reported time on in the window, by project short code, board short code, then task number: the first 20 (`days` sums every task).",
  })
  timesheet!: TimesheetRow[];

  @Field(() => [TimesheetDay], {
    complexity: listCost(7),
    description: "The seven days of the window in order, each with the user's total over all rows.",
  })
  days!: TimesheetDay[];

  @Field(() => Int, { description: "The user's total seconds in the window." })
  seconds!: number;
}
