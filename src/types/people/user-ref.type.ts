import { Directive, ObjectType } from "type-graphql";
import { RiskUserRef } from "../project/risk-user-ref.type";
import { WithUserFields } from "./user-fields";

@Directive("@shareable")
@ObjectType({ description: "A user as shown on chat topic assignments and invoices." })
export class UserRef extends WithUserFields(RiskUserRef, ["canLogIn", "contractorId", "contractorName", "jobPositionName"]) {}
