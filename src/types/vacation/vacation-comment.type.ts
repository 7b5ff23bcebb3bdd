import { Directive, Field, ObjectType } from "type-graphql";
import { CalendarUserRef } from "../people/user-summaries.type";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A comment on a vacation request (by its owner or an approver)." })
export class VacationComment extends Identified("comment") {
  @Field({ description: "Text of the comment." })
  content!: string;

  @Field(() => CalendarUserRef, { description: "Who wrote it." })
  calendarUser!: CalendarUserRef;

  @Field(() => Date, { description: "When it was written." })
  createdAt!: Date;
}
