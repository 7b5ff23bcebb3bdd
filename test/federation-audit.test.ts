import { buildAppSchema } from "../src/schema/build-schema";
import { auditFederation, type FederationAudit } from "./support/schema-audit";
import { VALUE_TYPES_WITH_ID } from "./support/value-types";

/**
 * The contract's federation rule, checked on the schema the code builds: every object type with
 * its own `id` is an entity (`@key(fields: "id")`) that resolves from a reference; the value
 * types of test/support/value-types.ts are the only exceptions.
 */
let audit: FederationAudit;

beforeAll(async () => {
  audit = auditFederation((await buildAppSchema()).sdl);
});

describe("federation rule on the built schema", () => {
  it("every object type with an `id: ID!` has @key, unless it is a declared value type", () => {
    // A failure lists the types to fix: declare it with @Entity(description) (@key(fields: "id")) and defineEntity(...)
    // in their own files, or argue for them in value-types.ts.
    expect(audit.missingKey).toEqual([]);
  });

  it("every @key type has a reference resolver (defineEntity), so _entities never echoes a bare reference", () => {
    expect(audit.missingReferenceResolver).toEqual([]);
  });

  it("no declared value type is also an entity", () => {
    expect(audit.misdeclaredValueTypes).toEqual([]);
  });

  it("the audit sees the entities and tells them from value types", () => {
    expect(audit.entities).toEqual(expect.arrayContaining(["User", "CurrencyDictionary", "Shortcut"]));
    for (const name of VALUE_TYPES_WITH_ID) expect(audit.entities).not.toContain(name);
  });

  it("catches a keyless type with an id, a key without resolver and a keyed value type", () => {
    const sdl = `
      type Query { a: Widget }
      type Widget { id: ID! name: String! }
      type Gadget @key(fields: "id") { id: ID! }
      type UserRef @key(fields: "id") { id: ID! }
      type Page { total: Int! }
      type Label { id: ID name: String }
    `;
    expect(auditFederation(sdl)).toEqual({
      missingKey: ["Widget"],
      missingReferenceResolver: ["Gadget", "UserRef"],
      misdeclaredValueTypes: ["UserRef"],
      entities: ["Gadget", "UserRef"],
    });
  });
});
