#!/usr/bin/env node
// Runs Prisma 6.19's CLI (Wasm schema engine) on one of the project's schema variants, offline:
//   node tools/prisma6/prisma6.mjs <sqlite|postgres> migrate diff --from-empty --to-schema-datamodel prisma/sqlite/schema.prisma --script
//   DATABASE_URL=postgresql://... node tools/prisma6/prisma6.mjs postgres migrate status
// Why: Prisma 7 is the app's client, but its `migrate diff/deploy/status` need the native schema
// engine, which cannot be downloaded here. Prisma 6 needs a `url` in the datasource block and
// Prisma 7 refuses one, so every .prisma file named on the command line (and the variant's own
// schema) is replaced by a temporary copy with a placeholder url; the adapter in
// tools/prisma6/prisma.config.ts is what really connects (DATABASE_URL).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const [variant, ...args] = process.argv.slice(2);
if (variant !== "sqlite" && variant !== "postgres") {
  console.error("usage: node tools/prisma6/prisma6.mjs <sqlite|postgres> <prisma arguments...>");
  process.exit(2);
}
const cli = createRequire(join(here, "package.json")).resolve("prisma/build/index.js");
const placeholder = variant === "postgres" ? "postgresql://localhost/unused" : "file:unused.db";

const work = mkdtempSync(join(tmpdir(), "prisma6-"));
let copies = 0;
function withUrl(file) {
  const text = readFileSync(file, "utf8");
  const datasource = /datasource\s+\w+\s*\{[^}]*\}/.exec(text)?.[0];
  if (!datasource) throw new Error(`${file}: no datasource block`);
  // schemas written before Prisma 7 (e.g. `git show` of an old variant) already carry one
  const patched = /\burl\s*=/.test(datasource)
    ? text
    : text.replace(datasource, datasource.replace(/(provider\s*=\s*"[^"]+")/, `$1\n  url      = "${placeholder}"`));
  const copy = join(work, `${copies++}-${basename(file)}`);
  writeFileSync(copy, patched);
  return copy;
}

try {
  const patchedArgs = args.map((a) => (a.endsWith(".prisma") && existsSync(resolve(a)) ? withUrl(resolve(a)) : a));
  const result = spawnSync(process.execPath, [cli, ...patchedArgs, "--config", join(here, "prisma.config.ts")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_VARIANT: variant,
      PRISMA6_SCHEMA: withUrl(join(root, "prisma", variant, "schema.prisma")),
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
