import { Directive, Field, ID, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A user mentioned in a task comment." })
export class TaskCommentMention {
  @Field(() => ID, { description: "Id of the mention." })
  id!: string;

  @Field(() => MiniUserRef, { description: "The mentioned user." })
  user!: MiniUserRef;
}
