// Prisma 7 CLI configuration (used by `prisma generate`). PRISMA_VARIANT picks the database
// family (sqlite by default); `--schema` on the command line still wins. The url is only read by
// commands that connect; the app itself connects through driver adapters (src/db/client.ts).
//
// Prisma 7's `migrate diff/deploy/status` need the native schema engine, which cannot be
// downloaded on our machines: migrations are derived and checked with the dev-only Prisma 6.19
// tool in tools/prisma6 (Wasm schema engine), which has its own configuration.
import { defineConfig } from "prisma/config";

const variant = process.env.PRISMA_VARIANT === "postgres" ? "postgres" : "sqlite";
const url = process.env.DATABASE_URL ?? (variant === "postgres" ? "postgresql://localhost/unused" : "file:./data/dev.db");

export default defineConfig({
  schema: `prisma/${variant}/schema.prisma`,
  migrations: { path: `prisma/${variant}/migrations` },
  datasource: { url },
});
