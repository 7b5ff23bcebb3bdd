// Preloaded (`node -r`) into each server process the benchmark starts: counts the SQL statements
// the process sends, whichever layer sends them (Prisma's adapters, Kysely, PostGraphile), by
// wrapping the drivers: node-postgres' Client#query and better-sqlite3's statement execution and
// exec. The benchmark asks for the count over IPC ("count" -> { count }) before and after each
// measured round, so statements per request include BEGIN/COMMIT and the token lookups that
// were not cached. BENCH_DRIVERS_FROM names the folder whose node_modules hold the drivers.
"use strict";
const { createRequire } = require("node:module");
const { join } = require("node:path");

const from = createRequire(join(process.env.BENCH_DRIVERS_FROM || process.cwd(), "package.json"));
let count = 0;

try {
  const pg = from("pg");
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    count += 1;
    return query.apply(this, args);
  };
} catch {
  // no node-postgres in this process's tree
}

try {
  const Database = from("better-sqlite3");
  const probe = new Database(":memory:");
  const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1"));
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = statementProto[method];
    statementProto[method] = function countedStatement(...args) {
      count += 1;
      return original.apply(this, args);
    };
  }
  const exec = Database.prototype.exec;
  Database.prototype.exec = function countedExec(...args) {
    count += 1;
    return exec.apply(this, args);
  };
  probe.close();
} catch {
  // no better-sqlite3 in this process's tree
}

if (process.send) {
  process.on("message", (message) => {
    if (message === "count") process.send({ count });
  });
  // the IPC channel must not keep the server alive on its own, nor kill it when the bench goes
  process.channel?.unref();
}
