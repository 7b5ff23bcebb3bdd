import { ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";
import { WithUserFields } from "../people/user-fields";

@ObjectType({ description: "A user who looks after a contractor (the client's contact person on our side)." })
export class ContractorAttendant extends WithUserFields(MiniUserRef, ["email"]) {}
