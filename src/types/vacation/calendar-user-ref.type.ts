import { Directive, Field, ObjectType } from "type-graphql";
import { UserRef } from "../people/user-ref.type";

@Directive("@shareable")
@ObjectType({ description: "A user in the calendar: vacation owners, approvers, commenters." })
export class CalendarUserRef extends UserRef {
  @Field({ description: "Whether the user is external (not staff)." })
  isExternal!: boolean;

  @Field({ description: "The user's colour, #rrggbb." })
  decorator!: string;
}
