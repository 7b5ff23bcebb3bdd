// Prisma CLI configuration. The native schema engine cannot be downloaded on our machines,
// so the CLI runs on the Wasm engine ("js") through a driver adapter. PRISMA_VARIANT picks the
// database family (sqlite by default); `--schema` on the command line still wins.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

const variant = process.env.PRISMA_VARIANT === "postgres" ? "postgres" : "sqlite";
const url = process.env.DATABASE_URL ?? "file:./data/dev.db";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: `prisma/${variant}/schema.prisma`,
  migrations: { path: `prisma/${variant}/migrations` },
  adapter: async () =>
    variant === "postgres" ? new PrismaPg({ connectionString: url }) : new PrismaBetterSQLite3({ url }),
});
