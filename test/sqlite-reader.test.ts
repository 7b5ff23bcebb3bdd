import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { createReadSide, type ReadSide } from "../src/db/kysely";

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

  it("is read-only: writes go through Prisma", async () => {
    await expect(sql`insert into t (id, name) values (3, 'three')`.execute(side.db)).rejects.toMatchObject({ code: "SQLITE_READONLY" });
  });
});
