import { IsIn } from "class-validator";
import { InputType } from "type-graphql";
import { BOARD_USER_ROLES } from "../../domain/value-sets";
import { BoardUserRole } from "../../types/shared/enums";
import { Optional } from "../../types/shared/fields";

@InputType({ description: "E10: the user's role on the board." })
export class AssignBoardUserInput {
  @Optional(
    BoardUserRole,
    "none or leader_active (stored leader-active). Absent (or null): a new assignment gets none, an existing one keeps its role.",
  )
  @IsIn(Object.keys(BOARD_USER_ROLES))
  role?: string | null;
}
