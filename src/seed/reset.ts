import { type DatabaseKind } from "../config/config";
import { Prisma, type Db } from "../db/client";

/**
 * Deletes every row of every model, keeping the schema and the migration history. Tables are
 * named after the models. Foreign keys (some of them self-references, such as corrections and
 * comment replies) are set aside for the wipe instead of ordering the deletes.
 */
export async function resetData(db: Db, kind: DatabaseKind): Promise<void> {
  const tables = Object.values(Prisma.ModelName).map((name) => `"${name}"`);
  if (kind === "postgres") {
    await db.$executeRawUnsafe(`TRUNCATE TABLE ${tables.join(", ")} CASCADE`);
    return;
  }
  // SQLite ignores this pragma inside a transaction, so it is switched around it.
  await db.$executeRawUnsafe("PRAGMA foreign_keys = OFF");
  try {
    await db.$transaction(async (tx) => {
      for (const table of tables) await tx.$executeRawUnsafe(`DELETE FROM ${table}`);
    });
  } finally {
    await db.$executeRawUnsafe("PRAGMA foreign_keys = ON");
  }
}
