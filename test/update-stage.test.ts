import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { codes, createTestApp, gql, invalidFields, type TestApp } from "./support/test-app";

/**
 * E3 updateStage, on a fixture project with a small stage (one board, two tasks) and a large one
 * (twelve boards, sixty tasks), so the derived numbers are known and the statement count can be
 * compared between them.
 */
let t: TestApp;
let pmToken: string;
let memberToken: string;
const id = () => randomUUID();
const fx = {
  project: id(),
  small: id(),
  large: id(),
  typeA: id(),
  typeB: id(),
  pm: id(),
  member: id(),
};
const START = new Date("2026-03-02T08:00:00.000Z");
const END = new Date("2026-06-30T16:00:00.000Z");

const UPDATE = gql`
  mutation Update($id: ID!, $input: UpdateStageInput!) {
    updateStage(id: $id, input: $input) {
      id name status description dateStart dateEnd createdAt updatedAt progress weight timePlanned timeReported
      isBlameableRemovalEnabled project projectName stageType { id name decorator } canManage boardCount
    }
  }
`;

const run = (stageId: string, input: Record<string, unknown>, token?: string | null) => t.gql(UPDATE, { id: stageId, input }, token);

async function ok(stageId: string, input: Record<string, unknown>, token?: string | null) {
  const r = await run(stageId, input, token);
  expect(r.errors).toBeUndefined();
  // as a client sees it: DateTime values serialised to ISO strings
  return JSON.parse(JSON.stringify(r.data!.updateStage)) as Record<string, any>;
}

const stageRow = (stageId = fx.small) => t.db.stage.findUniqueOrThrow({ where: { id: stageId } });

async function expectRejected(input: Record<string, unknown>, field: string, stageId = fx.small) {
  const before = await stageRow(stageId);
  const r = await run(stageId, input);
  expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
  expect(invalidFields(r)).toEqual([field]);
  expect(r.data?.updateStage).toBeNull();
  expect(await stageRow(stageId)).toEqual(before);
}

/** Boards and tasks of a stage: every third task finished, each task planned for (i+1) hours, each with i*600 s reported. */
async function fillStage(stageId: string, boards: number, tasksPerBoard: number, code: string) {
  let n = 0;
  for (let b = 0; b < boards; b += 1) {
    const boardId = id();
    await t.db.board.create({
      data: {
        id: boardId,
        projectId: fx.project,
        stageId,
        name: `Board ${b}`,
        shortCode: `${code}${b}${boardId.slice(0, 6)}`,
        dateStart: START,
        dateEnd: END,
      },
    });
    for (let k = 0; k < tasksPerBoard; k += 1) {
      const taskId = id();
      await t.db.task.create({
        data: {
          id: taskId,
          projectId: fx.project,
          stageId,
          boardId,
          no: k + 1,
          shortCode: `${code}T${taskId.slice(0, 8)}`,
          name: `Task ${n}`,
          timePlanned: (n + 1) * 3600,
          finishedAt: n % 3 === 0 ? START : null,
        },
      });
      if (n > 0) {
        await t.db.reportedTime.create({ data: { userId: fx.member, taskId, projectId: fx.project, date: START, seconds: n * 600 } });
      }
      n += 1;
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await db.project.create({
    data: {
      id: fx.project,
      no: "H2/STAGE",
      name: "Stage fixture project",
      dateStartPlanned: START,
      dateEndPlanned: END,
      status: "open",
      shortCode: `H2S${fx.project.slice(0, 6)}`,
    },
  });
  await db.stageType.createMany({
    data: [
      { id: fx.typeA, name: "Analysis", decorator: "#987284" },
      { id: fx.typeB, name: "Build", decorator: "#2490e3" },
    ],
  });
  for (const [uid, first] of [
    [fx.pm, "Pola"],
    [fx.member, "Mikołaj"],
  ]) {
    await db.user.create({
      data: { id: uid, email: `${uid}@stage.example`, firstName: first, lastName: "Etap", shortCode: `S${uid.slice(0, 8)}` },
    });
  }
  await db.projectUserAssignment.createMany({
    data: [
      { projectId: fx.project, userId: fx.pm, role: "pm-passive" },
      { projectId: fx.project, userId: fx.member, role: "member" },
    ],
  });
  for (const [sid, name, weight] of [
    [fx.small, "Small stage", 1],
    [fx.large, "Large stage", 2],
  ] as const) {
    await db.stage.create({
      data: {
        id: sid,
        projectId: fx.project,
        name,
        weight,
        description: "Initial description",
        dateStart: START,
        dateEnd: END,
        stageTypeId: fx.typeA,
      },
    });
  }
  await fillStage(fx.small, 1, 2, "H2SS");
  await fillStage(fx.large, 12, 5, "H2SL");
  pmToken = await issueToken(db, fx.pm);
  memberToken = await issueToken(db, fx.member);
});
afterAll(() => t.close());

describe("E3 updateStage", () => {
  it("changes every field and answers from the stored row", async () => {
    const r = await ok(fx.small, {
      name: "Analiza wymagań",
      description: "Warsztaty i specyfikacja.",
      isBlameableRemovalEnabled: true,
      stageType: fx.typeB,
      dateStart: "2026-04-01T07:00:00.000Z",
      dateEnd: "2026-04-30T15:00:00.000Z",
    });
    const row = await stageRow();
    expect(row).toMatchObject({
      name: "Analiza wymagań",
      description: "Warsztaty i specyfikacja.",
      isBlameableRemovalEnabled: true,
      stageTypeId: fx.typeB,
      dateStart: new Date("2026-04-01T07:00:00.000Z"),
      dateEnd: new Date("2026-04-30T15:00:00.000Z"),
    });
    expect(r).toMatchObject({
      id: fx.small,
      name: "Analiza wymagań",
      status: row.status,
      description: "Warsztaty i specyfikacja.",
      dateStart: "2026-04-01T07:00:00.000Z",
      dateEnd: "2026-04-30T15:00:00.000Z",
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      weight: 1,
      isBlameableRemovalEnabled: true,
      project: fx.project,
      projectName: "Stage fixture project",
      stageType: { id: fx.typeB, name: "Build", decorator: "#2490e3" },
      canManage: true,
    });
    expect(row.status).toBe("in-preparation");
  });

  it("derives progress, planned and reported time and the board count from the stage's boards and tasks", async () => {
    const r = await ok(fx.large, { name: "Large stage" });
    // 60 tasks: every third finished (20), planned 1..60 hours, reported 600 s * (1..59)
    expect(r).toMatchObject({
      boardCount: 12,
      progress: 20 / 60,
      timePlanned: ((60 * 61) / 2) * 3600,
      timeReported: ((59 * 60) / 2) * 600,
    });
    const [tasks, finished, boards, reported] = await Promise.all([
      t.db.task.aggregate({ where: { stageId: fx.large }, _count: { _all: true }, _sum: { timePlanned: true } }),
      t.db.task.count({ where: { stageId: fx.large, finishedAt: { not: null } } }),
      t.db.board.count({ where: { stageId: fx.large } }),
      t.db.reportedTime.aggregate({ where: { task: { stageId: fx.large } }, _sum: { seconds: true } }),
    ]);
    expect(r.boardCount).toBe(boards);
    expect(r.progress).toBeCloseTo(finished / tasks._count._all);
    expect(r.timePlanned).toBe(tasks._sum.timePlanned);
    expect(r.timeReported).toBe(reported._sum.seconds);
    const small = await ok(fx.small, {});
    // 2 tasks: the first finished; planned 1 h + 2 h; reported 600 s on the second
    expect(small).toMatchObject({ boardCount: 1, progress: 0.5, timePlanned: 3 * 3600, timeReported: 600 });
  });

  it("reports progress 0 and zero times for a stage without boards or tasks", async () => {
    const empty = id();
    await t.db.stage.create({ data: { id: empty, projectId: fx.project, name: "Empty", dateStart: START, dateEnd: END } });
    expect(await ok(empty, {})).toMatchObject({
      boardCount: 0,
      progress: 0,
      timePlanned: 0,
      timeReported: 0,
      stageType: null,
      description: "",
    });
  });

  it("keeps absent fields and clears description and stageType on explicit null", async () => {
    await ok(fx.small, { description: "Keep me", stageType: fx.typeA, isBlameableRemovalEnabled: true });
    const before = await stageRow();
    const renamed = await ok(fx.small, { name: "Only the name" });
    const after = await stageRow();
    expect(after).toMatchObject({ ...before, name: "Only the name", updatedAt: after.updatedAt });
    expect(renamed).toMatchObject({ description: "Keep me", stageType: { id: fx.typeA }, isBlameableRemovalEnabled: true });

    const cleared = await ok(fx.small, { description: null, stageType: null });
    expect(cleared).toMatchObject({ description: "", stageType: null, name: "Only the name" });
    expect(await stageRow()).toMatchObject({ description: "", stageTypeId: null, name: "Only the name" });
  });

  it("refuses null for the fields that cannot be cleared", async () => {
    for (const field of ["name", "isBlameableRemovalEnabled", "dateStart", "dateEnd"]) {
      await expectRejected({ [field]: null }, `input.${field}`);
    }
  });

  it("checks name at its bounds", async () => {
    expect((await ok(fx.small, { name: "n".repeat(100) })).name).toHaveLength(100);
    await expectRejected({ name: "n".repeat(101) }, "input.name");
    await expectRejected({ name: "" }, "input.name");
  });

  it("checks description at its bound", async () => {
    expect((await ok(fx.small, { description: "d".repeat(100_000) })).description).toHaveLength(100_000);
    await expectRejected({ description: "d".repeat(100_001) }, "input.description");
  });

  it("refuses an end before the start, judged on the dates after the change", async () => {
    await ok(fx.small, { dateStart: "2026-04-01T00:00:00.000Z", dateEnd: "2026-04-30T00:00:00.000Z" });
    await expectRejected({ dateEnd: "2026-03-31T23:59:59.999Z" }, "input.dateEnd");
    await expectRejected({ dateStart: "2026-04-30T00:00:00.001Z" }, "input.dateStart");
    await expectRejected(
      { dateStart: "2026-05-02T00:00:00.000Z", dateEnd: "2026-05-01T00:00:00.000Z", name: "Not saved" },
      "input.dateEnd",
    );
    // one day: start and end may coincide, and both may move together past the old end
    expect(await ok(fx.small, { dateEnd: "2026-04-01T00:00:00.000Z" })).toMatchObject({ dateEnd: "2026-04-01T00:00:00.000Z" });
    expect(await ok(fx.small, { dateStart: "2026-07-01T00:00:00.000Z", dateEnd: "2026-07-31T00:00:00.000Z" })).toMatchObject({
      dateStart: "2026-07-01T00:00:00.000Z",
      dateEnd: "2026-07-31T00:00:00.000Z",
    });
  });

  it("refuses a stage type that does not exist, changing nothing", async () => {
    const before = await stageRow();
    const r = await run(fx.small, { stageType: randomUUID(), name: "Not saved" });
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.data?.updateStage).toBeNull();
    expect(await stageRow()).toEqual(before);
  });

  it("answers NOT_FOUND for an unknown stage and BAD_USER_INPUT for malformed ids", async () => {
    const missing = await run(randomUUID(), { name: "x" });
    expect(codes(missing)).toEqual(["NOT_FOUND"]);
    expect(missing.data?.updateStage).toBeNull();

    const malformed = await run("stage-1", { name: "x" });
    expect(codes(malformed)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(malformed)).toEqual(["id"]);
    await expectRejected({ stageType: "not-a-uuid" }, "input.stageType");
  });

  it("needs a token", async () => {
    const before = await stageRow();
    const r = await run(fx.small, { name: "Anonymous" }, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
    expect(await stageRow()).toEqual(before);
  });

  it("lets project managers change a stage and forbids other users", async () => {
    const asPm = await ok(fx.small, { name: "By the PM" }, pmToken);
    expect(asPm).toMatchObject({ name: "By the PM", canManage: true });

    for (const token of [memberToken, t.userToken]) {
      const before = await stageRow();
      const r = await run(fx.small, { name: "By someone else" }, token);
      expect(codes(r)).toEqual(["FORBIDDEN"]);
      expect(r.data?.updateStage).toBeNull();
      expect(await stageRow()).toEqual(before);
    }
  });

  it("tells each caller whether they may manage the stage when it is read as an entity", async () => {
    const query = gql`
      query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Stage { id canManage boardCount } } }
    `;
    const reps = [{ __typename: "Stage", id: fx.small }];
    const asMember = await t.gql(query, { reps }, memberToken);
    expect(asMember.errors).toBeUndefined();
    expect(asMember.data!._entities).toEqual([{ id: fx.small, canManage: false, boardCount: 1 }]);
    const asPm = await t.gql(query, { reps }, pmToken);
    expect(asPm.data!._entities).toEqual([{ id: fx.small, canManage: true, boardCount: 1 }]);
  });

  it("costs the same number of statements for a stage with one board and one with twelve", async () => {
    const small = await t.countStatements(() => ok(fx.small, { name: "Counted" }));
    const large = await t.countStatements(() => ok(fx.large, { name: "Counted" }));
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
    // and as a PM, whose role is looked up
    const smallPm = await t.countStatements(() => ok(fx.small, { name: "Counted by PM" }, pmToken));
    const largePm = await t.countStatements(() => ok(fx.large, { name: "Counted by PM" }, pmToken));
    expect(largePm).toBe(smallPm);
    console.log(`updateStage statements: admin ${small}/${large}, pm ${smallPm}/${largePm}`);
  });
});
