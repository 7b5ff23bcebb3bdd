import { IsIn } from "class-validator";
import { Field, InputType } from "type-graphql";

/** The roles a user may have on a board. */
export const BOARD_USER_ROLES = ["none", "leader-active"] as const;

@InputType({ description: "E10: the user's role on the board." })
export class AssignBoardUserInput {
  @Field(() => String, {
    nullable: true,
    description:
      "none or leader-active. Absent (or null): a new assignment gets none, an existing one keeps its role.",
  })
  @IsIn(BOARD_USER_ROLES)
  role?: string | null;
}
