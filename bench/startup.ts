/**
 * `npm run bench:startup`: process start to first answer of the built server (`node
 * dist/src/main.js`, as `npm start` runs it) on an already migrated and seeded database, several
 * times, with the phases the server logs in its "ready" line (`startup` field, milliseconds
 * since process start at the end of each phase). Prints each run and the medians.
 *
 *   npm run build && DATABASE_URL=file:/tmp/x.db npm run bench:startup
 *   STARTUP_RUNS=7 DATABASE_URL=postgresql://... npm run bench:startup
 *
 * The database must exist; a first run migrates and seeds it (SEED_ON_EMPTY=true, SEED_SCALE=1)
 * and is not counted.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";

/** The project whose build is timed (STARTUP_ROOT: another checkout's, to compare with this one). */
const root = process.env.STARTUP_ROOT ?? join(__dirname, "..");
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const PORT = Number(process.env.STARTUP_PORT ?? 4690);
const url = `http://127.0.0.1:${PORT}/graphql`;

interface Run {
  totalMs: number;
  /** The server's CPU time (user + system, from /proc) at its first answer: what a busy machine does not stretch. */
  cpuMs: number;
  phases: Record<string, number>;
}

async function once(): Promise<Run> {
  const main = join(root, "dist/src/main.js");
  if (!existsSync(main)) throw new Error("dist/src/main.js is missing: run `npm run build` first");
  const started = performance.now();
  const child = spawn(process.execPath, [...(process.env.STARTUP_NODE_ARGS?.split(" ").filter(Boolean) ?? []), main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SEED_ON_EMPTY: "true",
      SEED_SCALE: process.env.SEED_SCALE ?? "1",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.slice(-2000)}`);
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"query":"{ __typename }"}',
        });
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 600_000) throw new Error(`no answer after 600 s:\n${output.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const totalMs = performance.now() - started;
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    const cpuMs = ((Number(stat[11]) + Number(stat[12])) * 1000) / 100;
    const ready = output
      .split("\n")
      .map((l) => {
        try {
          return JSON.parse(l) as { startup?: Record<string, number> };
        } catch {
          return {};
        }
      })
      .find((l) => l.startup);
    return { totalMs, cpuMs, phases: ready?.startup ?? {} };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function run() {
  if (!process.env.DATABASE_URL) throw new Error("set DATABASE_URL (a file: or postgresql:// URL)");
  await once(); // migrates and seeds when needed; warms the file cache
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    runs.push(r);
    console.log(
      `run ${i + 1}: first answer ${r.totalMs.toFixed(0)} ms, server CPU ${r.cpuMs.toFixed(0)} ms; ${Object.entries(r.phases)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  }
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.phases)))];
  console.log(
    `median of ${RUNS}: first answer ${median(runs.map((r) => r.totalMs)).toFixed(0)} ms, server CPU ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms; ` +
      names.map((n) => `${n} ${median(runs.map((r) => r.phases[n] ?? NaN)).toFixed(0)}`).join(", ") +
      ` (ms since process start); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
