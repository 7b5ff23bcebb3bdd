/**
 * `npm run bench` runs end to end (BENCH_QUICK=1: seed scale 1, one short round): its own
 * PostgreSQL, the project on PostgreSQL and on SQLite, PostGraphile v4 on the same tables, the
 * check that both return the same rows and columns, and a figure for every workload. Speed is
 * not judged here. It starts PostgreSQL through scripts/pg-local.sh, so it runs with the
 * PostgreSQL suite (TEST_DATABASE_URL set), where PostgreSQL is known to be installed.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../src/config/paths";
import { onPostgres } from "./support/databases";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";

jest.setTimeout(420_000);

describeIf(onPostgres, NEEDS_POSTGRES)("npm run bench (BENCH_QUICK=1)", () => {
  it("compares the project with PostGraphile v4 on equivalent queries, on PostgreSQL and SQLite", () => {
    const started = Date.now();
    const r = spawnSync(process.execPath, ["-r", "@swc-node/register", join(projectRoot, "bench/run.ts")], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: "production", BENCH_QUICK: "1", BENCH_PGPORT: process.env.BENCH_PGPORT ?? "54378", BENCH_PORT: "4680" },
      encoding: "utf8",
      timeout: 400_000,
    });
    const output = r.stdout + r.stderr;
    expect({ status: r.status, tail: r.status === 0 ? "" : output.slice(-3000) }).toEqual({ status: 0, tail: "" });
    for (const workload of ["users", "projectGantt", "vacations", "taskChecklists", "sharedTaskComments", "_entities", "{ __typename }"]) {
      // the equivalence check ran and found the same rows and columns
      expect(output).toMatch(new RegExp(`rows: ${workload.replace(/[{}]/g, "\\$&")}[^\\n]*: same \\(`));
    }
    const table = output.split("\n").filter((line) => /^\| (1|16) \|/.test(line));
    expect(table).toHaveLength(16); // 8 workloads at 1 and 16 connections
    for (const line of table) expect(line).toMatch(/\d+ req\/s, p50 \d+ \/ p99 \d+ ms, [\d.]+ st\/req/);
    expect(output).toMatch(/createInvoice[^\n]*\d+ req\/s[^\n]*—[^\n]*\d+ req\/s/); // project only: PG and SQLite
    expect(output).toMatch(/Server RSS after the run: project-pg \d+ MB[^\n]*project-sqlite \d+ MB[^\n]*postgraphile \d+ MB/);
    console.log(`BENCH_QUICK=1 npm run bench: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
});
