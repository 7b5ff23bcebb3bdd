import { Directive, Field, ID, ObjectType } from "type-graphql";
import { ProjectUserRef } from "./project-user-ref.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A project member's assignment to one of the project's boards, with their role on it." })
export class AssignedBoardUser {
  @Field(() => ID, { description: "The assignment's id." })
  id!: string;

  @Field(() => ProjectUserRef, { description: "The assigned user." })
  projectUser!: ProjectUserRef;

  @Field(() => ID, { description: "Id of the board." })
  board!: string;

  @Field({ description: "The user's role on the board: none or leader-active." })
  role!: string;
}
