import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * The lint rules that keep the structure (tools/eslint/): each fails on a bad fixture, linted
 * with ESLint's own API the way `npm run lint` lints the tree (the fixtures are texts given a
 * path inside src/; nothing is written). ESLint's configuration is ESM, so a node process lints.
 */
const root = join(__dirname, "..");

interface Finding {
  ruleId: string | null;
  message: string;
}

function lint(fixtures: Record<string, string>): Record<string, Finding[]> {
  const script = `
    import { ESLint } from "eslint";
    import tseslint from "typescript-eslint";
    import { structureConfig } from "./tools/eslint/structure.mjs";
    const eslint = new ESLint({
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, ...structureConfig],
    });
    const fixtures = JSON.parse(process.argv[1]);
    const out = {};
    for (const [path, code] of Object.entries(fixtures)) {
      const [result] = await eslint.lintText(code, { filePath: path });
      out[path] = result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(fixtures)], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(output) as Record<string, Finding[]>;
}

const rules = (findings: Finding[]) => findings.map((f) => f.ruleId);
const at = (findings: Finding[]) => findings.map((f) => `${f.ruleId}: ${f.message}`);

describe("the import rules", () => {
  let found: Record<string, Finding[]>;
  beforeAll(() => {
    found = lint({
      // a GraphQL type reaching up into the HTTP server
      "src/types/shared/fixture.ts": 'import { operationCost } from "../../server/cost";\nexport const cost = operationCost;\n',
      // a rule reaching up into the request context
      "src/auth/fixture.ts": 'import type { Context } from "../context";\nexport type Seen = Context;\n',
      // a resolver holding a database client
      "src/resolvers/people/fixture.ts": 'import { prismaClient } from "../../db/client";\nexport const open = prismaClient;\n',
      "src/resolvers/people/fixture-kysely.ts": 'import { sql } from "kysely";\nexport const raw = sql;\n',
      // turns.ts is imported by budget.ts: importing budget.ts back closes a cycle, a type-only import too
      "src/db/turns.ts": 'import type { budgetedDb } from "./budget";\nexport type Budgeted = typeof budgetedDb;\n',
      // what the layers allow: a service using the database, a type using the domain's list costs
      "src/services/people/fixture.ts": 'import type { Db } from "../../db/client";\nexport type Client = Db;\n',
      "src/types/shared/fixture-ok.ts": 'import { listCost } from "../../domain/list-cost";\nexport const cost = listCost(3);\n',
      // a resolver reaching into the database through the request context
      "src/resolvers/people/fixture-ctx.ts": "export const count = (ctx: { db: { user: { count(): number } } }) => ctx.db.user.count();\n",
    });
  }, 60_000);

  it("refuse an import running back up a layer (types, inputs and db never import server)", () => {
    expect(rules(found["src/types/shared/fixture.ts"])).toEqual(["import-x/no-restricted-paths"]);
    expect(rules(found["src/auth/fixture.ts"])).toEqual(["import-x/no-restricted-paths"]);
    expect(found["src/auth/fixture.ts"][0].message).toMatch(/src\/auth may import only from its own layer and those below it/);
  });

  it("refuse a database client in a resolver", () => {
    expect(rules(found["src/resolvers/people/fixture.ts"])).toEqual(["no-restricted-imports"]);
    expect(rules(found["src/resolvers/people/fixture-kysely.ts"])).toEqual(["no-restricted-imports"]);
  });

  it("refuse an import cycle, type-only imports included, naming the files around it", () => {
    expect(found["src/db/turns.ts"]).toEqual([
      { ruleId: "local/no-import-cycle", message: "import cycle: src/db/turns.ts -> src/db/budget.ts -> src/db/turns.ts" },
    ]);
  });

  it("refuse ctx.db and ctx.read in a resolver", () => {
    expect(rules(found["src/resolvers/people/fixture-ctx.ts"])).toEqual(["no-restricted-syntax"]);
  });

  it("let the imports the layers allow through", () => {
    expect(found["src/services/people/fixture.ts"]).toEqual([]);
    expect(found["src/types/shared/fixture-ok.ts"]).toEqual([]);
  });
});

describe("the rule declarations", () => {
  let found: Record<string, Finding[]>;
  beforeAll(() => {
    found = lint({
      "src/resolvers/people/fixture-rules.ts": [
        'import { Authorized, FieldResolver, Mutation, Query, Resolver } from "type-graphql";',
        'import { rules } from "../../auth/rules";',
        "@Resolver()",
        "export class Fixture {",
        '  @Query(() => String) open(): string { return "x"; }',
        '  @Mutation(() => String) @Authorized() empty(): string { return "x"; }',
        '  @FieldResolver(() => String) loads(): string { return "x"; }',
        '  @Query(() => String) @Authorized(rules.signedIn) declared(): string { return "x"; }',
        "}",
        "",
      ].join("\n"),
      "src/services/people/fixture-entity.ts": [
        'import { defineEntity } from "../../federation/entity-registry";',
        'import { readBy } from "../../auth/rule";',
        'import { rules } from "../../auth/rules";',
        'class Open { id = ""; }',
        "export const open = defineEntity(Open, { loadMany: async () => [] });",
        "export const declared = defineEntity(Open, { read: readBy(rules.signedIn), loadMany: async () => [] });",
        "",
      ].join("\n"),
    });
  }, 60_000);

  it("refuse a root field or field resolver without @Authorized(rule), and let a declared one through", () => {
    expect(at(found["src/resolvers/people/fixture-rules.ts"])).toEqual([
      "local/declared-rule: Query `open` declares no access rule: add @Authorized(rules.x) (src/auth/rules.ts)",
      "local/declared-rule: Mutation `empty` declares no access rule: add @Authorized(rules.x) (src/auth/rules.ts)",
      "local/declared-rule: FieldResolver `loads` declares no access rule: add @Authorized(rules.x) (src/auth/rules.ts)",
    ]);
  });

  it("refuse an entity without a read rule, and let a declared one through", () => {
    expect(at(found["src/services/people/fixture-entity.ts"])).toEqual([
      "local/declared-rule: defineEntity without `read`: declare who may read it, read: readBy(rules.x, ...) (src/auth/rule.ts)",
    ]);
  });
});
