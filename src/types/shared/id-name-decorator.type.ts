import { Field, ObjectType } from "type-graphql";
import { Named } from "./named.type";

@ObjectType({ description: "A typed classifier with a colour: a stage type, a board type." })
export class IdNameDecorator extends Named("classifier", "of", "its") {
  @Field({ description: "Its colour, #rrggbb." })
  decorator!: string;
}
