import { MaxLength } from "class-validator";
import { ArgsType, Field, ID } from "type-graphql";
import { SortDirection } from "../../types/shared/sort-direction.enum";
import { PageArgs } from "../shared/pagination.args";
import { Optional, Required } from "../../types/shared/fields";

@ArgsType()
export class SharedTaskCommentsArgs extends PageArgs {
  @Required(String, "The task's share token (a task is shared while it has one).")
  @MaxLength(255)
  token!: string;

  @Optional(
    ID,
    "Return only the comments after this one in the chosen order (it must be a comment of the shared task); page and itemsPerPage then apply to what follows it.",
  )
  cursorId?: string | null;

  @Optional(Boolean, "true: only top-level comments (replying to nothing); false: only replies; omitted: both.")
  topLevel?: boolean | null;

  @Optional(ID, "Only the direct replies to this comment (it must be a comment of the shared task).")
  repliesTo?: string | null;

  @Field(() => SortDirection, {
    nullable: true,
    defaultValue: SortDirection.ASC,
    description: "Order by creation time (ties by id): ASC oldest first (default), DESC newest first.",
  })
  order?: SortDirection | null = SortDirection.ASC;
}
