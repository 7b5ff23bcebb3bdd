import { execSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { projectRoot } from "../src/config/paths";
import { onPostgres } from "./support/databases";
import { freePort, tokenHint, untilPrinted } from "./support/server-process";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";

/**
 * docs/postgres.md's "try it" commands, run as written (issue 24): the exported DATABASE_URL
 * makes `npm start` serve PostgreSQL, the server says so, and the token command it prints makes
 * a token that server accepts. A PostgreSQL of its own (scripts/pg-local.sh on a free port and a
 * fresh data directory: the instance is chosen by PGPORT and PGDATA_DIR, as the script says),
 * and the server on a free port (PORT, HOST): the only settings besides the typed text.
 */
const DOC = readFileSync(join(projectRoot, "docs", "postgres.md"), "utf8");
const BLOCK = /To try it on a throw-away local PostgreSQL[\s\S]*?```bash\n([\s\S]*?)```/.exec(DOC)![1];

describeIf(onPostgres, NEEDS_POSTGRES)("docs/postgres.md, as typed", () => {
  jest.setTimeout(300_000);
  let env: NodeJS.ProcessEnv;
  let server: ChildProcess | undefined;
  let output = "";

  beforeAll(async () => {
    const { TEST_DATABASE_URL: _suite, NODE_ENV: _jest, DATABASE_URL: _none, ...inherited } = process.env;
    const pgPort = await freePort();
    env = {
      ...inherited,
      PGPORT: String(pgPort),
      PGDATA_DIR: `/tmp/wm-docs-pg-${randomUUID()}`,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
    };
  });
  afterAll(async () => {
    if (server?.pid && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    execSync("bash scripts/pg-local.sh destroy", { cwd: projectRoot, env, stdio: "ignore" });
  });

  it("serves PostgreSQL, says so, and prints a token command for that database", async () => {
    expect(BLOCK).toMatch(/^export DATABASE_URL=\$\(scripts\/pg-local\.sh start\)/m);
    // the block as one shell script, its comments included
    server = spawn("bash", ["-c", BLOCK], { cwd: projectRoot, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    await untilPrinted(server, () => output, /GraphQL API ready/);
    const url = `postgresql://postgres@127.0.0.1:${env.PGPORT}/postgres`;
    expect(output).toContain(`serving the PostgreSQL database ${url}`);
    expect(output).toContain("Seeded demo data");

    const hint = tokenHint(output);
    expect(hint).toBe(`DATABASE_URL='${url}' npm run token:create -- --email piotr.wisniewski@kompas-software.pl`);
    // typed in another terminal, where DATABASE_URL is not set
    const token = execSync(hint, { cwd: projectRoot, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 })
      .trim()
      .split("\n")
      .pop()!;
    const res = await fetch(`http://127.0.0.1:${env.PORT}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ users(itemsPerPage: 1) { items { id } } }" }),
    });
    expect(res.status).toBe(200);
  });
});
