import "reflect-metadata";
import { parseArgs } from "node:util";
import { loadConfig, databaseKind } from "../config/config";
import { prismaClient } from "../db/client";
import { migrate } from "../db/migrate";
import { demoIds, isEmpty, seed } from "../seed";
import { resetData } from "../seed/reset";

const USAGE = "Usage: npm run db:seed -- [--scale N] [--reset]";

/**
 * npm run db:seed -- [--scale N] [--reset]
 * Migrates the database named by DATABASE_URL (default: data/dev.db under the project), then fills
 * it with the demo data. An existing database is only overwritten with --reset. SEED_SCALE and
 * SEED_ADMIN_TOKEN apply as they do at server start; --scale wins over SEED_SCALE.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: "string" }, reset: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const scale = values.scale === undefined ? config.seedScale : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number (got "${values.scale}")\n${USAGE}`);

  const kind = databaseKind(config.databaseUrl);
  const db = prismaClient({ url: config.databaseUrl, poolSize: 2 }).client;
  try {
    const applied = await migrate(db, kind);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);
    if (values.reset) {
      await resetData(db, kind);
      console.log("Deleted all data, API tokens included: every token issued before no longer works.");
    } else if (!(await isEmpty(db))) {
      throw new Error("The database already holds data. Run again with --reset to replace it with the demo data.");
    }

    const started = Date.now();
    const { adminToken, counts } = await seed(db, { scale, adminToken: config.seedAdminToken });
    const elapsed = Date.now() - started;

    const width = Math.max(...Object.keys(counts).map((k) => k.length));
    for (const [model, count] of Object.entries(counts).sort(([x], [y]) => x.localeCompare(y))) {
      console.log(`  ${model.padEnd(width)}  ${String(count).padStart(7)}`);
    }
    const total = Object.values(counts).reduce((s, n) => s + n, 0);
    console.log(`Seeded ${total} rows (scale ${scale}) in ${elapsed} ms.`);
    console.log(`Admin (${demoIds.adminEmail}) API token: ${adminToken}`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
