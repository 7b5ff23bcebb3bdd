// The SQL statements a process sends, as the database drivers send them, whichever layer sends
// them (Prisma's adapters, Kysely, PostGraphile): node-postgres' Client#query and better-sqlite3's
// statement execution and exec are wrapped, so BEGIN and COMMIT are seen too, and the statements
// posted to the SQLite read worker.
//
// - `watchStatements({ pg, Database }, onStatement)` wraps the given driver modules and calls
//   `onStatement(sql)` for each statement; it returns the function that unwraps them
//   (test/invoice-write.test.ts counts createInvoice's statements this way).
// - Preloaded (`node -r`) into each server process the benchmark starts (BENCH_DRIVERS_FROM names
//   the folder whose node_modules hold the drivers), it counts them: the benchmark asks for the
//   count over IPC ("count" -> { count }) before and after each measured round.
"use strict";
const { createRequire } = require("node:module");
const { join } = require("node:path");

function watchStatements(drivers, onStatement) {
  const restore = [];
  const wrap = (target, method, sqlOf) => {
    const original = target[method];
    target[method] = function watched(...args) {
      onStatement(sqlOf(this, args));
      return original.apply(this, args);
    };
    restore.push(() => (target[method] = original));
  };
  if (drivers.pg)
    wrap(drivers.pg.Client.prototype, "query", (_client, [query]) => (typeof query === "string" ? query : (query?.text ?? "")));
  if (drivers.Database) {
    const probe = new drivers.Database(":memory:");
    const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1"));
    probe.close();
    for (const method of ["run", "get", "all", "iterate"]) wrap(statementProto, method, (statement) => statement.source);
    wrap(drivers.Database.prototype, "exec", (_db, [sql]) => sql);
    // the server's SQLite reads run on a worker thread (src/db/sqlite-reader.ts), whose driver this
    // process cannot wrap: each statement is seen as it is posted to the worker (in a batch of them),
    // which runs every one
    const { Worker } = require("node:worker_threads");
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function watched(message, ...rest) {
      if (Array.isArray(message)) for (const statement of message) if (typeof statement?.sql === "string") onStatement(statement.sql);
      return post.call(this, message, ...rest);
    };
    restore.push(() => (Worker.prototype.postMessage = post));
  }
  return () => restore.reverse().forEach((undo) => undo());
}

module.exports = { watchStatements };

if (process.env.BENCH_DRIVERS_FROM) {
  const from = createRequire(join(process.env.BENCH_DRIVERS_FROM, "package.json"));
  const optional = (name) => {
    try {
      return from(name);
    } catch {
      return undefined; // not in this process's tree
    }
  };
  let count = 0;
  watchStatements({ pg: optional("pg"), Database: optional("better-sqlite3") }, () => (count += 1));
  if (process.send) {
    process.on("message", (message) => {
      if (message === "count") process.send({ count });
    });
    // the IPC channel must not keep the server alive on its own, nor kill it when the bench goes
    process.channel?.unref();
  }
}
