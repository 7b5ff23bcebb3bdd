import { isObjectType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from "graphql";
import { RequestTimeoutError } from "../errors/errors";
import { nextTurn, turnExpired } from "../db/turns";
import type { RequestScope } from "../observability/request-scope";

const WRAPPED = Symbol("deadline-aware resolver");

/**
 * Makes every resolver of `schema` give up when its request's budget runs out: a resolver that
 * starts after the deadline throws REQUEST_TIMEOUT at once, and one still waiting (on the
 * database, a loader) when the deadline passes is answered with REQUEST_TIMEOUT then, so the
 * whole response goes out at the deadline instead of whenever the slowest piece finishes.
 * Idempotent (tests build many servers on one schema).
 */
export function applyDeadlines(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve as (GraphQLFieldResolver<unknown, unknown> & { [WRAPPED]?: true }) | undefined;
      if (!resolve || resolve[WRAPPED]) continue;
      const run = (source: unknown, args: Record<string, unknown>, ctx: { request?: RequestScope }, info: GraphQLResolveInfo): unknown => {
        const scope = ctx?.request;
        if (scope?.signal.aborted) throw new RequestTimeoutError(scope.budgetMs);
        const result = resolve(source, args, ctx, info);
        if (scope && result instanceof Promise) return Promise.race([result, scope.expired]);
        return result;
      };
      const wrapped: GraphQLFieldResolver<unknown, { request?: RequestScope }> & { [WRAPPED]?: true } = (source, args, ctx, info) =>
        ctx?.request && turnExpired() ? nextTurn().then(() => run(source, args, ctx, info)) : run(source, args, ctx, info);
      wrapped[WRAPPED] = true;
      field.resolve = wrapped as GraphQLFieldResolver<unknown, unknown>;
    }
  }
}
