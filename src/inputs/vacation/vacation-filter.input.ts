import { ArrayMaxSize, IsIn, MaxLength, ValidateNested } from "class-validator";
import { Field, ID, InputType, Int } from "type-graphql";
import { DateScalar } from "../../scalars";
import { VACATION_STATUSES } from "../../domain/value-sets";
import { DateRangeFilter } from "../shared/date-range-filter.input";

@InputType({ description: "Narrows the vacation list. A list filter matches any of its values; filters combine with AND." })
export class VacationFilter {
  @Field({
    nullable: true,
    description: "Case-insensitive substring of the description or of the calendar user's first name, last name, e-mail or short code.",
  })
  @MaxLength(200)
  search?: string;

  @Field(() => [ID], { nullable: true, description: "Vacations of one of these users." })
  @ArrayMaxSize(500)
  calendarUser?: string[];

  @Field(() => [Int], { nullable: true, description: "Vacations counted in one of these vacation years." })
  @ArrayMaxSize(100)
  vacationYear?: number[];

  @Field(() => [String], {
    nullable: true,
    description: `Vacations in one of these states: ${VACATION_STATUSES.join(", ")}; any other is BAD_USER_INPUT. A String, not an enum: the interface calls the set open (observed values).`,
  })
  @ArrayMaxSize(20)
  @IsIn(VACATION_STATUSES, { each: true })
  status?: string[];

  @Field(() => [ID], { nullable: true, description: "Vacations of one of these types." })
  @ArrayMaxSize(500)
  vacationType?: string[];

  @Field(() => [DateScalar], { nullable: true, description: "Vacations issued on one of these days." })
  @ArrayMaxSize(500)
  issueDate?: Date[];

  @Field(() => [Boolean], { nullable: true, description: "Vacations whose type is active (true) or inactive (false)." })
  @ArrayMaxSize(2)
  vacationTypeIsActive?: boolean[];

  @Field({ nullable: true, description: "Vacations of users who may (true) or may not (false) log in." })
  calendarUserCanLogIn?: boolean;

  @Field(() => DateRangeFilter, { nullable: true, description: "Vacations with at least one day in this range." })
  @ValidateNested()
  vacationDatesDate?: DateRangeFilter;
}
