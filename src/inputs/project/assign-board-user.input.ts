import { IsIn } from "class-validator";
import { Field, InputType } from "type-graphql";
import { BOARD_USER_ROLES } from "../../domain/value-sets";
import { BoardUserRole } from "../../types/shared/enums";

@InputType({ description: "E10: the user's role on the board." })
export class AssignBoardUserInput {
  @Field(() => BoardUserRole, {
    nullable: true,
    description:
      "none or leader_active (stored leader-active). Absent (or null): a new assignment gets none, an existing one keeps its role.",
  })
  @IsIn(Object.keys(BOARD_USER_ROLES))
  role?: string | null;
}
