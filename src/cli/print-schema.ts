import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildAppSchema } from "../schema/build-schema";
import { projectRoot } from "../config/paths";
import { SCHEMA_FILE, normalizeSdl } from "../schema/schema-check";

/**
 * `npm run schema:print`: writes the subgraph SDL (with `@link` and `@key`) to the committed
 * schema.graphql, so every schema change shows in review. An argument writes elsewhere instead
 * (`-` for standard output), e.g. to look at the SDL without touching the committed file.
 */
async function main(): Promise<void> {
  const sdl = normalizeSdl((await buildAppSchema()).sdl);
  const target = process.argv[2];
  if (target === "-") {
    process.stdout.write(sdl);
    return;
  }
  const file = target ? resolve(target) : join(projectRoot, SCHEMA_FILE);
  writeFileSync(file, sdl);
  console.log(`Wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
