import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../src/config/paths";

/** The code block the README marks with `<!-- test: name -->`. */
export function readmeBlock(name: string): string {
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  const match = new RegExp(`<!-- test: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match) throw new Error(`README has no block marked <!-- test: ${name} -->`);
  return match[1];
}

/**
 * A front-end project in a temporary folder, as the README's "Typed client code" sets one up:
 * its codegen.ts, the twenty examples as its documents (src/operations), this tree's packages.
 * The caller removes the folder.
 */
export function frontEndProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "wm-codegen-"));
  symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "codegen.ts"), readmeBlock("codegen.ts"));
  mkdirSync(join(dir, "src"));
  cpSync(join(projectRoot, "examples"), join(dir, "src", "operations"), { recursive: true, filter: (f) => !f.endsWith(".json") });
  return dir;
}
