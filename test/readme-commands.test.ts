import { execSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../src/config/paths";
import { startCommand } from "./support/start-command";
import { authenticate } from "../src/auth/authenticate";
import { prismaClient } from "../src/db/client";
import { onPostgres } from "./support/databases";
import { describeIf } from "./support/skip";
import { tokenHint, untilPrinted } from "./support/server-process";

/**
 * Every command the README shows, run as a user types it, so that a broken command (like the
 * seed CLI's missing reflect-metadata import) cannot land again. They run against a database
 * in a temporary folder, never the developer's data/dev.db, and the server on a free port of
 * 127.0.0.1 (the only change to the typed text: the curl example's port). `npm start` builds
 * once; the CLIs run from source and need no build.
 */
const README = readFileSync(join(projectRoot, "README.md"), "utf8");

/** The commands of the README: lines of its bash blocks (continuations joined) and inline `npm …`/`bash …` spans. */
function readmeCommands(): string[] {
  const commands = new Set<string>();
  for (const block of README.matchAll(/```bash\n([\s\S]*?)```/g)) {
    for (const line of block[1].replace(/\\\n\s*/g, "").split("\n")) {
      const command = line.replace(/\s+#.*$/, "").trim();
      if (command && !command.startsWith("#")) commands.add(command);
    }
  }
  for (const span of README.matchAll(/`((?:npm|bash) [^`]+)`/g)) commands.add(span[1].trim());
  return [...commands];
}

const URL_IN_README = "http://localhost:4000/graphql";
const CURL = readmeCommands().find((c) => c.startsWith("curl "))!;
/** The REST interface's examples, one per area (the README's "REST interface" section). */
const REST_CURLS = readmeCommands().filter((c) => c.startsWith("curl ") && c !== CURL);

/** Commands run below, and the ones left to other tests or to CI, with the reason. */
const RUN = [
  "npm start",
  "npm run token:create -- --email piotr.wisniewski@kompas-software.pl",
  "TOKEN=wm_...",
  CURL,
  ...REST_CURLS,
  "npm run db:seed -- --reset --scale 2",
  "npm run schema:check",
];
const ELSEWHERE: Record<string, string> = {
  "npm install":
    "the suite runs inside an installed tree; .ci/run runs it (with --package-lock-only) and checks the lockfile stays as committed",
  "npm ci": "the suite runs inside an installed tree; .ci/run installs with it on every CI run",
  "npm test": "this is the suite itself",
  "npm run lint": "npm test runs it before the type check and the suite (so every CI run does)",
  "npm run format": "it rewrites the working tree; npm run lint (so every CI run) checks that it would change nothing",
  "npm run schema:print": "test/schema-sdl.test.ts runs it (writing to a temporary path, so the committed file stays as it is)",
  "npm run test:postgres": "CI runs it (.ci/run)",
  "bash .ci/run": "CI itself",
  "npm run bench": "the load benchmark: minutes of load, never part of the suite",
};

describe("the README's commands", () => {
  it("are each run here, or named with the place that runs them", () => {
    const unknown = readmeCommands().filter((c) => !RUN.includes(c) && !(c in ELSEWHERE));
    expect(unknown).toEqual([]);
    expect(CURL).toContain(URL_IN_README);
  });

  // the commands use their own SQLite database whatever the suite runs on: once per CI run is enough
  describeIf(
    !onPostgres,
    "the commands use a SQLite database of their own whatever the suite runs on: they run in the SQLite run of the suite",
  )("as typed, against a temporary database", () => {
    let dir: string;
    let port: number;
    let server: ChildProcess | undefined;
    let output = "";
    let adminToken = "";
    let userToken = "";
    const env = () => {
      const e: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${join(dir, "dev.db")}`, PORT: String(port), HOST: "127.0.0.1" };
      delete e.TEST_DATABASE_URL;
      delete e.NODE_ENV;
      delete e.SEED_ADMIN_TOKEN;
      return e;
    };
    const run = (command: string, extra: NodeJS.ProcessEnv = {}) =>
      execSync(command, {
        cwd: projectRoot,
        env: { ...env(), ...extra },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 180_000,
      });

    /** Stops the `npm start` process group this test started, if it still runs. */
    const stopServer = async () => {
      if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "wm-readme-"));
      port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, "127.0.0.1", () => {
          const { port: p } = probe.address() as { port: number };
          probe.close(() => resolve(p));
        });
      });
    });
    afterAll(async () => {
      await stopServer();
      rmSync(dir, { recursive: true, force: true });
    });

    it("npm start builds, migrates and seeds the empty database, prints the admin token and serves", async () => {
      server = spawn("npm start", { cwd: projectRoot, env: env(), shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      server.stdout!.on("data", (chunk) => (output += chunk));
      server.stderr!.on("data", (chunk) => (output += chunk));
      await untilPrinted(server, () => output, /GraphQL API ready/);
      adminToken = /Demo admin token \([^)]+\): (wm_[A-Za-z0-9_-]+)/.exec(output)?.[1] ?? "";
      expect(adminToken).toMatch(/^wm_/);
      expect(output).toContain("Seeded demo data");
      // it says which database it serves
      expect(output).toContain(`serving the SQLite database ${join(dir, "dev.db")}`);
      // and, before the build's silent tsc run, what it is doing and how long that takes; then how long it took
      const building = output.search(
        /Building the server \(tsc -p tsconfig\.build\.json into dist\/\): (the first build takes about \d+ s on 2 cores|what changed since the last build)/,
      );
      const built = output.search(/Built in \d+\.\d s\./);
      expect(building).toBeGreaterThanOrEqual(0);
      expect(built).toBeGreaterThan(building);
      expect(output.indexOf("GraphQL API ready")).toBeGreaterThan(built);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await health.json()).toMatchObject({ status: "ok" });
    }, 300_000);

    it("npm start runs node as test/support/start-command.ts reads it (the benchmark and the heap test run the same): the heap cap, two malloc arenas and a fixed mmap threshold", () => {
      // the server: the node process of the start's process group that runs dist/src/main.js (Linux's /proc)
      const node = readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .map((pid) => {
          try {
            const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
            const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
            const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
            return { pid, group, args };
          } catch {
            return undefined; // exited meanwhile
          }
        })
        // node's own arguments, not the shell's one string that ends with the same path
        .find((p) => p !== undefined && p.group === server!.pid && p.args.includes("dist/src/main.js"))!;
      const environment = readFileSync(`/proc/${node.pid}/environ`, "utf8").split("\0");
      const start = startCommand();
      expect(start.env.MALLOC_ARENA_MAX).toBe("2");
      expect(start.env.MALLOC_MMAP_THRESHOLD_).toBe("131072");
      expect(start.nodeArgs).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
      expect(environment).toEqual(expect.arrayContaining(Object.entries(start.env).map(([name, value]) => `${name}=${value}`)));
      expect(node.args).toEqual(expect.arrayContaining(start.nodeArgs));
    });

    it("npm run token:create -- --email ... prints a token that works", async () => {
      const printed = run("npm run token:create -- --email piotr.wisniewski@kompas-software.pl");
      userToken = printed.trim().split("\n").pop()!;
      expect(userToken).toMatch(/^wm_[A-Za-z0-9_-]+$/);
    }, 120_000);

    it("the start-up hint's command, typed where DATABASE_URL is not set, makes a token of the served database (issue 24)", async () => {
      const hint = tokenHint(output);
      expect(hint).toBe(`DATABASE_URL='file:${join(dir, "dev.db")}' npm run token:create -- --email piotr.wisniewski@kompas-software.pl`);
      const { DATABASE_URL: _served, ...shell } = env();
      const token = execSync(hint, { cwd: projectRoot, env: shell, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 })
        .trim()
        .split("\n")
        .pop()!;
      const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: "{ users(itemsPerPage: 1) { items { id } } }" }),
      });
      expect(res.status).toBe(200);
    }, 120_000);

    it("the curl example answers the first users, with the token just created", () => {
      const answer = JSON.parse(run(CURL.replace(URL_IN_README, `http://127.0.0.1:${port}/graphql`), { TOKEN: userToken }));
      expect(answer.errors).toBeUndefined();
      expect(answer.data.users.items).toHaveLength(3);
      expect(answer.data.users.paginationInfo.totalCount).toBeGreaterThanOrEqual(40);
      const admin = JSON.parse(run(CURL.replace(URL_IN_README, `http://127.0.0.1:${port}/graphql`), { TOKEN: adminToken }));
      expect(admin.data.users.items).toEqual(answer.data.users.items);
    }, 60_000);

    it("the REST examples answer, one per area of the interface, with the admin's token", () => {
      const areas = REST_CURLS.map((c) => /localhost:4000\/(\w+)\//.exec(c)?.[1]);
      expect(areas).toEqual(["project", "finance", "calendar", "user", "chat", "crm"]);
      const answers = REST_CURLS.map((c) => {
        const printed = run(c.replace(/http:\/\/localhost:4000/g, `http://127.0.0.1:${port}`), { TOKEN: adminToken });
        // `-D -` prints the headers before the body
        const [head, body] = printed.startsWith("HTTP/") ? printed.split(/\r?\n\r?\n/, 2) : ["", printed];
        return { head, body: JSON.parse(body) };
      });
      const [gantt, invoice, vacations, users, membership, note] = answers;
      expect(gantt.body.tasks.length).toBeGreaterThan(0);
      expect(invoice.body).toMatchObject({ invoiceType: "Vat", grossAmount: 2460, items: [{ tax: "23" }] });
      expect(invoice.body.no).toMatch(/^FV\//);
      expect(vacations.body).toHaveLength(3);
      expect(vacations.body.every((v: any) => ["q", "accepted"].includes(v.status))).toBe(true);
      expect(users.head).toMatch(/^HTTP\/1\.1 200/);
      expect(users.head).toMatch(/^x-total-count: \d+/im);
      expect(users.head).toMatch(/^link: .*rel="next"/im);
      expect(users.body).toHaveLength(3);
      expect(membership.body).toMatchObject({ isMutedIndefinitely: true });
      expect(note.body).toMatchObject({ id: "7d4e5f6a-7c8d-4e9f-9a0b-1c2d3e4f5a22" });
    }, 60_000);

    it("npm run db:seed -- --reset --scale 2 replaces the data with twice the demo volume", async () => {
      await stopServer();
      const printed = run("npm run db:seed -- --reset --scale 2");
      expect(printed).toContain("Deleted all data, API tokens included: every token issued before no longer works.");
      // as the README says where it shows the command: the tokens issued before are refused now
      const shown = README.indexOf("npm run db:seed -- --reset --scale 2");
      expect(README.slice(shown, shown + 400)).toMatch(/every token issued before stops working/);
      const db = prismaClient({ url: `file:${join(dir, "dev.db")}` }).client;
      try {
        for (const token of [adminToken, userToken]) expect((await authenticate(db, `Bearer ${token}`)).viewer).toBeNull();
        const fresh = /API token: (wm_[A-Za-z0-9_-]+)/.exec(printed)![1];
        expect((await authenticate(db, `Bearer ${fresh}`)).viewer).not.toBeNull();
      } finally {
        await db.$disconnect();
      }
      expect(printed).toMatch(/Seeded \d+ rows \(scale 2\)/);
      expect(printed).toMatch(/API token: wm_/);
      // without --reset it refuses to overwrite, with a message saying how
      expect(() => run("npm run db:seed")).toThrow(/--reset/);
    }, 180_000);

    it("npm run schema:check passes on this tree", () => {
      const printed = run("npm run schema:check");
      expect(printed).toContain("schema.graphql is up to date.");
    }, 180_000);
  });
});
