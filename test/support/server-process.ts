import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { projectRoot } from "../../src/config/paths";

/**
 * The API as operators run it: `src/main.ts` in a child process of its own (compiled on the fly
 * by @swc-node/register, so no build step), configured only through its environment.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once GET /health answers 200; rejects with its output if it exits first or takes too long. */
  ready(timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node src/main.ts` with `env` on top of a clean environment (no NODE_ENV=test from
 * jest); `options.nodeArgs` go to node itself (`--max-old-space-size=...`); `options.main` runs
 * a built `main.js` instead (see buildServer).
 */
export async function startServer(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; main?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { NODE_ENV: _jest, TEST_DATABASE_URL: _t, ...inherited } = process.env;
  const entry = options.main ? [options.main] : ["-r", "@swc-node/register", join(projectRoot, "src/main.ts")];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: projectRoot,
    env: { ...inherited, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    child,
    output: () => output,
    exited,
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (done) throw new Error(`server exited before it was ready:\n${output}`);
        const status = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        await sleep(200);
      }
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output}`);
    },
    async stop(timeoutMs = 15_000) {
      if (done) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Builds the server as `npm run build` does, into a folder of the test's own under
 * node_modules/.cache (never dist/, which other tests build), and answers its `main.js`: for
 * tests that must measure the server as `npm start` runs it (swc's compiler alone takes some
 * 45 MB of heap). Incremental: a second build of unchanged sources takes seconds.
 */
export function buildServer(name: string): string {
  const out = join(projectRoot, "node_modules/.cache", name);
  execFileSync(
    process.execPath,
    [
      join(projectRoot, "node_modules/typescript/bin/tsc"),
      "-p",
      "tsconfig.build.json",
      "--outDir",
      out,
      "--tsBuildInfoFile",
      join(out, "tsbuildinfo"),
    ],
    {
      cwd: projectRoot,
      stdio: "pipe",
    },
  );
  return join(out, "src/main.js");
}

export interface HttpGqlResult<T = Record<string, any>> {
  status: number;
  body: { data?: T | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  ms: number;
}

/** One GraphQL operation over HTTP, as a client sends it. */
export async function httpGql<T = Record<string, any>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  timeoutMs = 30_000,
): Promise<HttpGqlResult<T>> {
  const started = Date.now();
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as HttpGqlResult<T>["body"];
  return { status: response.status, body, ms: Date.now() - started };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `output()` matches `pattern`; rejects with the output if `child` exits first. */
export function untilPrinted(child: ChildProcess, output: () => string, pattern: RegExp): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (pattern.test(output())) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || child.signalCode !== null) {
        clearInterval(timer);
        reject(new Error(`stopped before printing ${pattern}:\n${output()}`));
      }
    }, 200);
  });
}

/** The messages of a server's log (pino: one JSON object per line, its text in `msg`). */
export function logMessages(output: string): string[] {
  return output.split("\n").flatMap((line) => {
    try {
      return [String((JSON.parse(line) as { msg?: unknown }).msg ?? "")];
    } catch {
      return [];
    }
  });
}

/** The command the server's start-up hint prints for making a token. */
export function tokenHint(output: string): string {
  return (
    logMessages(output)
      .map((m) => /^Create a token for any user[^:]*: (.+)$/.exec(m)?.[1])
      .find(Boolean) ?? ""
  );
}

/** Polls `fn` until it returns a truthy value; rejects after `timeoutMs`. */
export async function waitFor<T>(fn: () => Promise<T>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}
