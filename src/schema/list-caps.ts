import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from "graphql";
import type { ListCap } from "../domain/list-cost";

const CAPPED = Symbol("capped list");

/**
 * Makes every declared cap true of what is answered: a list field with `listCost(n)`
 * (src/domain/list-cost.ts) returns at most its first `n` items (in the list's own order),
 * whatever the data holds. Where the domain already keeps a list within its cap, this never cuts
 * anything; where it does not (data this API never writes: imported bookings, long vacations...),
 * the README says what is cut. Idempotent.
 */
export function capDeclaredLists(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const cap = (field.extensions?.complexity as { cap?: ListCap } | undefined)?.cap;
      const resolve = (field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, unknown> & { [CAPPED]?: true };
      if (!cap || resolve[CAPPED]) continue;
      const cut = (value: unknown, args: Record<string, unknown>) => {
        const n = cap(args);
        return Array.isArray(value) && value.length > n ? value.slice(0, n) : value;
      };
      const cappedResolve: GraphQLFieldResolver<unknown, unknown> & { [CAPPED]?: true } = (source, args, ctx, info) => {
        const value = resolve(source, args, ctx, info);
        return value instanceof Promise ? value.then((v) => cut(v, args)) : cut(value, args);
      };
      cappedResolve[CAPPED] = true;
      field.resolve = cappedResolve;
    }
  }
}
