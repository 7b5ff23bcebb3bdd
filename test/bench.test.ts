/**
 * `npm run bench` runs end to end (BENCH_QUICK=1: seed scale 1, two short rounds): its own
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
      env: {
        ...process.env,
        NODE_ENV: "production",
        BENCH_QUICK: "1",
        // two rounds: the second starts its targets one further along the list
        BENCH_ROUNDS: "2",
        BENCH_PGPORT: process.env.BENCH_PGPORT ?? "54378",
        BENCH_PORT: process.env.BENCH_PORT ?? "4680",
      },
      encoding: "utf8",
      timeout: 400_000,
    });
    const output = r.stdout + r.stderr;
    expect({ status: r.status, tail: r.status === 0 ? "" : output.slice(-3000) }).toEqual({ status: 0, tail: "" });
    for (const workload of ["users", "projectGantt", "vacations", "taskChecklists", "sharedTaskComments", "_entities", "{ __typename }"]) {
      // the equivalence check ran and found the same rows and columns
      expect(output).toMatch(new RegExp(`rows: ${workload.replace(/[{}]/g, "\\$&")}[^\\n]*: same \\(`));
    }
    // every measured run came right after a warm-up of the same workload on the same target; a run
    // measured in one window (not the tracing pair's slices) says how busy the machine was
    const runs = output.split("\n").filter((line) => line.startsWith("round "));
    expect(runs.length).toBeGreaterThanOrEqual(38);
    for (const run of runs) {
      const sliced = /\[project-pg-(traced|paired)\]/.test(run);
      expect(run).toMatch(
        sliced ? /; after a warm-up of [1-9]\d* requests$/ : /; after a warm-up of [1-9]\d* requests; machine \d+% busy, \d+% stolen$/,
      );
    }
    // each round starts its targets one further along the list: round 1 with the project on PostgreSQL, round 2 with PostGraphile
    const first = (round: number) => runs.find((run) => run.startsWith(`round ${round} c=16 projectGantt`));
    expect([first(1), first(2)]).toEqual([expect.stringContaining("[project-pg]"), expect.stringContaining("[postgraphile]")]);
    const lines = output.split("\n").filter((line) => /^\| (1|16) \|/.test(line));
    // 9 workloads at 1 and 16 connections: the throughput table, the cost per request, then the
    // tracing table (the users page with tracing off and on, at 1 and 16 connections)
    expect(lines).toHaveLength(38);
    const [table, costs, traced] = [lines.slice(0, 18), lines.slice(18, 36), lines.slice(36)];
    for (const line of traced) {
      // off, on, on ÷ off, the paired ratio, server CPU off and on, the collector's CPU
      expect(line).toMatch(
        /^\| (1|16) \| users: [^|]+\| \d+ req\/s[^|]+\| \d+ req\/s[^|]+\| \d+\.\d+x \| \d+\.\d+x \| \d+\.\d+ ms \| \d+\.\d+ ms \| \d+\.\d+ ms \|$/,
      );
    }
    for (const line of table)
      expect(line).toMatch(/\d+ req\/s, p50 [\d.]+ \/ p99 [\d.]+ ms, ([\d.]+ st\/req|\(statements shared with the background\))/);
    // the fairness workload ran with its background callers, on both databases
    for (const target of ["project-pg", "project-sqlite"]) {
      expect(output).toMatch(
        new RegExp(`background \\(4 callers\\): [^\\n]*\\d+ x 200\\b[^\\n]*\\nround [^\\n]*fairness: [^\\n]*\\[${target}\\]`),
      );
    }
    expect(output).toMatch(/createInvoice[^\n]*\d+ req\/s[^\n]*—[^\n]*\d+ req\/s/); // project only: PG and SQLite
    // the bare Apollo Server 5 answers `{ __typename }` alone, alongside, with the same answer
    for (const line of table) {
      const cells = line.split(" | ");
      if (line.includes("{ __typename }")) expect(cells[7]).toMatch(/^\d+ req\/s, p50 [\d.]+ \/ p99 [\d.]+ ms/);
      else expect(cells[7]).toBe("—");
    }
    expect(output).toMatch(/rows: \{ __typename \}: same \([^\n]*bare Apollo the same/);
    // per request: server CPU on every target; PostgreSQL's time, CPU and statements for the servers on it
    const number = /^\d+\.\d+$/;
    for (const line of costs) {
      const cells = line.replace(/ \|$/, "").split(" | ").slice(2);
      const [projectPg, pgTime, pgCpu, pgStatements] = cells;
      for (const cell of [projectPg, pgTime, pgCpu, pgStatements, cells[8]]) expect(cell).toMatch(number);
      if (!line.includes("createInvoice") && !line.includes("fairness")) for (const cell of cells.slice(4, 8)) expect(cell).toMatch(number); // PostGraphile
      expect(cells[9]).toMatch(line.includes("{ __typename }") ? number : /^—$/);
    }
    // pg_stat_statements saw the project's statements
    const users = costs.find((line) => line.includes("users:"))!.split(" | ");
    expect(Number(users[5])).toBeGreaterThanOrEqual(1);
    expect(output).toMatch(/Server RSS after the run: project-pg \d+ MB[^\n]*project-sqlite \d+ MB[^\n]*postgraphile \d+ MB/);
    console.log(`BENCH_QUICK=1 npm run bench: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
});
