import { Directive, Field, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/user-summaries.type";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A user's reaction to a task comment." })
export class TaskCommentReaction extends Identified("reaction") {
  @Field(() => MiniUserRef, { description: "Who reacted." })
  user!: MiniUserRef;

  @Field({ description: "The kind of reaction (e.g. like, heart, laugh); a user gives each kind at most once per comment." })
  reactionType!: string;
}
