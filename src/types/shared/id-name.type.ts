import { Field, ObjectType } from "type-graphql";
import { Identified } from "./named.type";

@ObjectType({ description: "A referenced object by id and name (category, tag, department, contractor...)." })
export class IdName extends Identified("referenced object") {
  @Field({ description: "Its name." })
  name!: string;
}
