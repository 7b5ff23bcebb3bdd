// Derives the per-database Prisma schemas from the single source prisma/models.prisma.
// PostgreSQL keeps the native column types (@db.*); SQLite has no such types, so they are dropped.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const models = readFileSync(join(root, "prisma/models.prisma"), "utf8");

const header = (provider, name, placeholderUrl) => `// GENERATED from prisma/models.prisma by scripts/prisma-variants.mjs: do not edit.

generator client {
  provider               = "prisma-client"
  output                 = "../../src/generated/${name}"
  engineType             = "client"
  runtime                = "nodejs"
  moduleFormat           = "cjs"
  generatedFileExtension = "ts"
  importFileExtension    = ""
}

// The url is never used to connect: the app and the CLI reach the database through driver
// adapters (src/db/, prisma.config.ts). Prisma 6 only insists that the block names one.
datasource db {
  provider = "${provider}"
  url      = "${placeholderUrl}"
}
`;

const variants = {
  postgres: { provider: "postgresql", url: "postgresql://localhost/unused", body: models },
  sqlite: { provider: "sqlite", url: "file:unused.db", body: models.replace(/ *@db\.\w+(\([^)]*\))?/g, "") },
};

const check = process.argv.includes("--check");
let stale = false;
for (const [name, { provider, url, body }] of Object.entries(variants)) {
  const file = join(root, "prisma", name, "schema.prisma");
  const text = header(provider, name, url) + "\n" + body;
  if (check) {
    let current = "";
    try { current = readFileSync(file, "utf8"); } catch {}
    if (current !== text) { console.error(`${file} is out of date: run npm run prisma:variants`); stale = true; }
    continue;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
if (stale) process.exit(1);
