import { Int, ObjectType } from "type-graphql";
import { Required } from "./fields";

@ObjectType({ description: "Where a page sits in the whole result." })
export class PaginationInfo {
  @Required(Int, "The page returned, from 1.")
  page!: number;

  @Required(Int, "Items per page used for this answer (with `pagination: false`, the number of items returned).")
  itemsPerPage!: number;

  @Required(Int, "How many items match, over all pages.")
  totalCount!: number;

  @Required(Int, "The number of the last page (1 when there is at most one page).")
  lastPage!: number;

  @Required(Boolean, "Whether a page after this one has items.")
  hasNextPage!: boolean;
}
