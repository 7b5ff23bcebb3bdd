import { registerEnumType } from "type-graphql";

// Values equal the GraphQL names: the subgraph is built from printed SDL, where an argument
// default such as `order: SortDirection = ASC` is read before enum values are mapped.
export enum SortDirection {
  ASC = "ASC",
  DESC = "DESC",
}

/** Prisma's spelling of a sort direction. */
export function prismaDirection(direction: SortDirection): "asc" | "desc" {
  return direction === SortDirection.DESC ? "desc" : "asc";
}

registerEnumType(SortDirection, {
  name: "SortDirection",
  description: "Sort order of a key.",
  valuesConfig: {
    ASC: { description: "Ascending: smallest, earliest or A first." },
    DESC: { description: "Descending: largest, latest or Z first." },
  },
});
