import {
  defaultFieldResolver,
  getNamedType,
  isLeafType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from "graphql";
import { inTurn } from "../db/turns";
import type { RequestScope } from "../observability/request-scope";

const WRAPPED = Symbol("deadline-aware resolver");

/**
 * Makes every resolver of `schema` give up once its request is abandoned (time budget, result
 * budget): a resolver that starts then rejects with the stop error at once; one still waiting
 * on a statement is answered when the statement's guard gives up (RequestScope.guard), so the
 * whole response goes out at the deadline instead of whenever the slowest piece finishes. A heavy
 * request's resolvers of objects take turns (src/db/turns.ts). Idempotent (tests build many
 * servers on one schema).
 */
export function applyDeadlines(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      // a heavy request's fields that lead to more work (objects, lists of them) take turns; a
      // scalar is computed at once (deferring it would only allocate), and one on graphql-js's
      // default resolver (src/schema/build-schema.ts) is left without a wrapper
      const yields = !isLeafType(getNamedType(field.type));
      const resolve = (field.resolve ?? (yields ? defaultFieldResolver : undefined)) as
        (GraphQLFieldResolver<unknown, unknown> & { [WRAPPED]?: true }) | undefined;
      if (!resolve || resolve[WRAPPED]) continue;
      const run = (source: unknown, args: Record<string, unknown>, ctx: { request?: RequestScope }, info: GraphQLResolveInfo): unknown => {
        const scope = ctx?.request;
        // a rejection, not a throw: graphql-js abandons the promises of an object's other fields
        // (or a list's other items) when one throws, and those would reject unhandled
        if (scope?.stopped) return Promise.reject(scope.stopped);
        return resolve(source, args, ctx, info);
      };
      const wrapped: GraphQLFieldResolver<unknown, { request?: RequestScope }> & { [WRAPPED]?: true } = (source, args, ctx, info) =>
        yields && ctx?.request?.heavy ? inTurn(() => run(source, args, ctx, info)) : run(source, args, ctx, info);
      wrapped[WRAPPED] = true;
      field.resolve = wrapped as GraphQLFieldResolver<unknown, unknown>;
    }
  }
}
