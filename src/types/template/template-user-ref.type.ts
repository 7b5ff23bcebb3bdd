import { Directive, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";
import { WithUserFields } from "../people/user-fields";

@Directive("@shareable")
@ObjectType({ description: "The author of a project template." })
export class TemplateUserRef extends WithUserFields(MiniUserRef, [
  "shortCode",
  "email",
  "contractorName",
  "jobPositionName",
  "canLogIn",
  "isExternal",
]) {}
