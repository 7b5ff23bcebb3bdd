import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { sql, type Kysely } from "kysely";
import { DIALECTS } from "../src/db/sql";
import { createReadSide, type ReadSide } from "../src/db/kysely";
import { createLogger } from "../src/observability/logger";
import { onPostgres } from "./support/databases";
import { describeIf } from "./support/skip";
import { createTestApp, type TestApp } from "./support/test-app";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- better-sqlite3 has no types of its own
const Database = require("better-sqlite3") as new (path: string) => { exec(sql: string): void; close(): void };

/**
 * The SQLite read side runs its statements on a worker thread (src/db/sqlite-reader.ts): while one
 * runs, the event loop goes on serving (with better-sqlite3 on the event loop, a statement held
 * the whole process until it ended), and a failing statement is an error of its own query only.
 */
describe("the SQLite read side's worker", () => {
  let dir: string;
  let side: ReadSide;
  const statements: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "wm-sqlite-reader-"));
    const path = join(dir, "read.db");
    const file = new Database(path);
    file.exec("create table t (id integer primary key, name text, flag integer); insert into t values (1, 'one', 1), (2, 'two', 0)");
    file.close();
    side = createReadSide({ kind: "sqlite", sqlitePath: path, onQuery: (text) => statements.push(text) });
  });

  afterAll(async () => {
    await side.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads rows as better-sqlite3 gives them, each statement seen by onQuery", async () => {
    statements.length = 0;
    const rows = await side.db
      .selectFrom("t" as never)
      .selectAll()
      .orderBy("id" as never)
      .execute();
    expect(rows).toEqual([
      { id: 1, name: "one", flag: 1 },
      { id: 2, name: "two", flag: 0 },
    ]);
    expect(statements).toEqual(['select * from "t" order by "id"']);
  });

  it("keeps the event loop turning while a statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    // some tens of milliseconds of SQLite work at the least, however fast the machine
    const started = performance.now();
    const result = await sql<{
      n: number;
    }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`.execute(side.db);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(result.rows).toEqual([{ n: 3_000_000 }]);
    // on the event loop the statement would have run in one piece: no tick before it ended
    expect(elapsed).toBeGreaterThan(5);
    expect(ticks).toBeGreaterThan(0);
  });

  it("fails a bad statement with SQLite's message and code, and the next one still runs", async () => {
    await expect(sql`select * from missing_table`.execute(side.db)).rejects.toMatchObject({
      message: expect.stringContaining("no such table: missing_table"),
      code: "SQLITE_ERROR",
    });
    await expect(
      side.db
        .selectFrom("t" as never)
        .select("name" as never)
        .where("id" as never, "=", 2 as never)
        .execute(),
    ).resolves.toEqual([{ name: "two" }]);
  });

  it("sends the statements of one turn together: one message for many, each answered on its own", async () => {
    const post = jest.spyOn(Worker.prototype, "postMessage");
    try {
      const names = await Promise.all(
        [1, 2, 1, 2, 1, 2, 1, 2, 1, 3].map((id) =>
          side.db
            .selectFrom("t" as never)
            .select("name" as never)
            .where("id" as never, "=", id as never)
            .execute(),
        ),
      );
      expect(names).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1, 3].map((id) => (id === 3 ? [] : [{ name: id === 1 ? "one" : "two" }])));
      // queued in the same turn, they leave at its end in one message
      expect(post.mock.calls.map(([batch]) => (batch as unknown[]).length)).toEqual([10]);
    } finally {
      post.mockRestore();
    }
  });

  it("nests a JSON form in another as JSON, not as a string of it", async () => {
    const { jsonArray, jsonObject } = DIALECTS.sqlite;
    const db = side.db as unknown as Kysely<{ t: { id: number; name: string; flag: number } }>;
    const nested = await db
      .selectNoFrom((eb) => [
        jsonArray(
          eb
            .selectFrom("t as a")
            .select((inner) => [
              "a.id",
              sql`${jsonObject(inner.selectFrom("t as b").select(["b.name", "b.flag"]).whereRef("b.id", "=", "a.id"))}`.as("same"),
              jsonArray(inner.selectFrom("t as c").select("c.id").whereRef("c.id", "<=", "a.id").orderBy("c.id")).as("upTo"),
            ])
            .orderBy("a.id"),
        ).as("rows"),
      ])
      .executeTakeFirstOrThrow();
    expect(JSON.parse(nested.rows as unknown as string)).toEqual([
      { id: 1, same: { name: "one", flag: 1 }, upTo: [{ id: 1 }] },
      { id: 2, same: { name: "two", flag: 0 }, upTo: [{ id: 1 }, { id: 2 }] },
    ]);
  });

  it("is read-only: writes go through Prisma", async () => {
    await expect(sql`insert into t (id, name) values (3, 'three')`.execute(side.db)).rejects.toMatchObject({ code: "SQLITE_READONLY" });
  });
});

describeIf(!onPostgres, "SQLite only: the read worker")("the read worker behind the server", () => {
  let t: TestApp;
  const lines: string[] = [];
  // the workers statements were posted to, the last one last, and a way to make the next one crash it
  const workers: Worker[] = [];
  const worker = () => workers.at(-1)!;
  let crashNext = false;
  const post = Worker.prototype.postMessage;

  beforeAll(async () => {
    Worker.prototype.postMessage = function watched(this: Worker, message: unknown, ...rest: []) {
      if (worker() !== this) workers.push(this);
      // stopped before it can answer: the statement is under way when the worker dies
      if (crashNext) {
        crashNext = false;
        void this.terminate();
      }
      post.call(this, message, ...rest);
    };
    t = await createTestApp({}, { logger: createLogger("info", { write: (line: string) => void lines.push(line) }) });
  });
  afterAll(() => {
    Worker.prototype.postMessage = post;
  });

  const users = async () => {
    const response = await fetch(`${await t.url()}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${t.adminToken}` },
      body: JSON.stringify({ query: "{ users(itemsPerPage: 2) { items { id } } }" }),
    });
    return { status: response.status, body: (await response.json()) as { data?: any; errors?: any[] } };
  };

  it("answers the statements under way when the worker dies with an error it logs, and starts a new worker for the next", async () => {
    expect((await users()).body.data.users.items).toHaveLength(2);
    const first = worker();
    crashNext = true;
    const crashed = await users();
    expect(crashed.body.errors?.map((e) => e.extensions.code)).toEqual(["INTERNAL_SERVER_ERROR"]);
    expect(JSON.stringify(crashed.body)).not.toContain("worker");
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "unexpected error");
    expect(logged.map((l) => l.err.message)).toEqual(["The SQLite read worker stopped (exit code 1)"]);
    // the process goes on: the next read starts a worker of its own
    expect((await users()).body.data.users.items).toHaveLength(2);
    expect(worker()).not.toBe(first);
    expect(worker().threadId).toBeGreaterThan(0);
  });

  it("ends with the server's database: its worker stops, and a read after it is refused", async () => {
    expect((await users()).body.data.users.items).toHaveLength(2);
    const last = worker();
    const exited = new Promise((resolve) => last.once("exit", resolve));
    await t.close();
    await exited;
    expect(last.threadId).toBe(-1);
    await expect(t.read.db.selectFrom("User").select("id").execute()).rejects.toThrow("The SQLite read side is closed");
    expect(worker()).toBe(last);
  });
});
