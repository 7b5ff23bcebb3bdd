import { Directive, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";
import { WithUserFields } from "../people/user-fields";

@Directive("@shareable")
@ObjectType({ description: "The project member responsible for a risk." })
export class RiskUserRef extends WithUserFields(MiniUserRef, ["shortCode", "email", "phoneNumber"]) {}
