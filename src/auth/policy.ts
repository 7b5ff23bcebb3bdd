import { getMetadataStorage, type AuthChecker, type ClassType } from "type-graphql";
import type { GraphQLResolveInfo } from "graphql";
import type { DbTx } from "../db/client";
import { ForbiddenError } from "../errors/errors";
import type { RequestAccess } from "./access";
import type { Viewer } from "./authenticate";
import type { EntityRead, Rule } from "./rule";

/**
 * Where the rules of src/auth/rules.ts are enforced:
 * - at the schema's edge: every root field (and field resolver that loads data) declares its rule
 *   with type-graphql's `@Authorized(rule)`, and `authChecker` asks the rule's `decide` before the
 *   resolver runs: refused, the rule's error; decided by the subject (a project, a template), the
 *   resolver runs and its service must `policy.require` the rule once it has loaded the subject;
 * - in a service, `policy.require(ctx, rule, subject)`, the one call for a check on a loaded object.
 * Start-up (`assertRulesDeclared`) and the lint rule local/declared-rule refuse a root field or
 * an entity without a rule.
 */

/** What the checks need of the request context (src/context.ts). */
interface Caller {
  viewer: Viewer;
  access: RequestAccess;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRule = Rule<any>;

/** The rules the edge let through for the service to require, on the field's `info` (checked under tests, test/support/verify-required.ts). */
export const PENDING = Symbol("rules the service must require");

const refusal = <S>(rule: Rule<S>, subject?: S): Error => rule.refusal?.(subject) ?? new ForbiddenError();

export const authChecker: AuthChecker<Caller, AnyRule> = ({ context, args, info }, declared) => {
  const pending: AnyRule[] = [];
  for (const rule of declared) {
    const decided = rule.decide(context.viewer, args);
    if (decided === false) throw refusal(rule);
    if (decided === undefined) pending.push(rule);
  }
  if (pending.length > 0) (info as GraphQLResolveInfo & { [PENDING]?: AnyRule[] })[PENDING] = pending;
  return true;
};

export const policy = {
  /**
   * Checks `rule` on a subject the service has loaded (a project id, a template row...): returns
   * when the caller may, throws the rule's refusal otherwise. Inside a write's transaction, `via`
   * makes the lookups see it.
   */
  async require<S>(ctx: Caller, rule: Rule<S>, subject: S, via?: DbTx): Promise<void> {
    ctx.access.required.add(rule as Rule<never>);
    const decided = ctx.access.decide(rule as Rule<never>);
    if (decided === true) return;
    if (decided === false || !(await rule.holds!(ctx.access, subject, via))) throw refusal(rule, subject);
  },
};

/** The rules declared on the root fields and field resolvers of `resolvers` (after the schema is built), by `Type.field`. */
export function declaredRules(resolvers: readonly ClassType[]): Map<string, AnyRule[]> {
  const storage = getMetadataStorage();
  const targets = new Set<unknown>(resolvers);
  const fields = [
    ...storage.queries.map((field) => ({ type: "Query", field })),
    ...storage.mutations.map((field) => ({ type: "Mutation", field })),
    ...storage.fieldResolvers.map((field) => ({ type: field.getObjectType?.()?.name ?? "?", field })),
  ].filter(({ field }) => targets.has(field.target));
  return new Map(fields.map(({ type, field }) => [`${type}.${field.schemaName}`, (field.roles ?? []) as AnyRule[]]));
}

/**
 * Start-up: every root field and field resolver of `resolvers` declares at least one rule with
 * `@Authorized(rule)`, and every entity its read rule; a missing one stops the server.
 */
export function assertRulesDeclared(
  resolvers: readonly ClassType[],
  entities: ReadonlyArray<{ typeName: string; read?: EntityRead }>,
): void {
  const isRule = (r: unknown) => typeof r === "object" && r !== null && typeof (r as AnyRule).decide === "function";
  const missing = [...declaredRules(resolvers)].filter(([, roles]) => roles.length === 0 || !roles.every(isRule)).map(([name]) => name);
  missing.push(...entities.filter((e) => !e.read || !isRule(e.read.rule)).map((e) => `entity ${e.typeName}`));
  if (missing.length > 0) {
    throw new Error(
      `No access rule declared for ${missing.join(", ")}: declare it with @Authorized(rules.x) (an entity: read: readBy(rules.x, ...)), see src/auth/rules.ts`,
    );
  }
}
