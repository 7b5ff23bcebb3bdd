/**
 * `npm run bench:cpu`: the server's CPU milliseconds per request over real HTTP, for the
 * benchmark's workloads, measured from /proc (user + system time of the server process) while
 * autocannon sends a fixed number of requests. CPU per request hardly depends on how busy the
 * rest of the machine is, unlike requests per second, so it is the figure to compare changes
 * to the per-request work on a shared machine.
 *
 *   npm run build && DATABASE_URL=file:/tmp/x.db npm run bench:cpu
 *   CPU_REQUESTS=2000 CPU_ONLY=users CPU_NODE_ARGS="--max-semi-space-size=16" DATABASE_URL=... npm run bench:cpu
 *   CPU_LOG_LEVEL=info DATABASE_URL=... npm run bench:cpu > /dev/null   (the request log on, as `npm run bench` runs it)
 *   CPU_TRACED=true CPU_ONLY=users DATABASE_URL=... npm run bench:cpu
 *   CPU_TRACED=both CPU_ONLY=users DATABASE_URL=... npm run bench:cpu
 *
 * CPU_TRACED=true runs the server with OpenTelemetry tracing every request, exported over OTLP/HTTP
 * (OTEL_EXPORTER_OTLP_PROTOCOL and the other OTEL_* variables pass through) to a sink in this
 * process that reads and discards each batch: its CPU is not the server's, so it is not counted.
 * CPU_TRACED=both runs two servers, untraced and traced, and loads them at the same time, so that
 * both see the same machine: their ratio is the figure to compare on a busy machine. The set-up
 * has a bias of its own, measured by an A/A run where neither server traces
 * (`OTEL_SDK_DISABLED=true CPU_TRACED=both ...`): 1.05-1.08x on a busy 2-core machine
 * (bench/RESULTS.md's notes); compare a traced ratio with it, not with 1.00.
 *
 * The database is migrated and seeded (scale 1) by the server when empty. It prints the server's
 * RSS at the end too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import autocannon from "autocannon";
import { cpuMs, rssMb } from "./proc";
import { scenarios } from "./scenarios";

const root = join(__dirname, "..");
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 1000);
const CONNECTIONS = Number(process.env.CPU_CONNECTIONS ?? 4);
const PORT = Number(process.env.CPU_PORT ?? 4692);
const TOKEN = "wm_bench_admin_token_0123456789abcdef";

interface Target {
  label: string;
  url: string;
  port: number;
  child: ChildProcess;
}

/** An OTLP/HTTP endpoint that reads each batch and discards it, as cheaply as a receiver can. */
async function otlpSink(): Promise<string> {
  const sink = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  sink.unref();
  return `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
}

async function start(label: string, port: number, env: Record<string, string>): Promise<Target> {
  const url = `http://127.0.0.1:${port}/graphql`;
  const child = spawn(
    process.execPath,
    [...(process.env.CPU_NODE_ARGS?.split(" ").filter(Boolean) ?? []), join(root, "dist/src/main.js")],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        SEED_ON_EMPTY: "true",
        SEED_SCALE: "1",
        SEED_ADMIN_TOKEN: TOKEN,
        LOG_LEVEL: process.env.CPU_LOG_LEVEL ?? "warn",
        ...env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  process.on("exit", () => child.kill("SIGKILL"));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label || "the server"} exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"query":"{ __typename }"}' })).ok)
        break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { label, url, port, child };
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("set DATABASE_URL");
  const traced = process.env.CPU_TRACED ?? "false";
  const targets: Target[] = [];
  // one after the other: the first seeds an empty database
  if (traced !== "true") targets.push(await start(traced === "both" ? "untraced" : "", PORT, {}));
  if (traced === "true" || traced === "both")
    targets.push(
      await start(traced === "both" ? "traced" : "", PORT + (traced === "both" ? 1 : 0), { OTEL_EXPORTER_OTLP_ENDPOINT: await otlpSink() }),
    );
  const { url } = targets[0];
  const userIds = (await (
    await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: TOKEN },
      body: JSON.stringify({ query: "{ users(itemsPerPage: 100) { items { id } } }" }),
    })
  ).json()) as { data: { users: { items: { id: string }[] } } };
  const list = scenarios(userIds.data.users.items.map((u) => u.id)).filter(
    (s) => s.sqlite && (!process.env.CPU_ONLY || s.name.startsWith(process.env.CPU_ONLY)),
  );
  for (const s of list) {
    const run = (target: Target, amount: number) =>
      autocannon({
        url: target.url,
        method: "POST",
        connections: CONNECTIONS,
        amount,
        headers: { "content-type": "application/json", authorization: TOKEN },
        body: JSON.stringify(s.project),
      });
    await Promise.all(targets.map((t) => run(t, Math.max(50, REQUESTS / 10)))); // warm-up
    // side by side: every server under load at the same time, on the same machine
    const perRequest = await Promise.all(
      targets.map(async (t) => {
        const before = cpuMs(t.child.pid!);
        const result = await run(t, REQUESTS);
        const used = cpuMs(t.child.pid!) - before;
        const ok = result["2xx"];
        console.log(
          `${s.name}${t.label ? ` (${t.label})` : ""}: ${(used / ok).toFixed(2)} ms CPU/request (${ok} answered, ${result.non2xx + result.errors} failed, ${result.requests.average.toFixed(0)} req/s)`,
        );
        return used / ok;
      }),
    );
    if (perRequest.length === 2) console.log(`${s.name}: traced ÷ untraced CPU/request ${(perRequest[1] / perRequest[0]).toFixed(2)}x`);
  }
  for (const t of targets) {
    // where the memory is: the V8 heap (used and reserved), external buffers; the rest is code, Wasm and native
    const metrics = await (await fetch(`http://127.0.0.1:${t.port}/metrics`)).text();
    const metric = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, "m").exec(metrics)?.[1] ?? NaN) / 2 ** 20;
    console.log(
      `server${t.label ? ` (${t.label})` : ""} RSS at the end: ${rssMb(t.child.pid!).rss.toFixed(0)} MB (V8 heap used ${metric("nodejs_heap_size_used_bytes").toFixed(0)} MB ` +
        `of ${metric("nodejs_heap_size_total_bytes").toFixed(0)} MB, external ${metric("nodejs_external_memory_bytes").toFixed(0)} MB)`,
    );
  }
  // a graceful stop, so that a --cpu-prof given in CPU_NODE_ARGS is written
  await Promise.all(
    targets.map((t) => {
      t.child.kill("SIGTERM");
      return new Promise((r) => t.child.once("exit", r));
    }),
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
