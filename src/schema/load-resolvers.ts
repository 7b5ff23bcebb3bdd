import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { ClassType, NonEmptyArray } from "type-graphql";

/**
 * Every class exported by a `*.resolver` module in src/resolvers. type-graphql 2 dropped glob
 * loading; discovering the files keeps adding an operation to adding one file.
 */
export function loadResolvers(dir = join(__dirname, "..", "resolvers")): NonEmptyArray<ClassType> {
  const classes: ClassType[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!/\.resolver\.(ts|js)$/.test(file) || file.endsWith(".d.ts")) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(join(dir, file)) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (typeof value === "function") classes.push(value as ClassType);
  }
  if (classes.length === 0) throw new Error(`No resolvers found in ${dir}`);
  return classes as NonEmptyArray<ClassType>;
}
