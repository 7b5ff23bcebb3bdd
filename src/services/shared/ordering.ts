import { badInput } from "../../errors/errors";
import { prismaDirection, SortDirection } from "../../types/shared/sort-direction.enum";

/**
 * Turns the contract's `order: [XOrder!]` (one key per element, applied in list order) into a
 * Prisma orderBy list, always ending with `id` so that pages never overlap or skip.
 * `keys` maps each GraphQL order key to the Prisma orderBy fragment for a direction.
 */
export function buildOrderBy<K extends string, O>(
  order: Array<Partial<Record<K, SortDirection>>> | undefined | null,
  keys: Record<K, (dir: "asc" | "desc") => O>,
  defaultKey: K,
  idOrder: (dir: "asc" | "desc") => O,
): O[] {
  const result: O[] = [];
  const elements = order && order.length > 0 ? order : [{ [defaultKey]: SortDirection.ASC } as Partial<Record<K, SortDirection>>];
  elements.forEach((element, index) => {
    const present = Object.entries(element).filter(([, v]) => v !== undefined && v !== null) as Array<[K, SortDirection]>;
    if (present.length !== 1) {
      throw badInput(`order.${index}`, "oneKey", "each order element must set exactly one key");
    }
    const [key, direction] = present[0];
    result.push(keys[key](prismaDirection(direction)));
  });
  result.push(idOrder("asc"));
  return result;
}
