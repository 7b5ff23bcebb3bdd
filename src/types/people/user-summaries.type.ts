import { Directive, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";
import { WithUserFields } from "./user-fields";

// The user summaries: value types, not entities, each a projection of User whose id is the user's, so a
// supergraph reaches the person through User; @shareable lets other subgraphs return the same summary.
// All but CustomFieldUser extend MiniUserRef (as their mappers in src/services/shared/user-refs.ts do).

@Directive("@shareable")
@ObjectType({ description: "The shortest user summary: comment and file authors, mentions, reactions." })
export class MiniUserRef extends WithUserFields(Identified("user", "'s"), ["firstName", "lastName", "pictureSm", "pictureLg"]) {}

@Directive("@shareable")
@ObjectType({ description: "The project member responsible for a risk." })
export class RiskUserRef extends WithUserFields(MiniUserRef, ["shortCode", "email", "phoneNumber"]) {}

@Directive("@shareable")
@ObjectType({ description: "A user as shown on chat topic assignments and invoices." })
export class UserRef extends WithUserFields(RiskUserRef, ["canLogIn", "contractorId", "contractorName", "jobPositionName"]) {}

@Directive("@shareable")
@ObjectType({ description: "A user in a project context: project members, checklist leaders, file authors." })
export class ProjectUserRef extends WithUserFields(UserRef, ["hourlyRate", "isExternal", "decorator"]) {}

@Directive("@shareable")
@ObjectType({ description: "A user in the calendar: vacation owners, approvers, commenters." })
export class CalendarUserRef extends WithUserFields(UserRef, ["isExternal", "decorator"]) {}

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

@ObjectType({ description: "A user who looks after a contractor (the client's contact person on our side)." })
export class ContractorAttendant extends WithUserFields(MiniUserRef, ["email"]) {}

@Directive("@shareable")
@ObjectType({ description: "A user chosen in a users custom field." })
export class CustomFieldUser extends WithUserFields(Identified("user", "'s"), ["firstName", "lastName", "email", "pictureSm"]) {}
