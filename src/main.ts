import "reflect-metadata";
import { once } from "node:events";
import { ConfigError, loadConfig, databaseKind } from "./config/config";
import { sqlitePath } from "./db/client";
import { openDatabase } from "./db/database";
import { migrate } from "./db/migrate";
import { probeDatabase } from "./db/health";
import { withStartupLock } from "./db/startup-lock";
import { checkFirstStart, markInitialized, shouldSeed } from "./db/first-start";
import { buildAppSchema } from "./schema/build-schema";
import { createApp } from "./server/app";
import { createHttpServer } from "./server/http-server";
import { createLogger } from "./observability/logger";
import { startTracing } from "./server/tracing";
import { isEmpty, seed } from "./seed";
import demoIds from "../prisma/demo-ids.json";

/** Starts the API: validate configuration, reach and migrate the database, seed it when allowed, serve. */
async function main(): Promise<void> {
  // milliseconds since process start at the end of each start-up phase, logged with "ready"
  const startup: Record<string, number> = { modules: Math.round(performance.now()) };
  const mark = (phase: string) => (startup[phase] = Math.round(performance.now()));
  const config = loadConfig();
  const tracing = startTracing();
  const log = createLogger(config.logLevel, undefined, tracing?.logFields);
  const kind = databaseKind(config.databaseUrl);
  const sqliteFile = kind === "sqlite" ? sqlitePath(config.databaseUrl) : undefined;
  const lost = checkFirstStart(sqliteFile, config.seedOnEmpty);
  if (lost) throw new StartupError(lost);

  const database = openDatabase({
    url: config.databaseUrl,
    poolSize: config.dbPoolSize,
    lockWaitMs: config.requestTimeoutMs,
    tracing: tracing?.statements(kind),
  });
  const db = database.prisma;
  const probe = await probeDatabase(db, 10_000);
  mark("database");
  if (!probe.ok) {
    await database.close().catch(() => undefined);
    throw new StartupError(
      `Cannot reach the ${kind} database at ${redact(config.databaseUrl)} (${probe.reason}). Is it running, and is DATABASE_URL right?`,
    );
  }

  // Replicas starting together take turns: one migrates and seeds, the others find it done.
  let createdAdminToken: string | undefined;
  await withStartupLock(config.databaseUrl, async () => {
    const applied = await migrate(db, kind);
    if (applied.length > 0) log.info({ migrations: applied }, `Applied migrations: ${applied.join(", ")}`);
    const empty = await isEmpty(db);
    if (empty && shouldSeed(sqliteFile, config.seedOnEmpty)) {
      const started = Date.now();
      createdAdminToken = (await seed(db, { scale: config.seedScale, adminToken: config.seedAdminToken })).adminToken;
      log.info(
        { scale: config.seedScale, ms: Date.now() - started },
        `Seeded demo data (scale ${config.seedScale}) in ${Date.now() - started} ms.`,
      );
    } else if (empty) {
      log.warn("The database has no users and was not seeded (SEED_ON_EMPTY=true seeds demo data; npm run db:seed does it by hand).");
    }
  });
  markInitialized(sqliteFile);
  mark("migrations");

  const { schema } = await buildAppSchema();
  mark("schema");
  const app = await createApp(database, config, schema, { logger: log, tracing });
  mark("apollo");
  const server = createHttpServer(app, config);
  try {
    await once(server.listen(config.port, config.host), "listening");
  } catch (error) {
    log.fatal(`Cannot listen on ${config.host}:${config.port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  mark("listening");
  // CPU time used by then (user + system): on a busy machine the wall-clock phases above stretch, this does not
  const cpu = process.cpuUsage();
  startup.cpu = Math.round((cpu.user + cpu.system) / 1000);
  const served = redact(config.databaseUrl);
  log.info(
    { url: `http://localhost:${config.port}/graphql`, database: kind, databaseUrl: served, startup },
    `GraphQL API ready at http://localhost:${config.port}/graphql, serving the ${kind === "postgres" ? "PostgreSQL" : "SQLite"} database ${kind === "sqlite" ? sqliteFile : served}`,
  );
  // the token exists in clear only now, when it was just created; later starts cannot show it
  if (createdAdminToken) log.info(`Demo admin token (${demoIds.adminEmail}): ${createdAdminToken}`);
  log.info(tokenHint(served));

  // Graceful stop for rolling restarts: the listener closes at once (new connections are refused;
  // a request arriving on an open keep-alive connection gets 503 and the connection closes, and
  // /health answers 503), requests in flight run to their end for up to SHUTDOWN_TIMEOUT_MS, then
  // whatever is left is cancelled (its transactions roll back), the pool is closed and the process
  // exits. The cost limit keeps the event loop free, so the deadline's timer does fire.
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ inFlight: app.inFlight().size }, `${signal} received: finishing requests in flight, then stopping.`);
    app.beginShutdown();
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const finish = async (code: number) => {
      await app.apollo.stop().catch(() => undefined);
      const settled = (end: Promise<unknown>) =>
        Promise.race([end, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]).catch(() => undefined);
      await settled(database.close());
      // the last requests' spans go out before the process does
      if (tracing) await settled(tracing.shutdown());
      log.info({ ms: Date.now() - started, exitCode: code }, "Stopped.");
      process.exit(code);
    };
    const deadline = setTimeout(() => {
      log.error(
        { inFlight: app.inFlight().size },
        `Requests still running after ${config.shutdownTimeoutMs} ms: cancelling them and stopping.`,
      );
      for (const scope of app.inFlight()) scope.cancel();
      // give cancelled requests a moment to answer REQUEST_TIMEOUT, then cut what is left
      setTimeout(() => {
        server.closeAllConnections();
        void finish(1);
      }, 250);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    void drained.then(() => {
      clearTimeout(deadline);
      return finish(0);
    });
  };
  // Apollo Server registers its own SIGINT/SIGTERM handlers at start; they race this orderly stop,
  // and a second `apollo.stop()` issued while Apollo's is running never resolves (its barrier is
  // only released on failure). This process owns its signals: drop Apollo's, keep ours.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }
}

class StartupError extends Error {}

/** A database URL without its password (in the user part or a `password=` parameter): for logs and hints. */
function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@").replace(/([?&]password=)[^&]*/i, "$1***");
}

/**
 * How to make a token for the database this server serves. The CLI reads DATABASE_URL as the
 * server does, so when the server was given one the hint names it (a token made in another
 * database is refused with 401); a password never appears, the operator puts it back.
 */
function tokenHint(servedUrl: string): string {
  const command = `npm run token:create -- --email ${demoIds.userEmail}`;
  if (!process.env.DATABASE_URL) return `Create a token for any user: ${command}`;
  const secret = servedUrl.includes("***") ? " (put the password back where *** stands)" : "";
  return `Create a token for any user of this database${secret}: DATABASE_URL='${servedUrl}' ${command}`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error("Startup failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
