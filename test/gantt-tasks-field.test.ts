import { createTestApp, demoIds, gql, type TestApp } from "./support/test-app";

/**
 * `ProjectGantt.tasks` depends on nothing but its own selection: read in the same batch as the
 * rest of the gantt when the document selects it (look-ahead), not read at all otherwise, and
 * served through `_entities` too, in one batch for several gantts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("ProjectGantt.tasks", () => {
  it("is read in the gantt's one statement when selected, not read when not, whatever showTasks says", async () => {
    const run = async (selection: string, showTasks: boolean) => {
      let tasks: unknown;
      const sql = await t.statementsOf(async () => {
        const r = await t.gql(gql`query ($id: ID!, $s: Boolean) { projectGantt(id: $id, showTasks: $s) { id ${selection} } }`, {
          id: demoIds.projectId,
          s: showTasks,
        });
        expect(r.errors).toBeUndefined();
        tasks = r.data!.projectGantt.tasks;
      });
      const gantt = sql.filter((q) => /"Project"/.test(q) && /"Stage"|"Task"/.test(q));
      return { statements: sql.length, readsTasks: gantt.some((q) => /"Task"/.test(q)), tasks };
    };
    const expected = await t.db.task.count({ where: { projectId: demoIds.projectId } });
    const without = await run("stages { id }", true);
    expect(without).toMatchObject({ readsTasks: false, tasks: undefined });
    const withTasks = await run("stages { id } tasks { id }", false);
    expect(withTasks.readsTasks).toBe(true);
    expect((withTasks.tasks as unknown[]).length).toBe(expected);
    expect(withTasks.statements).toBe(without.statements);
    const throughFragment = await run("stages { id } ... on ProjectGantt { tasks { id } }", false);
    expect(throughFragment.statements).toBe(withTasks.statements);
    expect((throughFragment.tasks as unknown[]).length).toBe(expected);
  });

  it("is served through _entities in one batch for several gantts", async () => {
    const reps = [demoIds.projectId, demoIds.simpleProjectId].map((id) => ({ __typename: "ProjectGantt", id }));
    let tasks: any[] = [];
    const statements = await t.countStatements(async () => {
      const r = await t.gql(
        gql`query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on ProjectGantt { id tasks { id } } } }`,
        { reps },
      );
      expect(r.errors).toBeUndefined();
      tasks = r.data!._entities.map((g: any) => g.tasks.length);
    });
    const counts = await Promise.all(
      [demoIds.projectId, demoIds.simpleProjectId].map((projectId) => t.db.task.count({ where: { projectId } })),
    );
    expect(tasks).toEqual(counts);
    // the same statements for two gantts as for one: batched, not one read per gantt
    const one = await t.countStatements(() =>
      t.gql(gql`query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on ProjectGantt { id tasks { id } } } }`, {
        reps: reps.slice(0, 1),
      }),
    );
    expect(statements).toBe(one);
  });

  it("marks showTasks deprecated in the schema", () => {
    const arg = t.app.schema
      .getQueryType()!
      .getFields()
      .projectGantt.args.find((a) => a.name === "showTasks");
    expect(arg?.deprecationReason).toMatch(/no effect/);
  });
});
