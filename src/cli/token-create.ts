import "reflect-metadata";
import { parseArgs } from "node:util";
import { loadConfig, databaseKind } from "../config/config";
import { prismaClient } from "../db/client";
import { migrate } from "../db/migrate";
import { issueToken } from "../auth/tokens";

/**
 * npm run token:create -- --email <email> [--name <label>] [--expires-in-days N]
 * Prints a new API token for the user. It is shown only now: the database keeps its hash.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, "expires-in-days": { type: "string" } },
  });
  if (!values.email) throw new Error("Usage: npm run token:create -- --email <email> [--name <label>] [--expires-in-days N]");
  const days = values["expires-in-days"] === undefined ? undefined : Number(values["expires-in-days"]);
  if (days !== undefined && (!Number.isInteger(days) || days < 1)) throw new Error("--expires-in-days must be a positive integer");

  const config = loadConfig();
  const kind = databaseKind(config.databaseUrl);
  const db = prismaClient({ url: config.databaseUrl, poolSize: 1 }).client;
  try {
    await migrate(db, kind);
    const user = await db.user.findUnique({ where: { email: values.email } });
    if (!user) throw new Error(`No user with e-mail ${values.email}.`);
    if (!user.canLogIn || !user.allowApiTokenAuthentication) {
      console.warn(`Warning: ${values.email} may not log in or may not use API tokens; the token will be refused.`);
    }
    const expiresAt = days === undefined ? undefined : new Date(Date.now() + days * 86_400_000);
    const token = await issueToken(db, user.id, { name: values.name ?? "cli", expiresAt });
    console.log(token);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
