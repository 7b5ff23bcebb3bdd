import { Directive, Field, Int, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "One line of a task checklist: something to do, ticked off when done." })
export class TaskChecklistItem extends Identified("item", "'s") {
  @Field({ description: "What is to be done." })
  name!: string;

  @Field({ description: "Whether the item is done." })
  isChecked!: boolean;

  @Field(() => Int, { description: "Position within its checklist; items are listed by ascending weight." })
  weight!: number;
}
