import { Field, ObjectType, type ClassType } from "type-graphql";
import { Required } from "./fields";
import { PaginationInfo } from "./pagination-info.type";
import { PAGED_BY_PARENT } from "../../domain/list-cost";

/** A page of a collection: `XCollection { items, paginationInfo }`, as the contract shapes every list operation. */
export function Collection<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class CollectionClass {
    @Field(() => [itemType], { complexity: PAGED_BY_PARENT, description: "The items of this page, in the requested order." })
    items!: T[];

    @Required(PaginationInfo, "Where this page sits in the whole result.")
    paginationInfo!: PaginationInfo;
  }
  return CollectionClass;
}
