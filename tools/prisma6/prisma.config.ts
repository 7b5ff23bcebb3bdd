// Prisma 6.19 CLI configuration for tools/prisma6/prisma6.mjs (set by it through --config).
// The CLI runs on its Wasm schema engine ("js") through a driver adapter: Prisma 6's engine is the
// last one that needs no native binary, and those cannot be downloaded on our machines.
// PRISMA6_SCHEMA is the temporary copy of the variant's schema (with the placeholder url
// Prisma 6 insists on); the migrations are the committed ones.
import { join } from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

const variant = process.env.PRISMA_VARIANT === "postgres" ? "postgres" : "sqlite";
const url = process.env.DATABASE_URL ?? "file:./data/dev.db";
const root = join(__dirname, "..", "..");

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: process.env.PRISMA6_SCHEMA ?? join(root, "prisma", variant, "schema.prisma"),
  migrations: { path: join(root, "prisma", variant, "migrations") },
  adapter: async () => (variant === "postgres" ? new PrismaPg({ connectionString: url }) : new PrismaBetterSQLite3({ url })),
});
