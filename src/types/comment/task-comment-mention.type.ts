import { Directive, Field, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/user-summaries.type";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A user mentioned in a task comment." })
export class TaskCommentMention extends Identified("mention") {
  @Field(() => MiniUserRef, { description: "The mentioned user." })
  user!: MiniUserRef;
}
