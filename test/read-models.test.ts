import { sql } from "kysely";
import { statement } from "../src/db/statements";
import { column, modelBuild, readModel } from "../src/services/shared/read-model";
import { Selection } from "../src/services/shared/look-ahead";
import { ganttTaskFields } from "../src/services/gantt/gantt.read";
import type { GanttTask } from "../src/types/gantt/project-gantt.type";
import { createTestApp, demoIds, type TestApp } from "./support/test-app";

/**
 * The read-model framework (src/services/shared/read-model.ts, src/db/statements.ts) on the real
 * read side: what a new field costs (docs/CONTRIBUTING.md's worked example, followed here), a
 * statement built once and run with new parameters, and the check that a statement's shape
 * covers everything its SQL depends on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const only = (...fields: string[]) => new Selection(new Map(fields.map((f) => [f, new Selection(new Map())])));

describe("a read model", () => {
  // the worked example of docs/CONTRIBUTING.md: the gantt task's planned time, one line
  const withPlan = readModel<GanttTask & { timePlanned: number }>({ ...ganttTaskFields, timePlanned: column("t.timePlanned") });
  const TASKS = statement(
    "test.ganttTasks",
    (a: { projectId: string; sel: Selection }) => ({ sel: a.sel }),
    (b, s) =>
      withPlan
        .select(modelBuild(b as never, {}), b.db.selectFrom("Task as t") as never, s.sel)
        .where(sql<boolean>`${sql.ref("t.projectId")} = ${b.param((a) => a.projectId)}`),
  );

  it("reads a new field from one line of its declaration, and only the fields selected", async () => {
    const sel = only("id", "timePlanned");
    const context = await t.app.context(t.adminToken);
    const [sent] = await t.statementsOf(async () => {
      const tasks = (await context.read.all(TASKS, { projectId: demoIds.projectId, sel })).map(withPlan.mapper(sel));
      const stored = await t.db.task.findMany({ where: { projectId: demoIds.projectId }, select: { id: true, timePlanned: true } });
      expect(tasks.length).toBeGreaterThan(0);
      expect(new Map(tasks.map((task) => [task.id, task.timePlanned]))).toEqual(new Map(stored.map((task) => [task.id, task.timePlanned])));
    });
    expect(sent).toMatch(/"t"\."timePlanned"/);
    expect(sent).not.toMatch(/"t"\."name"/);
  });

  it("is built once per shape and run again with new parameters", async () => {
    const sel = only("id", "project");
    const context = await t.app.context(t.adminToken);
    const other = await t.db.project.findFirstOrThrow({ where: { id: { not: demoIds.projectId }, tasks: { some: {} } } });
    const texts = await t.statementsOf(async () => {
      for (const projectId of [demoIds.projectId, other.id]) {
        const tasks = (await context.read.all(TASKS, { projectId, sel })).map(withPlan.mapper(sel));
        expect(tasks.length).toBeGreaterThan(0);
        expect(tasks.every((task) => task.project === projectId)).toBe(true);
      }
    });
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(texts[0]);
  });
});

describe("a statement's shape", () => {
  it("must cover everything its SQL depends on: under tests a reuse that would run other SQL fails", async () => {
    // a Set serialises as {}: two shapes, one key
    const COLUMNS = statement(
      "test.badShape",
      (a: { columns: Set<string> }) => ({ columns: a.columns }),
      (b, s) =>
        b.db
          .selectFrom("User as u")
          .select([...(s.columns as Set<string>)] as never)
          .limit(1),
    );
    const context = await t.app.context(t.adminToken);
    await expect(context.read.all(COLUMNS, { columns: new Set(["u.id"]) })).resolves.toHaveLength(1);
    await expect(context.read.all(COLUMNS, { columns: new Set(["u.email"]) })).rejects.toThrow(
      /test\.badShape: the shape \{"columns":\{\}\} does not cover everything its SQL depends on/,
    );
  });
});
