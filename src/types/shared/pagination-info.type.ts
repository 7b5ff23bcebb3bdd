import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "Where a page sits in the whole result." })
export class PaginationInfo {
  @Field(() => Int, { description: "The page returned, from 1." })
  page!: number;

  @Field(() => Int, { description: "Items per page used for this answer (with `pagination: false`, the number of items returned)." })
  itemsPerPage!: number;

  @Field(() => Int, { description: "How many items match, over all pages." })
  totalCount!: number;

  @Field(() => Int, { description: "The number of the last page (1 when there is at most one page)." })
  lastPage!: number;

  @Field({ description: "Whether a page after this one has items." })
  hasNextPage!: boolean;
}
