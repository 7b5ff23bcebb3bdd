import { Field, ObjectType } from "type-graphql";
import { Identified } from "./named.type";

@ObjectType({ description: "A typed classifier with a colour: a stage type, a board type." })
export class IdNameDecorator extends Identified("classifier") {
  @Field({ description: "Its name." })
  name!: string;

  @Field({ description: "Its colour, #rrggbb." })
  decorator!: string;
}
