import type { GraphQLObjectType, GraphQLResolveInfo, GraphQLSchema } from "graphql";
import { declaredRules, PENDING } from "../../src/auth/policy";
import type { RequestAccess } from "../../src/auth/access";
import type { Rule } from "../../src/auth/rule";
import { RESOLVERS } from "../../src/schema/registry";

/**
 * A root field whose declared rule its subject decides must have had it required by its service
 * (`policy.require`) by the time it answers, or the declaration and the check have drifted apart:
 * wraps a resolver to fail then.
 */
export function verifyRequired(
  resolve: (...a: never[]) => unknown,
): (source: unknown, args: unknown, ctx: { access: RequestAccess }, info: GraphQLResolveInfo) => unknown {
  return (source, args, ctx, info) => {
    const check = (value: unknown) => {
      const pending = (info as GraphQLResolveInfo & { [PENDING]?: Array<Rule<never>> })[PENDING] ?? [];
      const missed = pending.filter((rule) => !ctx.access.required.has(rule));
      if (missed.length > 0)
        throw new Error(
          `${info.parentType.name}.${info.fieldName} declares "${missed.map((r) => r.text).join('", "')}" but its service never required it`,
        );
      return value;
    };
    const result = (resolve as (...a: unknown[]) => unknown)(source, args, ctx, info);
    return result instanceof Promise ? result.then(check) : check(result);
  };
}

const verified = new WeakSet<GraphQLSchema>();

/** The check above on each root field and field resolver of the application that declares a rule (once per schema). */
export function verifyDeclaredRules(schema: GraphQLSchema): GraphQLSchema {
  if (verified.has(schema)) return schema;
  verified.add(schema);
  for (const name of declaredRules(RESOLVERS).keys()) {
    const [typeName, fieldName] = name.split(".");
    const field = (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName];
    if (field.resolve) field.resolve = verifyRequired(field.resolve as never) as typeof field.resolve;
  }
  return schema;
}
