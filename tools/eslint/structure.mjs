// @ts-check
// The structure of src/ as lint rules: every root field and entity declares its access rule
// (local/declared-rule); resolvers hold no database; and the import graph: no import cycle (local/no-import-cycle, type-only imports
// included, which eslint-plugin-import-x's no-cycle skips), and no import running back up a layer
// (eslint-plugin-import-x's no-restricted-paths). test/lint-rules.test.ts lints bad imports with
// this configuration.
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import local from "./plugin.mjs";

/**
 * The layers of src/, lowest first. A file may import from its own layer and the layers below it,
 * never from one above: the domain's plain values under everything; the database under the rules
 * that read it; GraphQL types and inputs under the services; the services under the resolvers,
 * the resolvers under the schema that lists them, the schema under the HTTP server and its REST
 * paths, and the entry points on top. See docs/ARCHITECTURE.md.
 */
export const LAYERS = [
  ["src/domain"],
  ["src/errors", "src/config", "src/observability", "src/scalars"],
  ["src/generated", "src/db"],
  ["src/auth"],
  ["src/validation", "src/types", "src/inputs"],
  ["src/federation"],
  ["src/loaders"],
  ["src/context.ts"],
  ["src/services"],
  ["src/resolvers", "src/seed"],
  ["src/schema"],
  ["src/rest"],
  ["src/server"],
  ["src/main.ts", "src/cli"],
];

/** One zone per layer: its files may not import from any layer above it. */
const zones = LAYERS.slice(0, -1).map((layer, i) => ({
  target: layer,
  from: LAYERS.slice(i + 1).flat(),
  message: `${layer.join(", ")} may import only from its own layer and those below it (LAYERS of tools/eslint/structure.mjs)`,
}));

/** Database clients, for the rule that keeps them out of the resolvers. */
const DATABASE_MODULES = ["kysely", "kysely/*", "pg", "better-sqlite3", "@prisma/*", "**/db/client", "**/db/kysely", "**/generated/**"];

/** @type {import("eslint").Linter.Config[]} */
export const structureConfig = [
  {
    files: ["src/**/*.ts"],
    plugins: { "import-x": importX, local },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js", ".json"] })] },
    rules: {
      "local/no-import-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones }],
    },
  },
  {
    // every root field and entity declares its access rule (start-up checks it too)
    files: ["src/**/*.ts"],
    rules: { "local/declared-rule": "error" },
  },
  {
    // Resolvers are the schema's edge: they hand the request context to a service and never
    // reach a database themselves (docs/ARCHITECTURE.md, "One data port").
    files: ["src/resolvers/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: DATABASE_MODULES, message: "resolvers call services; the database is theirs" }] },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='ctx'][property.name=/^(db|read)$/]",
          message: "resolvers hand ctx to a service; the database is the service's",
        },
      ],
    },
  },
];
