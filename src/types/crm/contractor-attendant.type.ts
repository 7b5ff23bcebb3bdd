import { Field, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";

@ObjectType({ description: "A user who looks after a contractor (the client's contact person on our side)." })
export class ContractorAttendant extends MiniUserRef {
  @Field({ description: "E-mail address." })
  email!: string;
}
