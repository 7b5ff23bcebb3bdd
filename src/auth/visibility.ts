import { defaultFieldResolver, isNonNullType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from "graphql";
import { Extensions } from "type-graphql";
import type { RequestAccess } from "./access";
import type { Rule } from "./rule";

// Field visibility: a field the caller may not see is null, however the object was read (a root
// field, a nested object, `_entities`). The rule is declared on the field of its type
// (`@VisibleTo(rules.contact)`) and applied on the schema, so reads need not know it.

/** Declares the rule that decides whether the caller sees this field (null when not). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const VisibleTo = (rule: Rule<any>): MethodDecorator & PropertyDecorator => Extensions({ visibleTo: rule });

/** The fields of the schema that carry a visibility rule, as `Type.field`. */
export function fieldRules(schema: GraphQLSchema) {
  return Object.values(schema.getTypeMap()).flatMap((type) =>
    isObjectType(type) && !type.name.startsWith("__")
      ? Object.values(type.getFields()).flatMap((field) => {
          const rule = field.extensions?.visibleTo as Rule<object> | undefined;
          return rule ? [{ coordinate: `${type.name}.${field.name}`, rule, field }] : [];
        })
      : [],
  );
}

/**
 * Wraps the resolver of every field with a rule: hidden means null. The caller alone decides
 * most rules (staff see phone numbers, admins see rates): that is asked once per request and
 * rule, and the field then resolves as it would without a rule; only a rule that depends on the
 * object asks per object, and only that may wait. A rule on a non-nullable field would turn a
 * refusal into an error that nulls the parent, so that is refused at start.
 */
export function applyFieldRules(schema: GraphQLSchema): void {
  for (const { coordinate, rule, field } of fieldRules(schema)) {
    if (isNonNullType(field.type)) throw new Error(`The visibility rule of ${coordinate} needs the field to be nullable`);
    const resolve = (field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<object, { access: RequestAccess }>;
    const resolver: GraphQLFieldResolver<object, { access: RequestAccess }> = (source, args, ctx, info) => {
      const decided = ctx.access.decide(rule);
      if (decided !== undefined) return decided ? resolve(source, args, ctx, info) : null;
      const shown = rule.holds!(ctx.access, source);
      if (shown instanceof Promise) return shown.then((ok) => (ok ? resolve(source, args, ctx, info) : null));
      return shown ? resolve(source, args, ctx, info) : null;
    };
    field.resolve = resolver as GraphQLFieldResolver<unknown, unknown>;
  }
}
