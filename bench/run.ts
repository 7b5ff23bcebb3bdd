/**
 * `npm run bench`: this project against PostGraphile v4, side by side, on the same data.
 *
 * 1. Starts a throw-away PostgreSQL (scripts/pg-local.sh on BENCH_PGPORT, its own data directory,
 *    destroyed at the end) and a SQLite file; the project's server migrates and seeds each
 *    (BENCH_SCALE, 4 by default), then is restarted to time process start to first answer.
 * 2. Starts four servers, each its own Node.js process on 127.0.0.1: the project on PostgreSQL,
 *    the project on SQLite, PostGraphile v4 (bench/postgraphile) on the same PostgreSQL
 *    database and tables, and a bare Apollo Server 5 (bench/apollo-bare.ts), the reference for
 *    `{ __typename }`. Every process counts the SQL statements it sends (bench/count-statements.cjs).
 *    A fifth, the project on the same PostgreSQL database with OpenTelemetry tracing every request
 *    (OTLP/HTTP to a collector of its own, bench/otlp-sink.cjs), started as the first one is (the
 *    same environment but OTEL_*, a first start then a restart), runs the workloads marked `traced`
 *    (the users page).
 * 3. Checks that each workload's PostGraphile query (and the bare Apollo Server's answer) returns
 *    the same rows and columns as the project's.
 * 4. Runs every workload in alternating rounds (the tracing pair where the workload is traced,
 *    project/PG, PostGraphile, project/SQLite, bare Apollo, then the next workload...) at 1 and 16
 *    connections with autocannon; each round starts the targets one further along that list
 *    (round 2: PostGraphile, project/SQLite, bare Apollo, project/PG), so no target is always the
 *    one measured first after another workload (and the traced server's replay of it) and always
 *    pays for what they leave behind on a shared 2-core machine. Each run's line in the log says
 *    how busy the machine was and how much of its time the hypervisor took (steal). Every
 *    measured run follows, at once, an unmeasured warm-up of the same workload, target and
 *    connection count (BENCH_WARMUP seconds, 2 by default, and at least
 *    BENCH_WARMUP_REQUESTS answered requests, 500 by default): a server idles while the
 *    others are measured (the traced one serves the users page only, about 85 s between its runs),
 *    and after a minute's idling a server's first second of load costs 1.7-2.5x the CPU per
 *    request of its hot state (measured on the traced and the untraced server alike, 16
 *    connections; a shrunk heap and cold code, by the look of it), and what brings it back is
 *    requests, not seconds (at 1 connection, 137 requests of warm-up on a loaded machine left the
 *    traced server at 3.9 ms against 1.6). Without the warm-up the traced server, idle longest,
 *    was measured cold and the untraced one hot.
 *    It reports the medians of req/s, p50, p99, statements per request, the ratio to PostGraphile
 *    and to the bare Apollo Server, each server's RSS, and per request: the server's CPU time
 *    (/proc), and for the servers on PostgreSQL PostgreSQL's own time (pg_stat_statements:
 *    execution plus planning), its CPU time (/proc, every process of the cluster) and the
 *    statements it counted.
 * 5. Writes bench/RESULTS.md (keeping its "Event loop under load" section).
 *
 *   npm run bench                       # scale 4, 5 rounds of 5 s per workload and connection count
 *   BENCH_QUICK=1 npm run bench         # scale 1, 1 round of 0.5 s: proves it runs (test/bench.test.ts runs 2 rounds)
 *   BENCH_ROUNDS=3 BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_ONLY=users npm run bench
 *   BENCH_ONLY='_entities|{ __typename' npm run bench   # the workloads whose names start so, in their order
 *   BENCH_WARMUP=0 npm run bench        # no warm-up before the measured runs (default 2 s and 500 requests; quick mode 0.2 s)
 *   OTEL_SDK_DISABLED=true npm run bench   # A/A: the "traced" server untraced, the tracing table's control
 *
 * The tracing table's pair (measurePair): the untraced and the traced server, both warmed up, then
 * measured in BENCH_PAIR_SLICES slices (6; quick mode 2) of BENCH_SECONDS / slices each,
 * alternated A B B A A B ..., the traced server first in odd rounds; each server's figures are
 * its slices' sums. Those figures are the tracing table's only: the main table measures the
 * untraced server in a whole window of its own, as it measures PostGraphile: until 2026-11-28 its
 * users row came from the slices, each opening its 16 connections anew, against PostGraphile's
 * whole window. The traced server is measured on the users page only, but is given the first
 * one's history: after each other workload's measured runs it goes through the same, unmeasured:
 * its warm-up and a run as long as the measured one, with the background callers if any (replay).
 * Why, measured (A/A: OTEL_SDK_DISABLED=true, neither server tracing):
 * - with the warm-up alone the second server was not the first one's equal: 0.68x and 0.75x in a
 *   full run, its RSS after the run 141 MB against 246 (a heap shrunk while it idled); with 2-s
 *   bursts of the other workloads (but not the fairness workload's background), 1.03x and 0.82x
 *   (2026-11-27 07:38).
 * - on a machine shared with other sessions (load average 5-14 on 2 cores, 2026-11-27 08:30-09:30)
 *   two whole 3-s windows one after the other measured an untraced server at 0.73x-1.60x of an
 *   identical one (BENCH_ONLY=users BENCH_CONNECTIONS=16, 6 rounds).
 * Still not an A/A of 1.00 at that load: BENCH_ONLY=users runs with the slices measured the second
 * server 1.24x and 1.07x paired (16 connections; 6/6 and 3/4 rounds above 1), the full run with the
 * replayed history 0.92x paired (rounds 1.42x, 0.45x, 0.92x). Between two identical processes the
 * CPU per request differed by up to 25% in a run (1.3 against 1.6 ms), one way or the other, and a
 * round's ratio scatters more than the 10% the target allows: compare a traced row with an A/A run
 * of the same hour, and repeat both. On a quiet machine (2026-11-27 10:36, nothing else running) the
 * A/A of BENCH_ONLY=users measured 1.00x at 16 connections and 0.97x at 1 (paired 1.00x, 0.99x).
 *
 * Targets (issue 10), judged here and never in unit tests: at 16 connections on PostgreSQL the
 * users, gantt and vacations workloads at least PostGraphile's throughput with no higher p99;
 * SQLite at least the PostgreSQL figures; createInvoice >= 200/s with p99 < 150 ms; server RSS
 * < 256 MB after the run; start to first answer on a migrated database < 2 s. Issue 23: on both
 * databases, the fairness workload's p99 (a light query while four callers loop the heaviest
 * documents the limits admit) <= 250 ms at 1 connection. Issue 22: with tracing on, the users page at
 * most 10% lower throughput than without (the tracing table); without an exporter, nothing changes.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import type { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, totalmem, tmpdir, loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { Client } from "pg";
import { startCommand } from "../test/support/start-command";
import { clusterCpuMs, cpuMs, machineMs, machineShare, rssMb } from "./proc";
import { scenarios as allScenarios, type Query, type Scenario } from "./scenarios";

const QUICK = process.env.BENCH_QUICK === "1";
const SCALE = Number(process.env.BENCH_SCALE ?? (QUICK ? 1 : 4));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 5));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 0.5 : 5));
/** seconds of the unmeasured warm-up right before each measured run (0: none) */
const WARMUP = Number(process.env.BENCH_WARMUP ?? (QUICK ? 0.2 : 2));
/** ... and at least this many answered requests (a slow target at 1 connection answers few in WARMUP seconds) */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? (QUICK ? 10 : 500));
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "1,16").split(",").map(Number);
/** the tracing pair's measured window, in this many slices per server, alternated (see measurePair) */
const PAIR_SLICES = Number(process.env.BENCH_PAIR_SLICES ?? (QUICK ? 2 : 6));
const PGPORT = Number(process.env.BENCH_PGPORT ?? 54377);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4590);
const ONLY = process.env.BENCH_ONLY;
const WRITE_RESULTS = process.env.BENCH_WRITE !== "0" && !QUICK;
const TOKEN = "wm_bench_admin_token_0123456789abcdef";
const BENCH_DATABASE = "wm_bench";
/** The throw-away cluster records every statement's time, planning included (pg_stat_statements). */
const PG_SETTINGS = "shared_preload_libraries=pg_stat_statements pg_stat_statements.track_planning=on pg_stat_statements.max=10000";
const root = join(__dirname, "..");

type Target = "project-pg" | "postgraphile" | "project-sqlite" | "apollo-bare" | "project-pg-traced" | "project-pg-paired";

interface Server {
  target: Target;
  url: string;
  child: ChildProcess;
  count(): Promise<number>;
  /** the traced server's OTLP collector, whose CPU is counted apart */
  collector?: ChildProcess;
}

const cleanups: (() => void)[] = [];
function cleanup() {
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch {
      // best effort: the next cleanup still runs
    }
  }
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

/** node's flags and environment in `npm start` (the heap's caps, the allocator's arenas), so the project runs as it is deployed. */
const START = startCommand();

/** The project's server: built JavaScript when available (as `npm start` runs it), else TypeScript through swc. */
function projectCommand(): string[] {
  const built = join(root, "dist/src/main.js");
  if (!QUICK && process.env.BENCH_BUILD !== "0") {
    log("building (tsc -p tsconfig.build.json) ...");
    const r = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], {
      cwd: root,
      stdio: "inherit",
    });
    if (r.status !== 0) throw new Error("build failed");
  }
  return [...START.nodeArgs, ...(existsSync(built) && !QUICK ? [built] : ["-r", "@swc-node/register", join(root, "src/main.ts")])];
}

function startProcess(
  target: Target,
  args: string[],
  env: Record<string, string>,
  driversFrom: string,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["-r", join(__dirname, "count-statements.cjs"), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BENCH_DRIVERS_FROM: driversFrom, ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  cleanups.push(() => child.kill("SIGKILL"));
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGKILL" && signal !== "SIGTERM" && code !== null)
      log(`${target} exited with ${code}:\n${output.slice(-2000)}`);
  });
  return { child, output: () => output };
}

async function post(url: string, body: Query): Promise<{ data?: any; errors?: any[] }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: TOKEN },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { data?: any; errors?: any[] };
}

/** Waits until the server answers `{ __typename }`; returns the milliseconds since `since`. */
async function firstAnswer(url: string, child: ChildProcess, since: number, output: () => string, limitMs = 180_000): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output().slice(-3000)}`);
    try {
      const r = await post(url, { query: "{ __typename }" });
      if (r.data?.__typename) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > limitMs) throw new Error(`no answer from ${url} after ${limitMs} ms:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function counter(child: ChildProcess): () => Promise<number> {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no statement count")), 5000);
      child.once("message", (m: { count: number }) => {
        clearTimeout(timer);
        resolve(m.count);
      });
      child.send("count");
    });
}

/**
 * Starts the project on a database: once to migrate and seed it, then again, timed from process
 * start to the first answer on the migrated, seeded database.
 */
async function startProject(target: Target, databaseUrl: string, port: number, command: string[], extraEnv: Record<string, string> = {}) {
  const env = {
    ...START.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_SCALE: String(SCALE),
    SEED_ADMIN_TOKEN: TOKEN,
    SEED_ON_EMPTY: "true",
    ...extraEnv,
  };
  const url = `http://127.0.0.1:${port}/graphql`;
  let t0 = performance.now();
  const seeding = startProcess(target, command, env, root);
  const seedMs = await firstAnswer(url, seeding.child, t0, seeding.output, 600_000);
  if (QUICK) {
    // quick mode proves the bench runs: no timed restart
    log(`${target}: migrated and seeded in ${(seedMs / 1000).toFixed(1)} s (quick mode: start-up not timed)`);
    return { server: { target, url, child: seeding.child, count: counter(seeding.child) } satisfies Server, seedMs, startMs: NaN };
  }
  seeding.child.kill("SIGTERM");
  await new Promise((r) => seeding.child.once("exit", r));
  t0 = performance.now();
  const run = startProcess(target, command, env, root);
  const startMs = await firstAnswer(url, run.child, t0, run.output);
  log(`${target}: migrated and seeded in ${(seedMs / 1000).toFixed(1)} s; restarted to first answer in ${startMs.toFixed(0)} ms`);
  return { server: { target, url, child: run.child, count: counter(run.child) } satisfies Server, seedMs, startMs };
}

/**
 * The project on the same migrated PostgreSQL database with tracing on: every request traced and
 * exported over OTLP/HTTP (protobuf, the SDK's default) to a collector that reads each batch and
 * answers 200 (bench/otlp-sink.cjs). The collector is a process of its own, as a real one runs
 * apart from the server and from the clients: inside this process it would take its turns on the
 * event loop that drives the load. Its CPU is measured per request too (the tracing table).
 */
async function startTraced(databaseUrl: string, port: number, command: string[]): Promise<Server> {
  const collector = spawn(process.execPath, [join(__dirname, "otlp-sink.cjs")], { stdio: ["ignore", "pipe", "inherit"] });
  cleanups.push(() => collector.kill("SIGKILL"));
  const endpoint = await new Promise<string>((resolve, reject) => {
    collector.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
    collector.once("exit", (code) => reject(new Error(`the OTLP collector exited (${code})`)));
  });
  // started as the untraced one is (same environment but OTEL_*, a first start then the timed restart), so the pair differs in tracing only
  const { server } = await startProject("project-pg-traced", databaseUrl, port, command, {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_SERVICE_NAME: "work-management-api-bench",
  });
  return { ...server, collector };
}

function ensurePostgraphile() {
  const dir = join(__dirname, "postgraphile");
  if (existsSync(join(dir, "node_modules/postgraphile/package.json"))) return;
  log("installing PostGraphile v4 (npm ci --prefix bench/postgraphile) ...");
  const r = spawnSync("npm", ["ci", "--prefix", dir, "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("could not install bench/postgraphile");
}

/** Same rows and columns: both answers mapped to plain rows, compared after a canonical JSON rendering. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** What PostgreSQL itself has done for the bench database so far (cumulative; rounds take differences). */
interface PgSample {
  /** execution plus planning time of every statement, ms (pg_stat_statements) */
  ms: number;
  /**
   * statements executed (pg_stat_statements). BEGIN and COMMIT are counted, except that
   * PostgreSQL 15 counts one sent as a named prepared statement (Prisma's) only on its first
   * execution per connection: for transactions the drivers' count is the one to trust.
   */
  statements: number;
  /** CPU time of the whole cluster, ms (/proc) */
  cpu: number;
}

/**
 * Samples PostgreSQL's own account: pg_stat_statements (loaded by the bench's throw-away
 * cluster) for the bench database, read over a connection to another database so the probe's
 * own statements are not counted, and the cluster's CPU time. Only one server is loaded at a
 * time, so a round's difference is that server's work.
 */
function postgresProbe(client: Client, postmasterPid: number): () => Promise<PgSample> {
  return async () => {
    const { rows } = await client.query(
      `SELECT coalesce(sum(s.total_exec_time + s.total_plan_time), 0)::float8 AS ms, coalesce(sum(s.calls), 0)::float8 AS statements
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1`,
      [BENCH_DATABASE],
    );
    return { ms: rows[0].ms, statements: rows[0].statements, cpu: clusterCpuMs(postmasterPid) };
  };
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  statements: number;
  errors: number;
  /** the server's CPU ms per answered request */
  cpu: number;
  /** requests answered in the warm-up right before the measured run */
  warmedUp: number;
  /** the OTLP collector's CPU ms per answered request (the traced server) */
  collectorCpu?: number;
  /** the whole machine over the measured run: the share of its CPU time busy, and stolen by the hypervisor */
  machine?: { busy: number; steal: number };
  /** per answered request, for a server on PostgreSQL: PostgreSQL's time and CPU (ms) and the statements it executed */
  pg?: PgSample;
}

/**
 * Callers looping `documents` (one each) until `stop()` resolves; returns how each answer ended
 * (HTTP status and first error code), so a refusal of the heavy documents is seen too.
 */
function loopInBackground(server: Server, documents: Query[]): { stop(): Promise<Map<string, number>> } {
  let running = true;
  const outcomes = new Map<string, number>();
  const loops = documents.map(async (q) => {
    while (running) {
      const started = performance.now();
      const res = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: TOKEN },
        body: JSON.stringify(q),
      });
      const body = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
      const outcome = `${res.status}${body.errors ? ` ${body.errors[0].extensions?.code}` : ""}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (res.status !== 200) await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - started))));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/**
 * autocannon's run of `q`. It checks its `duration` only when it takes a sample, every `sampleInt`
 * ms (1,000 by default), so a run of 0.5 s lasted about 1 s: the tracing pair's slices ran twice
 * as long as the SECONDS their requests were divided by, and the users page on PostgreSQL (measured
 * in them) was reported at twice its throughput (2,103 req/s at 16 connections on 2026-11-27
 * 16:31, 0.88 ms of the server's CPU and 0.54 of PostgreSQL's a request: 3 cores of a 2-core
 * machine). Sampled every 100 ms a run ends within 0.1 s of its duration, and every rate is
 * reckoned over the time the run really took (its `duration`).
 */
function load(server: Server, q: Query, connections: number, limit: { duration: number } | { amount: number }) {
  return autocannon({
    url: server.url,
    method: "POST",
    connections,
    sampleInt: 100,
    ...limit,
    headers: { "content-type": "application/json", authorization: TOKEN },
    body: JSON.stringify(q),
  });
}

/** WARMUP seconds, topped up to WARMUP_REQUESTS answered requests: what a cold server needs is requests, not seconds */
async function warmUp(server: Server, q: Query, connections: number): Promise<number> {
  const first = await load(server, q, connections, { duration: WARMUP });
  const missing = WARMUP_REQUESTS - first["2xx"];
  // autocannon refuses an amount below its connections
  const more = missing > 0 ? await load(server, q, connections, { amount: Math.max(missing, connections) }) : undefined;
  return first["2xx"] + (more?.["2xx"] ?? 0);
}

/**
 * What the untraced server went through on a workload, unmeasured, for the traced one: its warm-up
 * and a run as long as the measured one, with the background callers if it has any. With the
 * warm-up alone (no background workload, 2 s of each) an A/A full run still measured the second
 * server 0.82x of the first at 16 connections.
 */
async function replay(server: Server, s: Scenario, connections: number): Promise<void> {
  const others = s.background ? loopInBackground(server, s.background) : undefined;
  await warmUp(server, s.project, connections);
  await load(server, s.project, connections, { duration: SECONDS });
  await others?.stop();
}

async function measure(
  server: Server,
  q: Query,
  connections: number,
  pg?: () => Promise<PgSample>,
  background?: Query[],
): Promise<Measure> {
  const others = background ? loopInBackground(server, background) : undefined;
  // every target warmed up the same way right before it is measured (the header comment says why);
  // with a background, the heavy documents are under way (at least 1 s) before the light one is measured
  const [warmedUp] = await Promise.all([
    WARMUP > 0 ? warmUp(server, q, connections) : 0,
    others && new Promise((r) => setTimeout(r, 1_000)),
  ]);
  const before = await server.count();
  const pgBefore = await pg?.();
  const cpuBefore = cpuMs(server.child.pid!);
  const collectorBefore = server.collector && cpuMs(server.collector.pid!);
  const machineBefore = machineMs();
  const result = await load(server, q, connections, { duration: SECONDS });
  const cpu = cpuMs(server.child.pid!) - cpuBefore;
  const machine = machineMs();
  const collectorCpu = collectorBefore === undefined ? undefined : cpuMs(server.collector!.pid!) - collectorBefore;
  const pgAfter = await pg?.();
  const after = await server.count();
  const outcomes = await others?.stop();
  if (outcomes) log(`  background (${background!.length} callers): ${[...outcomes].map(([o, n]) => `${n} x ${o}`).join(", ")}`);
  const ok = result["2xx"];
  const per = (amount: number) => (ok > 0 ? amount / ok : 0);
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // with a background, its statements (and CPU) are counted with the measured query's: not a figure per request
    statements: background ? NaN : per(after - before),
    errors: result.errors + result.non2xx + result.timeouts,
    warmedUp,
    cpu: per(cpu),
    collectorCpu: collectorCpu === undefined ? undefined : per(collectorCpu),
    machine: machineShare(machineBefore, machine),
    pg:
      pgBefore && pgAfter
        ? {
            ms: per(pgAfter.ms - pgBefore.ms),
            statements: per(pgAfter.statements - pgBefore.statements),
            cpu: per(pgAfter.cpu - pgBefore.cpu),
          }
        : undefined,
  };
}

/**
 * The tracing pair (issue 22: the same server with and without tracing), each warmed up, then
 * measured in PAIR_SLICES slices of SECONDS / PAIR_SLICES each, alternated A B B A A B ... (the
 * server warmed up last starts): a shared machine's load changes from second to second, and two
 * whole windows one after the other measured the same untraced server at 0.73x-1.60x of itself
 * (16 connections, load average 5-9); slices half a second apart see the same machine. Each
 * server's figures are its slices' sums: requests, CPU, statements, latencies.
 */
async function measurePair(
  pair: [Server, Server],
  q: Query,
  connections: number,
  pg: () => Promise<PgSample>,
): Promise<[Measure, Measure]> {
  const warmedUp = [await warmUp(pair[0], q, connections), await warmUp(pair[1], q, connections)];
  const tallies = pair.map(() => ({
    ok: 0,
    /** the slices' measured seconds */
    seconds: 0,
    errors: 0,
    latencies: [] as number[],
    statements: 0,
    cpu: 0,
    collectorCpu: 0,
    pg: { ms: 0, statements: 0, cpu: 0 },
  }));
  for (let i = 0; i < PAIR_SLICES; i++) {
    for (const k of i % 2 === 0 ? [1, 0] : [0, 1]) {
      const server = pair[k];
      const t = tallies[k];
      const before = await server.count();
      const pgBefore = await pg();
      const cpuBefore = cpuMs(server.child.pid!);
      const collectorBefore = server.collector ? cpuMs(server.collector.pid!) : 0;
      // without a callback autocannon answers its tracker, an EventEmitter that is also the result's promise (`on` answers it)
      const run = load(server, q, connections, { duration: SECONDS / PAIR_SLICES }) as ReturnType<typeof load> & EventEmitter;
      const result = await run.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
        if (status >= 200 && status < 300) t.latencies.push(time);
      });
      t.cpu += cpuMs(server.child.pid!) - cpuBefore;
      if (server.collector) t.collectorCpu += cpuMs(server.collector.pid!) - collectorBefore;
      const pgAfter = await pg();
      t.statements += (await server.count()) - before;
      t.ok += result["2xx"];
      t.seconds += result.duration;
      t.errors += result.errors + result.non2xx + result.timeouts;
      for (const f of ["ms", "statements", "cpu"] as const) t.pg[f] += pgAfter[f] - pgBefore[f];
    }
  }
  return tallies.map((t, k) => {
    const per = (amount: number) => (t.ok > 0 ? amount / t.ok : 0);
    const sorted = t.latencies.sort((a, b) => a - b);
    // autocannon's own percentiles are whole milliseconds
    const percentile = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
    return {
      rps: t.ok / t.seconds,
      p50: percentile(50),
      p99: percentile(99),
      statements: per(t.statements),
      errors: t.errors,
      warmedUp: warmedUp[k],
      cpu: per(t.cpu),
      collectorCpu: pair[k].collector ? per(t.collectorCpu) : undefined,
      pg: { ms: per(t.pg.ms), statements: per(t.pg.statements), cpu: per(t.pg.cpu) },
    } satisfies Measure;
  }) as [Measure, Measure];
}

/** Milliseconds with two decimals below 1 ms, one above. */
const ms = (value: number) => value.toFixed(value < 1 ? 2 : 1);
/** A share as a whole percentage. */
const pct = (share: number) => `${Math.round(share * 100)}%`;

const statementsPerRequest = (n: number, unit = "statements/req") =>
  Number.isNaN(n) ? `(statements shared with the background)` : `${n.toFixed(1)} ${unit}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const started = Date.now();
  ensurePostgraphile();
  const command = projectCommand();

  // PostgreSQL of its own, destroyed at the end
  const pgData = mkdtempSync(join(tmpdir(), "wm-bench-pg-"));
  const pgEnv = { ...process.env, PGPORT: String(PGPORT), PGDATA_DIR: pgData, PG_SETTINGS };
  const pg = spawnSync("bash", [join(root, "scripts/pg-local.sh"), "start"], { env: pgEnv, encoding: "utf8" });
  if (pg.status !== 0) throw new Error(`PostgreSQL did not start: ${pg.stderr}`);
  cleanups.push(() => {
    spawnSync("bash", [join(root, "scripts/pg-local.sh"), "destroy"], { env: pgEnv, stdio: "ignore" });
    rmSync(pgData, { recursive: true, force: true });
  });
  const serverUrl = pg.stdout.trim();
  // the admin connection stays open: it samples pg_stat_statements between rounds
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  cleanups.push(() => void admin.end().catch(() => undefined));
  await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  const pgSample = postgresProbe(admin, Number(readFileSync(join(pgData, "postmaster.pid"), "utf8").split("\n")[0]));
  const pgUrl = serverUrl.replace(/\/[^/]*$/, `/${BENCH_DATABASE}`);
  const sqliteFile = join(mkdtempSync(join(tmpdir(), "wm-bench-sqlite-")), "bench.db");
  cleanups.push(() => rmSync(join(sqliteFile, ".."), { recursive: true, force: true }));

  // one after the other in full mode, so that neither start-up is timed under the other's load
  const startPg = () => startProject("project-pg", pgUrl, BASE_PORT, command);
  const startSqlite = () => startProject("project-sqlite", `file:${sqliteFile}`, BASE_PORT + 1, command);
  const [projectPg, projectSqlite] = QUICK ? await Promise.all([startPg(), startSqlite()]) : [await startPg(), await startSqlite()];
  const pglPort = BASE_PORT + 2;
  const t0 = performance.now();
  const pgl = startProcess(
    "postgraphile",
    [join(__dirname, "postgraphile/server.js")],
    { DATABASE_URL: pgUrl, PORT: String(pglPort) },
    join(__dirname, "postgraphile"),
  );
  const pglUrl = `http://127.0.0.1:${pglPort}/graphql`;
  const pglStartMs = await firstAnswer(pglUrl, pgl.child, t0, pgl.output);
  const postgraphile: Server = { target: "postgraphile", url: pglUrl, child: pgl.child, count: counter(pgl.child) };
  log(`postgraphile: first answer in ${pglStartMs.toFixed(0)} ms`);
  const bareUrl = `http://127.0.0.1:${BASE_PORT + 3}/graphql`;
  const bareProcess = startProcess(
    "apollo-bare",
    ["-r", "@swc-node/register", join(__dirname, "apollo-bare.ts")],
    { PORT: String(BASE_PORT + 3) },
    root,
  );
  await firstAnswer(bareUrl, bareProcess.child, performance.now(), bareProcess.output);
  const bare: Server = { target: "apollo-bare", url: bareUrl, child: bareProcess.child, count: counter(bareProcess.child) };

  // the same 100 users on both sides: the first 100 by id
  const c = new Client({ connectionString: pgUrl });
  await c.connect();
  const counts = (
    await c.query(`SELECT (SELECT count(*) FROM "User")::int AS users, (SELECT count(*) FROM "Task")::int AS tasks,
    (SELECT count(*) FROM "Vacation")::int AS vacations, (SELECT count(*) FROM "Invoice")::int AS invoices`)
  ).rows[0];
  const userIds = (await c.query(`SELECT id::text FROM "User" ORDER BY id LIMIT 100`)).rows.map((r) => r.id as string);
  await c.end();
  const list = allScenarios(userIds).filter((s) => !ONLY || ONLY.split("|").some((prefix) => s.name.startsWith(prefix)));
  const traced = list.some((s) => s.traced) ? await startTraced(pgUrl, BASE_PORT + 4, command) : undefined;

  // equivalence: same rows and columns
  const equivalence = new Map<string, string>();
  for (const s of list) {
    const ours = await post(projectPg.server.url, s.project);
    if (ours.errors) throw new Error(`${s.name}: the project answered with errors: ${JSON.stringify(ours.errors).slice(0, 500)}`);
    const oursSqlite = s.rows ? await post(projectSqlite.server.url, s.project) : undefined;
    if (!s.postgraphile || !s.rows) continue;
    const theirs = await post(pglUrl, s.postgraphile);
    if (theirs.errors) throw new Error(`${s.name}: PostGraphile answered with errors: ${JSON.stringify(theirs.errors).slice(0, 500)}`);
    const a = canonical(s.rows.project(ours.data));
    const b = canonical(s.rows.postgraphile(theirs.data));
    const bareAnswer = s.bareApollo ? canonical(s.rows.project((await post(bareUrl, s.project)).data)) : a;
    // the traced server answers the same (and, like the others, has answered once before it is measured)
    const tracedAnswer = s.traced && traced ? canonical(s.rows.project((await post(traced.url, s.project)).data)) : a;
    const sqliteSame = canonical(s.rows.project(oursSqlite!.data)) === a;
    if (a !== b || bareAnswer !== a || tracedAnswer !== a) {
      log(
        `NOT EQUIVALENT: ${s.name}\n project:      ${a.slice(0, 600)}\n postgraphile: ${b.slice(0, 600)}\n bare Apollo:  ${bareAnswer.slice(0, 600)}\n traced:       ${tracedAnswer.slice(0, 600)}`,
      );
      equivalence.set(s.name, "DIFFERENT");
    } else {
      equivalence.set(
        s.name,
        `same (${a.length} B of rows)${sqliteSame ? "" : "; SQLite differs"}${s.bareApollo ? "; bare Apollo the same" : ""}${s.traced && traced ? "; traced the same" : ""}`,
      );
    }
  }
  for (const [name, verdict] of equivalence) log(`rows: ${name}: ${verdict}`);

  // alternating rounds
  const results = new Map<string, Measure[]>();
  const key = (s: Scenario, target: Target, connections: number) => `${s.name}|${target}|${connections}`;
  const record = (k: string, m: Measure) => results.set(k, [...(results.get(k) ?? []), m]);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const connections of CONNECTIONS) {
      for (const s of list) {
        const report = (server: Server, m: Measure, target: Target = server.target) => {
          record(key(s, target, connections), m);
          const pgLine = m.pg ? `; PostgreSQL ${ms(m.pg.ms)} ms, CPU ${ms(m.pg.cpu)} ms, ${m.pg.statements.toFixed(1)} statements` : "";
          log(
            `round ${round} c=${connections} ${s.name} [${target}]: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ` +
              `${statementsPerRequest(m.statements)}; per request: server CPU ${ms(m.cpu)} ms${pgLine}${m.errors ? `, ${m.errors} errors` : ""}; ` +
              `after a warm-up of ${m.warmedUp} requests` +
              (m.machine ? `; machine ${pct(m.machine.busy)} busy, ${pct(m.machine.steal)} stolen` : ""),
          );
        };
        // the tracing pair measured together, side by side in time (measurePair), the traced server first in odd rounds
        const pair: [Server, Server] | undefined =
          s.traced && traced ? (round % 2 === 1 ? [traced, projectPg.server] : [projectPg.server, traced]) : undefined;
        // the untraced server's slices are the tracing table's; the main table measures it in a whole window, as PostGraphile
        if (pair)
          (await measurePair(pair, s.project, connections, pgSample)).forEach((m, k) =>
            report(pair[k], m, pair[k] === traced ? "project-pg-traced" : "project-pg-paired"),
          );
        const targets: [Server, Query][] = [[projectPg.server, s.project]];
        if (s.postgraphile) targets.push([postgraphile, s.postgraphile]);
        if (s.sqlite) targets.push([projectSqlite.server, s.project]);
        if (s.bareApollo) targets.push([bare, s.project]);
        // rotated by round (see the header): the first target of a workload's round changes every round
        const shift = (round - 1) % targets.length;
        for (const [server, q] of [...targets.slice(shift), ...targets.slice(0, shift)]) {
          const onPostgres = server.target === "project-pg" || server.target === "postgraphile";
          report(server, await measure(server, q, connections, onPostgres ? pgSample : undefined, s.background));
        }
        // the traced server's history the untraced one's: the workloads it is not measured on, unmeasured and
        // after this workload's measured runs (what it leaves behind falls in the next workload's warm-up)
        if (traced && !s.traced && WARMUP > 0) await replay(traced, s, connections);
      }
    }
  }

  const memory = {
    "project-pg": rssMb(projectPg.server.child.pid!),
    "project-sqlite": rssMb(projectSqlite.server.child.pid!),
    postgraphile: rssMb(postgraphile.child.pid!),
    "apollo-bare": rssMb(bare.child.pid!),
    ...(traced ? { "project-pg-traced": rssMb(traced.child.pid!) } : {}),
  };

  const summary = (s: Scenario, target: Target, connections: number) => {
    const runs = results.get(key(s, target, connections)) ?? [];
    if (runs.length === 0) return undefined;
    return {
      rps: median(runs.map((m) => m.rps)),
      p50: median(runs.map((m) => m.p50)),
      p99: median(runs.map((m) => m.p99)),
      statements: median(runs.map((m) => m.statements)),
      errors: runs.reduce((n, m) => n + m.errors, 0),
      cpu: median(runs.map((m) => m.cpu)),
      collectorCpu: runs[0].collectorCpu === undefined ? undefined : median(runs.map((m) => m.collectorCpu!)),
      pg: runs[0].pg && {
        ms: median(runs.map((m) => m.pg!.ms)),
        cpu: median(runs.map((m) => m.pg!.cpu)),
        statements: median(runs.map((m) => m.pg!.statements)),
      },
    };
  };
  type Summary = ReturnType<typeof summary>;
  const fmt = (m: Summary) =>
    m
      ? `${m.rps.toFixed(0)} req/s, p50 ${m.p50} / p99 ${m.p99} ms, ${statementsPerRequest(m.statements, "st/req")}${m.errors ? `, **${m.errors} errors**` : ""}`
      : "—";
  const ratio = (a: Summary, b: Summary) => (a && b && b.rps > 0 ? `${(a.rps / b.rps).toFixed(2)}x` : "—");
  const cpu = (m: Summary) => (m ? ms(m.cpu) : "—");
  const pgCells = (m: Summary) => (m?.pg ? [ms(m.pg.ms), ms(m.pg.cpu), m.pg.statements.toFixed(1)] : ["—", "—", "—"]);
  const rows: string[] = [];
  const costRows: string[] = [];
  for (const connections of CONNECTIONS) {
    for (const s of list) {
      const ours = summary(s, "project-pg", connections);
      const theirs = summary(s, "postgraphile", connections);
      const sqlite = summary(s, "project-sqlite", connections);
      const reference = summary(s, "apollo-bare", connections);
      rows.push(
        `| ${connections} | ${s.name} | ${fmt(ours)} | ${fmt(theirs)} | ${ratio(ours, theirs)} | ${fmt(sqlite)} | ${ratio(sqlite, theirs)} | ` +
          `${fmt(reference)} | ${reference ? `${ratio(ours, reference)} (SQLite ${ratio(sqlite, reference)})` : "—"} | ${equivalence.get(s.name) ?? "—"} |`,
      );
      costRows.push(
        `| ${connections} | ${s.name} | ${[cpu(ours), ...pgCells(ours), cpu(theirs), ...pgCells(theirs), cpu(sqlite), cpu(reference)].join(" | ")} |`,
      );
    }
  }
  const table = `| Conns | Workload | Project on PostgreSQL | PostGraphile v4 | Project ÷ PostGraphile | Project on SQLite | SQLite ÷ PostGraphile | Bare Apollo Server 5 | Project ÷ bare Apollo | Rows checked |
|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
  const costTable = `Per request (medians): the server's CPU time, and for the servers on PostgreSQL, PostgreSQL's own time (execution plus
planning, pg_stat_statements), its CPU time (every process of the cluster) and the statements it executed (pg_stat_statements;
it counts Prisma's BEGIN and COMMIT, named prepared statements, only once per connection).

| Conns | Workload | Project/PG: server CPU ms | PostgreSQL ms | PostgreSQL CPU ms | PostgreSQL statements | PostGraphile: server CPU ms | PostgreSQL ms | PostgreSQL CPU ms | PostgreSQL statements | Project/SQLite: server CPU ms | Bare Apollo: server CPU ms |
|---|---|---|---|---|---|---|---|---|---|---|---|
${costRows.join("\n")}`;
  const tracedRows = CONNECTIONS.flatMap((connections) =>
    list
      .filter((s) => s.traced)
      .map((s) => {
        const off = summary(s, "project-pg-paired", connections);
        const on = summary(s, "project-pg-traced", connections);
        // each round's two windows are adjacent: the median of the rounds' ratios cancels the drift of a shared machine between rounds
        const offRuns = results.get(key(s, "project-pg-paired", connections)) ?? [];
        const onRuns = results.get(key(s, "project-pg-traced", connections)) ?? [];
        const paired = median(onRuns.map((m, i) => m.rps / (offRuns[i]?.rps ?? NaN)).filter(Number.isFinite));
        const cpuCell = (m: Summary) => (m ? `${ms(m.cpu)} ms` : "—");
        const collectorCell = on?.collectorCpu === undefined ? "—" : `${ms(on.collectorCpu)} ms`;
        return `| ${connections} | ${s.name} | ${fmt(off)} | ${fmt(on)} | ${ratio(on, off)} | ${Number.isNaN(paired) ? "—" : `${paired.toFixed(2)}x`} | ${cpuCell(off)} | ${cpuCell(on)} | ${collectorCell} |`;
      }),
  );
  const tracingTable = tracedRows.length
    ? `Tracing (issue 22): the same project on PostgreSQL, once without OpenTelemetry (no OTEL_* variable: the SDK is not loaded) and once
tracing every request (OTEL_EXPORTER_OTLP_ENDPOINT set, OTLP/HTTP protobuf, the SDK's batch processor with its defaults, to a
collector of its own on this machine that discards what it gets: bench/otlp-sink.cjs; sampler parentbased_always_on), measured
together in every round (both warmed up, then ${PAIR_SLICES} alternated slices each: bench/run.ts, measurePair), the traced server given
the other's history of the other workloads. Target: with tracing, at most 10% lower throughput. "On ÷ off" divides the medians;
"paired" is the median of each round's ratio.

| Conns | Workload | Tracing off | Tracing on | On ÷ off | On ÷ off, paired | Server CPU/req off | Server CPU/req on | Collector CPU/req |
|---|---|---|---|---|---|---|---|---|
${tracedRows.join("\n")}`
    : "";
  const memoryLine = Object.entries(memory)
    .map(([t, m]) => `${t} ${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)} MB)`)
    .join("; ");
  const startSettings = [...Object.entries(START.env).flatMap(([k, v]) => (k === "NODE_ENV" ? [] : [`${k}=${v}`])), ...START.nodeArgs].join(
    " ",
  );
  const startLine = `process start to first answer on a migrated, seeded database: project on PostgreSQL ${projectPg.startMs.toFixed(0)} ms, on SQLite ${projectSqlite.startMs.toFixed(0)} ms (${command.includes("-r") ? "TypeScript through swc" : "built JavaScript"}${startSettings ? `, ${startSettings}` : ""}); PostGraphile ${pglStartMs.toFixed(0)} ms`;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node.js ${process.version}, load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
  const header = `Produced by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine}.
Seed scale ${SCALE} (${counts.users} users, ${counts.tasks} tasks, ${counts.vacations} vacations, ${counts.invoices} invoices before the run);
${ROUNDS} alternating round(s) of ${SECONDS} s per workload, target and connection count, each right after an unmeasured warm-up
of ${WARMUP} s and at least ${WARMUP_REQUESTS} requests of the same; medians. autocannon over loopback HTTP,
every server its own process (NODE_ENV=production). Statements per request are counted in each server's drivers
(bench/count-statements.cjs), BEGIN/COMMIT included. The bare Apollo Server 5 (bench/apollo-bare.ts: \`startStandaloneServer\`,
default options, no plugins, the project's schema) is the reference for \`{ __typename }\`. The bench took ${((Date.now() - started) / 1000).toFixed(0)} s.`;

  log(
    `\n${header}\n\n${table}\n\n${costTable}${tracingTable ? `\n\n${tracingTable}` : ""}\n\nServer RSS after the run: ${memoryLine}\n${startLine}`,
  );

  if (WRITE_RESULTS) {
    const file = join(__dirname, "RESULTS.md");
    const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
    const kept = /## Event loop under load[\s\S]*?(?=\n## |\n<!-- end event loop -->|$)/.exec(previous)?.[0]?.trim();
    const notes = /<!-- notes -->[\s\S]*?<!-- end notes -->/.exec(previous)?.[0];
    writeFileSync(
      file,
      `# Benchmark results

## Latest run

${header}

${table}

${costTable}
${tracingTable ? `\n${tracingTable}\n` : ""}
Server RSS after the run: ${memoryLine}.

Start-up: ${startLine}.

${notes ?? "<!-- notes -->\n<!-- end notes -->"}

${kept ?? '## Event loop under load\n\nMeasured by test/server-limits.test.ts ("the event loop under the heaviest admitted document"), which prints its figures on every run.'}
`,
    );
    log(`wrote ${file}`);
  }
  const failed = [...equivalence.values()].some((v) => v === "DIFFERENT") || [...results.values()].flat().some((m) => m.errors > 0);
  cleanup();
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  cleanup();
  process.exit(1);
});
