import { enumOf } from "./enums";

// Values equal the GraphQL names: the subgraph is built from printed SDL, where an argument
// default such as `order: SortDirection = ASC` is read before enum values are mapped.
export const SortDirection = enumOf("SortDirection", "Sort order of a key.", {
  ASC: "Ascending: smallest, earliest or A first.",
  DESC: "Descending: largest, latest or Z first.",
});
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

/** Prisma's spelling of a sort direction. */
export function prismaDirection(direction: SortDirection): "asc" | "desc" {
  return direction === SortDirection.DESC ? "desc" : "asc";
}
