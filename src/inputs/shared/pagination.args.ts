import { Max, Min } from "class-validator";
import { ArgsType, Field, Int } from "type-graphql";

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, defaultValue: 1, description: "Page to return, from 1." })
  @Min(1)
  page?: number | null = 1;

  @Field(() => Int, { nullable: true, defaultValue: 30, description: "Items per page, 0 to 100. 0 returns no items but the true totalCount." })
  @Min(0)
  @Max(100)
  itemsPerPage?: number | null = 30;
}

@ArgsType()
export class PaginationArgs extends PageArgs {
  @Field(() => Boolean, {
    nullable: true,
    defaultValue: true,
    description: "false returns every match on one page, up to the server's bound (MAX_UNPAGINATED_ITEMS, 1000 by default); page and itemsPerPage are then ignored.",
  })
  pagination?: boolean | null = true;
}
