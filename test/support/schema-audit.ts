import { Kind, type ObjectTypeDefinitionNode, type TypeNode, parse } from "graphql";
import { ENTITIES } from "../../src/schema/registry";
import { VALUE_TYPES_WITH_ID } from "./value-types";

const ROOT_TYPES = new Set(["Query", "Mutation", "Subscription"]);

export interface FederationAudit {
  /** Object types with an `id: ID!` that are neither entities nor declared value types. */
  missingKey: string[];
  /** Types with `@key` whose reference the subgraph cannot resolve (not in ENTITIES of src/schema/registry.ts). */
  missingReferenceResolver: string[];
  /** Declared value types that carry `@key` anyway: one of the two decisions is wrong. */
  misdeclaredValueTypes: string[];
  /** Every entity of the subgraph, by name. */
  entities: string[];
}

function isNonNullId(type: TypeNode): boolean {
  return type.kind === Kind.NON_NULL_TYPE && type.type.kind === Kind.NAMED_TYPE && type.type.name.value === "ID";
}

function hasDirective(node: ObjectTypeDefinitionNode, name: string): boolean {
  return (node.directives ?? []).some((d) => d.name.value === name);
}

/**
 * Checks the subgraph SDL against the federation rule of the contract: every object type with
 * its own `id` is an entity with `@key(fields: "id")` that resolves from a reference; the only
 * exceptions are the value types listed in value-types.ts.
 */
export function auditFederation(sdl: string, entities: readonly { typeName: string }[] = ENTITIES): FederationAudit {
  const loaded = new Set(entities.map((e) => e.typeName));
  const audit: FederationAudit = { missingKey: [], missingReferenceResolver: [], misdeclaredValueTypes: [], entities: [] };
  for (const def of parse(sdl).definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION || ROOT_TYPES.has(def.name.value)) continue;
    const name = def.name.value;
    const keyed = hasDirective(def, "key");
    const hasId = (def.fields ?? []).some((f) => f.name.value === "id" && isNonNullId(f.type));
    if (keyed) {
      audit.entities.push(name);
      if (!loaded.has(name)) audit.missingReferenceResolver.push(name);
    }
    if (VALUE_TYPES_WITH_ID.has(name)) {
      if (keyed) audit.misdeclaredValueTypes.push(name);
    } else if (hasId && !keyed) {
      audit.missingKey.push(name);
    }
  }
  for (const list of Object.values(audit)) list.sort();
  return audit;
}
