import { Directive, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";
import { WithUserFields } from "../people/user-fields";

@Directive("@shareable")
@ObjectType({ description: "A user on a CRM note: its author or assignee." })
export class NoteUserRef extends WithUserFields(MiniUserRef, [
  "email",
  "isExternal",
  "contractorId",
  "contractorName",
  "canLogIn",
  "phoneNumber",
  "jobPositionName",
]) {}
