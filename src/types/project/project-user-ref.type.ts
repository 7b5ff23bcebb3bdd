import { Directive, ObjectType } from "type-graphql";
import { UserRef } from "../people/user-ref.type";
import { WithUserFields } from "../people/user-fields";

@Directive("@shareable")
@ObjectType({ description: "A user in a project context: project members, checklist leaders, file authors." })
export class ProjectUserRef extends WithUserFields(UserRef, ["hourlyRate", "isExternal", "decorator"]) {}
