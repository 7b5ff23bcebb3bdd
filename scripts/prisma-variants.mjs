// Derives the per-database Prisma schemas from the single source prisma/models.prisma.
// PostgreSQL keeps the native column types (@db.*); SQLite has no such types, so they are dropped.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const models = readFileSync(join(root, "prisma/models.prisma"), "utf8");

const header = (provider, name) => `// GENERATED from prisma/models.prisma by scripts/prisma-variants.mjs: do not edit.

generator client {
  provider               = "prisma-client"
  output                 = "../../src/generated/${name}"
  engineType             = "client"
  runtime                = "nodejs"
  moduleFormat           = "cjs"
  generatedFileExtension = "ts"
  importFileExtension    = ""
}

// No url: Prisma 7 takes it from prisma.config.ts (the CLI) and the app connects through driver
// adapters (src/db/client.ts). tools/prisma6 adds a placeholder url to a temporary copy.
datasource db {
  provider = "${provider}"
}
`;

const variants = {
  postgres: { provider: "postgresql", body: models },
  sqlite: { provider: "sqlite", body: models.replace(/ *@db\.\w+(\([^)]*\))?/g, "") },
};

const check = process.argv.includes("--check");
let stale = false;
for (const [name, { provider, body }] of Object.entries(variants)) {
  const file = join(root, "prisma", name, "schema.prisma");
  const text = header(provider, name) + "\n" + body;
  if (check) {
    let current = "";
    try {
      current = readFileSync(file, "utf8");
    } catch {
      /* no file yet: out of date */
    }
    if (current !== text) {
      console.error(`${file} is out of date: run npm run prisma:variants`);
      stale = true;
    }
    continue;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
if (stale) process.exit(1);
