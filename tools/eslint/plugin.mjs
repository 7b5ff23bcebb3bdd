// @ts-check
// The project's own lint rules (`local/...` in eslint.config.mjs). test/lint-rules.test.ts shows
// each of them failing on a bad fixture.
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";

/** The TypeScript file a relative import names, if it is one of the tree. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}/index.ts`, base].find((candidate) => candidate.endsWith(".ts") && existsSync(candidate)) ?? null;
}

/** The files each file imports, read from disk once per lint run. */
const onDisk = new Map();
function importsOnDisk(file) {
  let targets = onDisk.get(file);
  if (!targets) {
    // type-only imports and `import("...")` types count: they tie the files together all the same
    targets = ts
      .preProcessFile(readFileSync(file, "utf8"), true, true)
      .importedFiles.map((ref) => resolveImport(file, ref.fileName))
      .filter((target) => target !== null);
    onDisk.set(file, targets);
  }
  return targets;
}

/** A path of imports from `start` back to `goal`, if there is one (depth first). */
function pathBack(start, goal) {
  const seen = new Set();
  const walk = (file, path) => {
    if (file === goal) return path;
    if (seen.has(file)) return null;
    seen.add(file);
    for (const next of importsOnDisk(file)) {
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

/** @type {import("eslint").Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "No import cycle through relative imports, type-only imports included" },
    schema: [],
    messages: { cycle: "import cycle: {{path}}" },
  },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      const target = typeof source?.value === "string" ? resolveImport(file, source.value) : null;
      const path = target && pathBack(target, file);
      if (path)
        context.report({ node, messageId: "cycle", data: { path: [file, ...path].map((f) => relative(context.cwd, f)).join(" -> ") } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      // `import("graphql").GraphQLField` in a type
      TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
    };
  },
};

const decoratorName = (decorator) => {
  const expression = decorator.expression.type === "CallExpression" ? decorator.expression.callee : decorator.expression;
  return expression.type === "Identifier" ? expression.name : null;
};
const ROOT_FIELDS = new Set(["Query", "Mutation", "FieldResolver"]);
const declares = (decorators) =>
  (decorators ?? []).some(
    (d) => decoratorName(d) === "Authorized" && d.expression.type === "CallExpression" && d.expression.arguments.length > 0,
  );

/** @type {import("eslint").Rule.RuleModule} */
const declaredRule = {
  meta: {
    type: "problem",
    docs: { description: "Every root field and field resolver declares its access rule (@Authorized(rule)); every entity its read rule" },
    schema: [],
    messages: {
      field: "{{kind}} `{{name}}` declares no access rule: add @Authorized(rules.x) (src/auth/rules.ts)",
      entity: "defineEntity without `read`: declare who may read it, read: readBy(rules.x, ...) (src/auth/rule.ts)",
    },
  },
  create(context) {
    return {
      MethodDefinition(node) {
        const kind = (node.decorators ?? []).map(decoratorName).find((name) => ROOT_FIELDS.has(name));
        if (!kind || declares(node.decorators) || declares(node.parent.parent.decorators)) return;
        context.report({ node: node.key, messageId: "field", data: { kind, name: node.key.name ?? "?" } });
      },
      CallExpression(node) {
        if (node.callee.type !== "Identifier" || node.callee.name !== "defineEntity") return;
        const [, definition] = node.arguments;
        const hasRead =
          definition?.type === "ObjectExpression" &&
          definition.properties.some((p) => p.type === "SpreadElement" || (p.key?.type === "Identifier" && p.key.name === "read"));
        if (!hasRead) context.report({ node, messageId: "entity" });
      },
    };
  },
};

export default { rules: { "no-import-cycle": noImportCycle, "declared-rule": declaredRule } };
