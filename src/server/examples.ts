import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../config/paths";
import demoIds from "../../prisma/demo-ids.json";

/** One ready-made operation of the interface (E1..E20), as the playground offers it and the tests run it. */
export type Example = ReturnType<typeof loadExamples>[number];

/**
 * The examples of examples/*.graphql with their variables: each its id ("E4", the operation's
 * number in the interface), name (the file's, "E04-create-invoice"), title (the document's first
 * comment line), the document as stored, and the variables of examples/<name>.json with every
 * "{{key}}" replaced by that demo id (a key of prisma/demo-ids.json, so the fixed ids are written
 * once). The documents live only there: the playground serves them as ready tabs and
 * test/demo-operations.test.ts runs each of them, so an example that stops working fails the suite.
 */
export function loadExamples(dir = join(projectRoot, "examples")) {
  return readdirSync(dir)
    .filter((file) => /^E\d\d-.+\.graphql$/.test(file))
    .sort()
    .map((file) => {
      const name = file.replace(/\.graphql$/, "");
      const query = readFileSync(join(dir, file), "utf8");
      const variables = resolveDemoIds(JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"))) as Record<string, unknown>;
      const title = /^#\s*(.+)$/m.exec(query)?.[1] ?? name;
      return { id: `E${Number(name.slice(1, 3))}`, name, title, query, variables };
    });
}

const ids = demoIds as Record<string, string>;

function resolveDemoIds(value: unknown): unknown {
  if (typeof value === "string") {
    const match = /^\{\{(\w+)\}\}$/.exec(value);
    if (!match) return value;
    const id = ids[match[1]];
    if (id === undefined) throw new Error(`examples: "${match[1]}" is not a key of prisma/demo-ids.json`);
    return id;
  }
  if (Array.isArray(value)) return value.map(resolveDemoIds);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDemoIds(v)]));
  return value;
}
