import { Max, Min } from "class-validator";
import { ArgsType, Field, Int } from "type-graphql";
import { DEFAULT_ITEMS_PER_PAGE, DEFAULT_PAGE } from "../../domain/paging";

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, defaultValue: DEFAULT_PAGE, description: "Page to return, from 1." })
  @Min(1)
  page?: number | null = DEFAULT_PAGE;

  @Field(() => Int, {
    nullable: true,
    defaultValue: DEFAULT_ITEMS_PER_PAGE,
    description: "Items per page, 0 to 100. 0 returns no items but the true totalCount.",
  })
  @Min(0)
  @Max(100)
  itemsPerPage?: number | null = DEFAULT_ITEMS_PER_PAGE;
}

@ArgsType()
export class PaginationArgs extends PageArgs {
  @Field(() => Boolean, {
    nullable: true,
    defaultValue: true,
    description:
      "false returns every match on one page, up to the server's bound (MAX_UNPAGINATED_ITEMS, 1000 by default); page and itemsPerPage are then ignored.",
  })
  pagination?: boolean | null = true;
}
