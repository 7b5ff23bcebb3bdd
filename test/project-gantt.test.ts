import { randomUUID } from "node:crypto";
import { codes, createTestApp, demoIds, gql, invalidFields, type GqlResult, type TestApp } from "./support/test-app";
import { createProjectTree, uniqueCode } from "./support/project-tree-fixture";

let t: TestApp;

/** Runs an operation and returns what a client receives over HTTP (dates as ISO strings). */
async function q(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<any>> {
  return JSON.parse(JSON.stringify(await t.gql(query, variables, token)));
}

const GANTT = gql`
  query Gantt($id: ID!, $showTasks: Boolean) {
    projectGantt(id: $id, showTasks: $showTasks) {
      id budget timePlanned timeReported
      project { id name dateStart dateEnd dateStartPlanned dateEndPlanned status shortCode progress isBlameableRemovalEnabled }
      stages { id name status dateStart dateEnd progress weight isBlameableRemovalEnabled stageType { id name decorator } }
      boards { id name status shortCode dateStart dateEnd progress weight stage boardType { id name decorator } }
      milestones { id project stage weight name dateStart description status }
      links { id type source target }
      tasks { id name no shortCode dateStart dateEnd project board finishedAt columnStatus columnDecorator status weight }
    }
  }
`;

const d = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

interface Chart {
  projectId: string;
  /** expected orders */
  stages: string[];
  boards: string[];
  milestones: string[];
  tasks: string[];
  links: string[];
}

/**
 * A project whose rows are inserted out of order, with ties that only the later sort keys
 * break: two stages starting the same day (the earlier end first), two boards with equal dates
 * (the lower weight first), undated tasks (last).
 */
async function buildChart(): Promise<Chart> {
  const projectId = randomUUID();
  const code = uniqueCode("G");
  await t.db.project.create({
    data: {
      id: projectId,
      no: code,
      name: "Gantt fixture",
      shortCode: code,
      status: "open",
      budget: "125000.50",
      isBlameableRemovalEnabled: true,
      dateStartPlanned: d("2031-03-01"),
      dateEndPlanned: d("2031-06-30"),
      dateStart: d("2031-03-03"),
    },
  });
  const s = { late: randomUUID(), earlyLong: randomUUID(), earlyShort: randomUUID() };
  await t.db.stage.createMany({
    data: [
      {
        id: s.late,
        projectId,
        name: "Late",
        dateStart: d("2031-05-01"),
        dateEnd: d("2031-06-30"),
        weight: 0,
        stageTypeId: demoIds.stageTypeId,
      },
      { id: s.earlyLong, projectId, name: "Early long", dateStart: d("2031-03-01"), dateEnd: d("2031-04-30"), weight: 0, status: "open" },
      {
        id: s.earlyShort,
        projectId,
        name: "Early short",
        dateStart: d("2031-03-01"),
        dateEnd: d("2031-03-31"),
        weight: 5,
        isBlameableRemovalEnabled: true,
      },
    ],
  });
  const b = { heavy: randomUUID(), light: randomUUID(), first: randomUUID() };
  await t.db.board.createMany({
    data: [
      {
        id: b.heavy,
        projectId,
        stageId: s.earlyLong,
        name: "Heavy",
        shortCode: uniqueCode("B"),
        dateStart: d("2031-03-10"),
        dateEnd: d("2031-03-20"),
        weight: 9,
        boardTypeId: demoIds.boardTypeId,
      },
      {
        id: b.light,
        projectId,
        stageId: s.earlyLong,
        name: "Light",
        shortCode: uniqueCode("B"),
        dateStart: d("2031-03-10"),
        dateEnd: d("2031-03-20"),
        weight: 1,
      },
      {
        id: b.first,
        projectId,
        stageId: s.earlyShort,
        name: "First",
        shortCode: uniqueCode("B"),
        dateStart: d("2031-03-02"),
        dateEnd: d("2031-03-25"),
        weight: 3,
      },
    ],
  });
  const task = (boardId: string, stageId: string, no: number, extra: object) => ({
    id: randomUUID(),
    projectId,
    boardId,
    stageId,
    no,
    shortCode: uniqueCode("K"),
    name: `Task ${no}`,
    ...extra,
  });
  const tasks = {
    undated: task(b.heavy, s.earlyLong, 1, { timePlanned: 3600, weight: 0 }),
    later: task(b.heavy, s.earlyLong, 2, {
      dateStart: d("2031-03-15"),
      dateEnd: d("2031-03-16"),
      timePlanned: 7200,
      finishedAt: d("2031-03-16"),
      columnStatus: "done",
      columnDecorator: "#44a069",
    }),
    earlier: task(b.light, s.earlyLong, 1, { dateStart: d("2031-03-11"), dateEnd: d("2031-03-12"), timePlanned: 1800 }),
    sameStartLowWeight: task(b.first, s.earlyShort, 1, {
      dateStart: d("2031-03-15"),
      dateEnd: d("2031-03-16"),
      weight: 1,
      finishedAt: d("2031-03-16"),
    }),
    openEnded: task(b.first, s.earlyShort, 2, { dateStart: d("2031-03-15"), weight: 0, timePlanned: 900 }),
  };
  await t.db.task.createMany({ data: Object.values(tasks) });
  const m = { second: randomUUID(), firstHeavy: randomUUID(), firstLight: randomUUID() };
  await t.db.milestone.createMany({
    data: [
      { id: m.second, projectId, name: "Go-live", dateStart: d("2031-06-30"), weight: 0 },
      {
        id: m.firstHeavy,
        projectId,
        stageId: s.earlyShort,
        name: "Sign-off B",
        dateStart: d("2031-03-31"),
        weight: 2,
        description: "after review",
        status: "done",
      },
      { id: m.firstLight, projectId, stageId: s.earlyShort, name: "Sign-off A", dateStart: d("2031-03-31"), weight: 1 },
    ],
  });
  const links = [
    { id: randomUUID(), projectId, type: "fts", sourceId: s.earlyShort, targetId: s.late },
    { id: randomUUID(), projectId, type: "ftf", sourceId: tasks.earlier.id, targetId: m.firstLight },
  ];
  await t.db.ganttLink.createMany({ data: links });
  await t.db.reportedTime.createMany({
    data: [
      { userId: demoIds.userId, taskId: tasks.later.id, projectId, date: d("2031-03-15"), seconds: 5400 },
      { userId: demoIds.pmUserId, taskId: tasks.undated.id, projectId, date: d("2031-03-16"), seconds: 1200 },
    ],
  });
  return {
    projectId,
    stages: [s.earlyShort, s.earlyLong, s.late],
    boards: [b.first, b.light, b.heavy],
    milestones: [m.firstLight, m.firstHeavy, m.second],
    tasks: [tasks.earlier.id, tasks.later.id, tasks.sameStartLowWeight.id, tasks.openEnded.id, tasks.undated.id],
    links: links.map((l) => l.id).sort(),
  };
}

let chart: Chart;

beforeAll(async () => {
  t = await createTestApp();
  chart = await buildChart();
});
afterAll(() => t.close());

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

describe("E15 projectGantt", () => {
  it("summarises the project with its budget, planned and reported time and progress", async () => {
    const res = await q(GANTT, { id: chart.projectId });
    expect(res.errors).toBeUndefined();
    const g = res.data!.projectGantt;
    const project = await t.db.project.findUniqueOrThrow({ where: { id: chart.projectId } });
    expect(g.id).toBe(chart.projectId);
    expect(g.project).toEqual({
      id: project.id,
      name: project.name,
      shortCode: project.shortCode,
      status: project.status,
      isBlameableRemovalEnabled: true,
      dateStart: "2031-03-03T00:00:00.000Z",
      dateEnd: null,
      dateStartPlanned: "2031-03-01T00:00:00.000Z",
      dateEndPlanned: "2031-06-30T00:00:00.000Z",
      progress: 2 / 5,
    });
    expect(g.budget).toBe(125000.5);
    const planned = await t.db.task.aggregate({ where: { projectId: chart.projectId }, _sum: { timePlanned: true } });
    expect(g.timePlanned).toBe(planned._sum.timePlanned);
    expect(g.timePlanned).toBe(3600 + 7200 + 1800 + 900);
    expect(g.timeReported).toBe(5400 + 1200);
    // tasks are answered because they are selected, showTasks given or not
    expect(g.tasks).toHaveLength(5);
  });

  it("lists stages and boards by dates, then weight, with their own progress and types", async () => {
    const g = (await q(GANTT, { id: chart.projectId })).data!.projectGantt;
    expect(ids(g.stages)).toEqual(chart.stages);
    expect(ids(g.boards)).toEqual(chart.boards);

    const stageType = await t.db.stageType.findUniqueOrThrow({ where: { id: demoIds.stageTypeId } });
    const [earlyShort, earlyLong, late] = g.stages;
    expect(earlyShort).toEqual({
      id: chart.stages[0],
      name: "Early short",
      status: "in-preparation",
      dateStart: "2031-03-01T00:00:00.000Z",
      dateEnd: "2031-03-31T00:00:00.000Z",
      progress: 0.5,
      weight: 5,
      isBlameableRemovalEnabled: true,
      stageType: null,
    });
    expect(earlyLong).toMatchObject({ status: "open", progress: 1 / 3, weight: 0 });
    expect(late).toMatchObject({ progress: 0, stageType: { id: stageType.id, name: stageType.name, decorator: stageType.decorator } });

    const boardType = await t.db.boardType.findUniqueOrThrow({ where: { id: demoIds.boardTypeId } });
    const boards = await t.db.board.findMany({ where: { projectId: chart.projectId } });
    const [first, light, heavy] = g.boards;
    expect(first).toEqual({
      id: chart.boards[0],
      name: "First",
      status: "in-preparation",
      shortCode: boards.find((b) => b.id === chart.boards[0])!.shortCode,
      dateStart: "2031-03-02T00:00:00.000Z",
      dateEnd: "2031-03-25T00:00:00.000Z",
      progress: 0.5,
      weight: 3,
      stage: chart.stages[0],
      boardType: null,
    });
    expect(light).toMatchObject({ progress: 0, weight: 1, stage: chart.stages[1] });
    expect(heavy).toMatchObject({
      progress: 0.5,
      weight: 9,
      boardType: { id: boardType.id, name: boardType.name, decorator: boardType.decorator },
    });
  });

  it("lists milestones by date then weight, and the links", async () => {
    const g = (await q(GANTT, { id: chart.projectId })).data!.projectGantt;
    expect(ids(g.milestones)).toEqual(chart.milestones);
    expect(g.milestones[1]).toEqual({
      id: chart.milestones[1],
      project: chart.projectId,
      stage: chart.stages[0],
      weight: 2,
      name: "Sign-off B",
      dateStart: "2031-03-31T00:00:00.000Z",
      description: "after review",
      status: "done",
    });
    expect(g.milestones[2]).toMatchObject({ stage: null, status: "todo", description: "" });
    const stored = await t.db.ganttLink.findMany({ where: { projectId: chart.projectId }, orderBy: { id: "asc" } });
    expect(g.links).toEqual(stored.map((l) => ({ id: l.id, type: l.type, source: l.sourceId, target: l.targetId })));
  });

  it("adds the tasks with showTasks: true, by dates then weight, undated last", async () => {
    const g = (await q(GANTT, { id: chart.projectId, showTasks: true })).data!.projectGantt;
    const stored = await t.db.task.findMany({ where: { projectId: chart.projectId } });
    const byId = new Map(stored.map((x) => [x.id, x]));
    // 03-11; then three on 03-15: end 03-16 (weight 0 and 1, the lower first), open end last; then undated
    expect(g.tasks.map((x: any) => [x.dateStart, x.dateEnd, x.weight])).toEqual([
      ["2031-03-11T00:00:00.000Z", "2031-03-12T00:00:00.000Z", 0],
      ["2031-03-15T00:00:00.000Z", "2031-03-16T00:00:00.000Z", 0],
      ["2031-03-15T00:00:00.000Z", "2031-03-16T00:00:00.000Z", 1],
      ["2031-03-15T00:00:00.000Z", null, 0],
      [null, null, 0],
    ]);
    expect(ids(g.tasks)).toEqual(chart.tasks);
    for (const task of g.tasks) {
      const row = byId.get(task.id)!;
      expect(task).toEqual({
        id: row.id,
        name: row.name,
        no: row.no,
        shortCode: row.shortCode,
        project: row.projectId,
        board: row.boardId,
        dateStart: row.dateStart?.toISOString() ?? null,
        dateEnd: row.dateEnd?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        columnStatus: row.columnStatus,
        columnDecorator: row.columnDecorator,
        status: row.status,
        weight: row.weight,
      });
    }
    expect(g.tasks.find((x: any) => x.finishedAt)).toMatchObject({ columnStatus: "done", columnDecorator: "#44a069" });
    // showTasks is deprecated and without effect: a field never depends on its parent's argument
    expect((await q(GANTT, { id: chart.projectId, showTasks: false })).data!.projectGantt.tasks).toEqual(g.tasks);
  });

  it("gives an empty project zero progress and time, and a null budget", async () => {
    const tree = await createProjectTree(t.db, { stages: 1, boardsPerStage: 1, tasksPerBoard: 0 });
    const g = (await q(GANTT, { id: tree.projectId, showTasks: true })).data!.projectGantt;
    expect(g).toMatchObject({
      budget: null,
      timePlanned: 0,
      timeReported: 0,
      project: { progress: 0, dateStart: null },
      milestones: [],
      links: [],
      tasks: [],
    });
    expect(g.stages[0].progress).toBe(0);
    expect(g.boards[0].progress).toBe(0);
  });

  it("is NOT_FOUND for an unknown project, BAD_USER_INPUT for a malformed id", async () => {
    const missing = await q(GANTT, { id: randomUUID() });
    expect(codes(missing)).toEqual(["NOT_FOUND"]);
    expect(missing.data).toEqual({ projectGantt: null });
    const malformed = await q(GANTT, { id: "123" });
    expect(codes(malformed)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(malformed)).toEqual(["id"]);
  });

  it("needs a token, and is open to any authenticated user", async () => {
    expect(codes(await q(GANTT, { id: chart.projectId }, null))).toEqual(["UNAUTHENTICATED"]);
    const ordinary = await q(GANTT, { id: chart.projectId }, t.userToken);
    expect(ordinary.errors).toBeUndefined();
    expect(ordinary.data!.projectGantt.id).toBe(chart.projectId);
  });

  it("serves the demo project", async () => {
    const res = await q(GANTT, { id: demoIds.projectId, showTasks: true });
    expect(res.errors).toBeUndefined();
    const g = res.data!.projectGantt;
    expect(g.stages.map((s: any) => s.id)).toContain(demoIds.stageId);
    expect(g.boards.map((b: any) => b.id)).toContain(demoIds.boardId);
    expect(g.tasks).toHaveLength(await t.db.task.count({ where: { projectId: demoIds.projectId } }));
    const reported = await t.db.reportedTime.aggregate({ where: { projectId: demoIds.projectId }, _sum: { seconds: true } });
    expect(g.timeReported).toBe(reported._sum.seconds ?? 0);
    const [finished, total] = await Promise.all([
      t.db.task.count({ where: { projectId: demoIds.projectId, finishedAt: { not: null } } }),
      t.db.task.count({ where: { projectId: demoIds.projectId } }),
    ]);
    expect(g.project.progress).toBeCloseTo(total === 0 ? 0 : finished / total, 10);
  });

  it("resolves gantts, milestones and links as entities", async () => {
    const res = await q(
      gql`query ($reps: [_Any!]!) { _entities(representations: $reps) {
        ... on ProjectGantt { id timeReported tasks { id } }
        ... on Milestone { id name }
        ... on GanttLink { id type }
      } }`,
      {
        reps: [
          { __typename: "ProjectGantt", id: chart.projectId },
          { __typename: "Milestone", id: chart.milestones[0] },
          { __typename: "GanttLink", id: chart.links[0] },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    const link = await t.db.ganttLink.findUniqueOrThrow({ where: { id: chart.links[0] } });
    const tasks = (await q(GANTT, { id: chart.projectId })).data!.projectGantt.tasks.map((x: any) => ({ id: x.id }));
    expect(tasks).toHaveLength(5);
    expect(res.data!._entities).toEqual([
      { id: chart.projectId, timeReported: 6600, tasks },
      { id: chart.milestones[0], name: "Sign-off A" },
      { id: link.id, type: link.type },
    ]);
  });

  it("answers a small and a large project in the same number of statements", async () => {
    const small = await createProjectTree(t.db, { stages: 1, boardsPerStage: 1, tasksPerBoard: 1 });
    const large = await createProjectTree(t.db, { stages: 6, boardsPerStage: 4, tasksPerBoard: 15, budget: 1000 });
    for (const tree of [small, large]) {
      await t.db.task.updateMany({
        where: { id: { in: tree.taskIds.filter((_, i) => i % 2 === 0) } },
        data: { finishedAt: new Date(), timePlanned: 600 },
      });
      await t.db.milestone.createMany({
        data: tree.stageIds.map((stageId, i) => ({ projectId: tree.projectId, stageId, name: `M${i}`, dateStart: new Date() })),
      });
      await t.db.ganttLink.createMany({
        data: tree.boardIds.map((sourceId) => ({ projectId: tree.projectId, sourceId, targetId: tree.stageIds[0] })),
      });
      await t.db.reportedTime.createMany({
        data: tree.taskIds.map((taskId) => ({ userId: demoIds.userId, taskId, projectId: tree.projectId, date: new Date(), seconds: 60 })),
      });
    }
    const run = (id: string) => q(GANTT, { id, showTasks: true });
    const largeResult = (await run(large.projectId)).data!.projectGantt;
    expect(largeResult.tasks).toHaveLength(360);
    expect(largeResult.boards).toHaveLength(24);
    expect(largeResult.timeReported).toBe(360 * 60);
    expect(largeResult.project.progress).toBe(0.5);
    const auth = await t.countStatements(() => q("{ __typename }", {}));
    const smallCount = await t.countStatements(() => run(small.projectId));
    const largeCount = await t.countStatements(() => run(large.projectId));
    expect(largeCount).toBe(smallCount);
    // one statement beyond authentication: the chart with every list and tally inside it
    expect(largeCount - auth).toBe(1);
    console.log(`E15 statements: ${smallCount} for 1 stage/1 board/1 task, ${largeCount} for 6 stages/24 boards/360 tasks`);
  });
});
