import { IsIn, MaxLength, ValidateNested } from "class-validator";
import { ID, InputType, Int } from "type-graphql";
import { DateScalar } from "../../scalars";
import { VACATION_STATUSES } from "../../domain/value-sets";
import { DateRangeFilter } from "../shared/date-range-filter.input";
import { Optional, OptionalList } from "../../types/shared/fields";

@InputType({ description: "Narrows the vacation list. A list filter matches any of its values; filters combine with AND." })
export class VacationFilter {
  @Optional(String, "Case-insensitive substring of the description or of the calendar user's first name, last name, e-mail or short code.")
  @MaxLength(200)
  search?: string;

  @OptionalList(ID, 500, "Vacations of one of these users.")
  calendarUser?: string[];

  @OptionalList(Int, 100, "Vacations counted in one of these vacation years.")
  vacationYear?: number[];

  @OptionalList(
    String,
    20,
    `Vacations in one of these states: ${VACATION_STATUSES.join(", ")}; any other is BAD_USER_INPUT. A String, not an enum: the interface calls the set open (observed values).`,
  )
  @IsIn(VACATION_STATUSES, { each: true })
  status?: string[];

  @OptionalList(ID, 500, "Vacations of one of these types.")
  vacationType?: string[];

  @OptionalList(DateScalar, 500, "Vacations issued on one of these days.")
  issueDate?: Date[];

  @OptionalList(Boolean, 2, "Vacations whose type is active (true) or inactive (false).")
  vacationTypeIsActive?: boolean[];

  @Optional(Boolean, "Vacations of users who may (true) or may not (false) log in.")
  calendarUserCanLogIn?: boolean;

  @Optional(DateRangeFilter, "Vacations with at least one day in this range.")
  @ValidateNested()
  vacationDatesDate?: DateRangeFilter;
}
