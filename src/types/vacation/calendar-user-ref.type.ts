import { Directive, ObjectType } from "type-graphql";
import { UserRef } from "../people/user-ref.type";
import { WithUserFields } from "../people/user-fields";

@Directive("@shareable")
@ObjectType({ description: "A user in the calendar: vacation owners, approvers, commenters." })
export class CalendarUserRef extends WithUserFields(UserRef, ["isExternal", "decorator"]) {}
