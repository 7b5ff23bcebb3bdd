import { Directive, Field, ID, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A user's reaction to a task comment." })
export class TaskCommentReaction {
  @Field(() => ID, { description: "Id of the reaction." })
  id!: string;

  @Field(() => MiniUserRef, { description: "Who reacted." })
  user!: MiniUserRef;

  @Field({ description: "The kind of reaction (e.g. like, heart, laugh); a user gives each kind at most once per comment." })
  reactionType!: string;
}
