import { Int, ObjectType } from "type-graphql";
import { DateScalar } from "../../scalars";
import { CalendarUserRef } from "../people/user-summaries.type";
import { Identified, Named, Entity } from "../shared/named.type";
import { Collection } from "../shared/collection.type";
import { Optional, FirstOf, OpenSet, Required } from "../shared/fields";

@Entity("A comment on a vacation request (by its owner or an approver).")
export class VacationComment extends Identified("comment") {
  @Required(String, "Text of the comment.")
  content!: string;

  @Required(CalendarUserRef, "Who wrote it.")
  calendarUser!: CalendarUserRef;

  @Required(Date, "When it was written.")
  createdAt!: Date;
}

@Entity("One day of absence of a vacation.")
export class VacationDate extends Identified("vacation day") {
  @Required(DateScalar, "The calendar day, YYYY-MM-DD (a Date: no time of day, no time zone to shift it).")
  date!: Date;
}

@ObjectType({ description: "What the caller may do with a vacation." })
export class VacationPermissions {
  @Required(
    Boolean,
    "Whether the caller may accept, reject or change it: an admin, or a leader of one of the vacation owner's departments.",
  )
  canManage!: boolean;
}

@Entity("A kind of absence (annual leave, sick leave...), as shown on a vacation.")
export class VacationType extends Named("vacation type", "of", "its") {
  @Required(Boolean, "Whether days of this type count against the user's yearly vacation allowance.")
  decrementVacation!: boolean;

  @Required(Boolean, "Whether the type may still be chosen for new vacations.")
  isActive!: boolean;
}

@Entity("A vacation (absence) request of a user, with its days, comments and decision.")
export class Vacation extends Identified("vacation") {
  @Required(CalendarUserRef, "The user who is absent.")
  calendarUser!: CalendarUserRef;

  @Required(VacationType, "The kind of absence.")
  vacationType!: VacationType;

  @OpenSet("State of the request: q (queued, awaiting a decision), accepted, rejected or cancelled.")
  status!: string;

  @Required(Int, "Number of days of absence: how many dates the vacation has.")
  daysCount!: number;

  @Required(String, "The requester's description, empty when none.")
  description!: string;

  @Required(Int, "The vacation year the days are counted in (the allowance year).")
  vacationYear!: number;

  @Required(DateScalar, "The day the request was issued.")
  issueDate!: Date;

  @FirstOf(VacationComment, 10, "Comments on the request, oldest first")
  vacationComments!: VacationComment[];

  @FirstOf(VacationDate, 31, "The days of absence, earliest first")
  vacationDates!: VacationDate[];

  @Optional(CalendarUserRef, "Who accepted the request, if anyone.")
  acceptedBy!: CalendarUserRef | null;

  @Optional(CalendarUserRef, "Who rejected the request, if anyone.")
  rejectedBy!: CalendarUserRef | null;

  @Required(Boolean, "Whether the request document (PDF) has been generated.")
  fileGenerated!: boolean;

  @Required(Date, "When the request was created.")
  createdAt!: Date;

  @Required(Date, "When the request was last changed.")
  updatedAt!: Date;

  @Optional(VacationPermissions, "What the caller may do with it.")
  permissions!: VacationPermissions | null;
}

@ObjectType({ description: "A page of vacations." })
export class VacationCollection extends Collection(Vacation) {}
