import { Directive, Field, ID, Int, ObjectType } from "type-graphql";

@Directive('@key(fields: "id")')
@ObjectType({ description: "One line of a task checklist: something to do, ticked off when done." })
export class TaskChecklistItem {
  @Field(() => ID, { description: "The item's id." })
  id!: string;

  @Field({ description: "What is to be done." })
  name!: string;

  @Field({ description: "Whether the item is done." })
  isChecked!: boolean;

  @Field(() => Int, { description: "Position within its checklist; items are listed by ascending weight." })
  weight!: number;
}
