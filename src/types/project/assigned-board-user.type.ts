import { ID } from "type-graphql";
import { Required } from "../shared/fields";
import { ProjectUserRef } from "../people/user-summaries.type";
import { BoardUserRole } from "../shared/enums";
import { Identified, Entity } from "../shared/named.type";

@Entity("A project member's assignment to one of the project's boards, with their role on it.")
export class AssignedBoardUser extends Identified("assignment", "'s") {
  @Required(ProjectUserRef, "The assigned user.")
  projectUser!: ProjectUserRef;

  @Required(ID, "Id of the board.")
  board!: string;

  @Required(BoardUserRole, "The user's role on the board: none or leader_active (stored leader-active).")
  role!: string;
}
