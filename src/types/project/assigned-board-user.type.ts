import { Field, ID } from "type-graphql";
import { ProjectUserRef } from "../people/user-summaries.type";
import { BoardUserRole } from "../shared/enums";
import { Identified, Entity } from "../shared/named.type";

@Entity("A project member's assignment to one of the project's boards, with their role on it.")
export class AssignedBoardUser extends Identified("assignment", "'s") {
  @Field(() => ProjectUserRef, { description: "The assigned user." })
  projectUser!: ProjectUserRef;

  @Field(() => ID, { description: "Id of the board." })
  board!: string;

  @Field(() => BoardUserRole, { description: "The user's role on the board: none or leader_active (stored leader-active)." })
  role!: string;
}
