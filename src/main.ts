import "reflect-metadata";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { ConfigError, loadConfig } from "./config/config";
import { createDb, databaseKind, sqlitePath } from "./db/client";
import { migrate } from "./db/migrate";
import { probeDatabase } from "./db/health";
import { withStartupLock } from "./db/startup-lock";
import { buildAppSchema } from "./schema/build-schema";
import { createApp } from "./server/app";
import { isEmpty, seed } from "./seed";
import demoIds from "../prisma/demo-ids.json";

/** Starts the API: validate configuration, reach and migrate the database, seed it when empty, serve. */
async function main(): Promise<void> {
  const config = loadConfig();
  const kind = databaseKind(config.databaseUrl);
  if (kind === "sqlite") mkdirSync(dirname(sqlitePath(config.databaseUrl)), { recursive: true });

  const db = createDb({ url: config.databaseUrl, poolSize: config.dbPoolSize });
  const probe = await probeDatabase(db, 10_000);
  if (!probe.ok) {
    await db.$disconnect().catch(() => undefined);
    throw new StartupError(
      `Cannot reach the ${kind} database at ${redact(config.databaseUrl)} (${probe.reason}). Is it running, and is DATABASE_URL right?`,
    );
  }

  // Replicas starting together take turns: one migrates and seeds, the others find it done.
  let adminToken = config.seedAdminToken;
  await withStartupLock(config.databaseUrl, async () => {
    const applied = await migrate(db, kind);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);
    if (config.seedOnEmpty && (await isEmpty(db))) {
      const started = Date.now();
      const result = await seed(db, { scale: config.seedScale, adminToken: config.seedAdminToken });
      adminToken = result.adminToken;
      console.log(`Seeded demo data (scale ${config.seedScale}) in ${Date.now() - started} ms.`);
    }
  });

  const { schema } = await buildAppSchema();
  const app = await createApp(db, config, schema);
  const server = app.express.listen(config.port, config.host, () => {
    const url = `http://localhost:${config.port}/graphql`;
    console.log(`GraphQL API ready at ${url} (${kind} database)`);
    if (adminToken) console.log(`Demo admin token (${demoIds.adminEmail}): ${adminToken}`);
    console.log(`Create a token for any user: npm run token:create -- --email ${demoIds.userEmail}`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
    process.exit(1);
  });

  // Graceful stop for rolling restarts behind a load balancer: stop accepting, let requests in
  // flight finish (bounded by a deadline), then close the pool. Repeated signals are ignored.
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    const deadline = setTimeout(() => {
      console.error(`Requests still running after ${SHUTDOWN_GRACE_MS} ms: stopping anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    void closed
      .then(() => app.apollo.stop())
      .then(() => db.$disconnect())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("Shutdown failed:", error instanceof Error ? error.message : error);
          process.exit(1);
        },
      );
  };
  // Apollo Server registers its own SIGINT/SIGTERM handlers at start; they race this orderly stop,
  // and a second `apollo.stop()` issued while Apollo's is running never resolves (its barrier is
  // only released on failure). This process owns its signals: drop Apollo's, keep ours.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }
}

const SHUTDOWN_GRACE_MS = 10_000;

class StartupError extends Error {}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error("Startup failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
