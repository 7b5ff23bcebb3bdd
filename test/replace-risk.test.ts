import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { codes, createTestApp, demoIds, gql, invalidFields, type TestApp } from "./support/test-app";

/**
 * E11 replaceRisk, on two fixture projects (P and Q), each with stages, boards and tasks, so that
 * every "belongs to" rule has a reference that exists but sits in the wrong place.
 */
let t: TestApp;
let pmToken: string;
let memberToken: string;
let bothPmToken: string;
const id = () => randomUUID();
const fx = {
  P: id(),
  Q: id(),
  S1: id(),
  S2: id(),
  QS: id(),
  B1: id(),
  B2: id(),
  B0: id(),
  QB: id(),
  T1: id(),
  T2: id(),
  T0: id(),
  QT: id(),
  type: id(),
  impact: id(),
  pm: id(),
  member: id(),
  bothPm: id(),
  outsider: id(),
  risk: id(),
  qRisk: id(),
};

const REPLACE = gql`
  mutation Replace($id: ID!, $input: ReplaceRiskInput!) {
    replaceRisk(id: $id, input: $input) {
      id name description probability date createdAt updatedAt
      projectUser { id shortCode firstName lastName email phoneNumber pictureSm pictureLg }
      project projectName projectShortCode projectIsSimple
      stage stageName board boardName boardShortCode task taskName taskShortCode
      type typeName impact impactName
    }
  }
`;

async function run(riskId: string, input: Record<string, unknown>, token?: string | null) {
  return t.gql(REPLACE, { id: riskId, input }, token);
}

async function ok(riskId: string, input: Record<string, unknown>, token?: string | null) {
  const r = await run(riskId, input, token);
  expect(r.errors).toBeUndefined();
  // as on the wire: DateTime values become ISO strings
  return JSON.parse(JSON.stringify(r.data!.replaceRisk)) as Record<string, any>;
}

const riskRow = (riskId = fx.risk) => t.db.risk.findUniqueOrThrow({ where: { id: riskId } });

/** Every field set: the state a full replacement must overwrite. */
const full = () => ({
  name: "Key developer leaves",
  description: "Only one person knows the billing module.",
  probability: 4,
  date: "2026-05-04T09:00:00.000Z",
  projectUser: fx.member,
  project: fx.P,
  stage: fx.S1,
  board: fx.B1,
  task: fx.T1,
  type: fx.type,
  impact: fx.impact,
});

async function expectRejected(input: Record<string, unknown>, field: string, token?: string) {
  const before = await riskRow();
  const r = await run(fx.risk, input, token);
  expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
  expect(invalidFields(r)).toEqual([field]);
  expect(r.data?.replaceRisk).toBeNull();
  expect(await riskRow()).toEqual(before);
}

/** A reference to an id that does not exist: NOT_FOUND naming the field, no data, nothing changed. */
async function expectNotFound(input: Record<string, unknown>, field: string, token?: string) {
  const before = await riskRow();
  const r = await run(fx.risk, input, token);
  expect(codes(r)).toEqual(["NOT_FOUND"]);
  expect(r.errors![0].extensions?.field).toBe(field);
  expect(r.data?.replaceRisk).toBeNull();
  expect(await riskRow()).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const start = new Date("2026-03-01T00:00:00Z");
  const end = new Date("2026-09-30T00:00:00Z");
  for (const [pid, code, isSimple] of [
    [fx.P, "P", false],
    [fx.Q, "Q", true],
  ] as const) {
    await db.project.create({
      data: {
        id: pid,
        no: `H3/R/${code}`,
        name: `Risk project ${code}`,
        dateStartPlanned: start,
        dateEndPlanned: end,
        status: "open",
        shortCode: `H3R${code}${pid.slice(0, 6)}`,
        isSimple,
      },
    });
  }
  for (const [sid, pid, name] of [
    [fx.S1, fx.P, "Analysis"],
    [fx.S2, fx.P, "Build"],
    [fx.QS, fx.Q, "Q stage"],
  ]) {
    await db.stage.create({ data: { id: sid, projectId: pid, name, dateStart: start, dateEnd: end } });
  }
  for (const [bid, pid, sid, name] of [
    [fx.B1, fx.P, fx.S1, "Board one"],
    [fx.B2, fx.P, fx.S2, "Board two"],
    [fx.B0, fx.P, null, "Loose board"],
    [fx.QB, fx.Q, fx.QS, "Q board"],
  ] as const) {
    await db.board.create({
      data: { id: bid, projectId: pid, stageId: sid, name, shortCode: `H3RB${bid.slice(0, 8)}`, dateStart: start, dateEnd: end },
    });
  }
  for (const [tid, pid, sid, bid, name] of [
    [fx.T1, fx.P, fx.S1, fx.B1, "Task one"],
    [fx.T2, fx.P, fx.S2, fx.B2, "Task two"],
    [fx.T0, fx.P, null, fx.B0, "Loose task"],
    [fx.QT, fx.Q, fx.QS, fx.QB, "Q task"],
  ] as const) {
    await db.task.create({
      data: { id: tid, projectId: pid, stageId: sid, boardId: bid, no: 1, shortCode: `H3RT${tid.slice(0, 8)}`, name },
    });
  }
  await db.riskType.create({ data: { id: fx.type, name: "Staffing" } });
  await db.riskImpact.create({ data: { id: fx.impact, name: "Severe" } });
  for (const [uid, first] of [
    [fx.pm, "Pat"],
    [fx.member, "Mia"],
    [fx.bothPm, "Bob"],
    [fx.outsider, "Oto"],
  ]) {
    await db.user.create({
      data: {
        id: uid,
        email: `${first.toLowerCase()}-${uid}@fixture.example`,
        firstName: first,
        lastName: "Ryzyko",
        shortCode: `R${uid.slice(0, 8)}`,
        phoneNumber: "+48 600 000 001",
        pictureSm: `https://cdn.example/${first}.png`,
      },
    });
  }
  await db.projectUserAssignment.createMany({
    data: [
      { projectId: fx.P, userId: fx.pm, role: "pm-active" },
      { projectId: fx.Q, userId: fx.pm, role: "member" },
      { projectId: fx.P, userId: fx.member, role: "member" },
      { projectId: fx.P, userId: fx.bothPm, role: "pm-active" },
      { projectId: fx.Q, userId: fx.bothPm, role: "pm-passive" },
      { projectId: fx.Q, userId: fx.outsider, role: "member" },
    ],
  });
  await db.risk.create({
    data: {
      id: fx.risk,
      name: "Initial",
      description: "Start",
      probability: 2,
      projectId: fx.P,
      stageId: fx.S2,
      typeId: fx.type,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    },
  });
  await db.risk.create({ data: { id: fx.qRisk, name: "Q risk", projectId: fx.Q } });
  pmToken = await issueToken(db, fx.pm);
  memberToken = await issueToken(db, fx.member);
  bothPmToken = await issueToken(db, fx.bothPm);
});
afterAll(() => t.close());

describe("E11 replaceRisk", () => {
  it("replaces every field and answers from the stored row and its references", async () => {
    const r = await ok(fx.risk, full());
    const row = await riskRow();
    expect(row).toMatchObject({
      name: "Key developer leaves",
      description: "Only one person knows the billing module.",
      probability: 4,
      date: new Date("2026-05-04T09:00:00.000Z"),
      projectUserId: fx.member,
      projectId: fx.P,
      stageId: fx.S1,
      boardId: fx.B1,
      taskId: fx.T1,
      typeId: fx.type,
      impactId: fx.impact,
    });
    expect(row.createdAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(r).toEqual({
      id: fx.risk,
      name: "Key developer leaves",
      description: "Only one person knows the billing module.",
      probability: 4,
      date: "2026-05-04T09:00:00.000Z",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: row.updatedAt.toISOString(),
      projectUser: {
        id: fx.member,
        shortCode: `R${fx.member.slice(0, 8)}`,
        firstName: "Mia",
        lastName: "Ryzyko",
        email: `mia-${fx.member}@fixture.example`,
        phoneNumber: "+48 600 000 001",
        pictureSm: "https://cdn.example/Mia.png",
        pictureLg: "",
      },
      project: fx.P,
      projectName: "Risk project P",
      projectShortCode: `H3RP${fx.P.slice(0, 6)}`,
      projectIsSimple: false,
      stage: fx.S1,
      stageName: "Analysis",
      board: fx.B1,
      boardName: "Board one",
      boardShortCode: `H3RB${fx.B1.slice(0, 8)}`,
      task: fx.T1,
      taskName: "Task one",
      taskShortCode: `H3RT${fx.T1.slice(0, 8)}`,
      type: fx.type,
      typeName: "Staffing",
      impact: fx.impact,
      impactName: "Severe",
    });
  });

  it("sets every field not given to null (full replacement)", async () => {
    await ok(fx.risk, full());
    const r = await ok(fx.risk, { name: "Bare", project: fx.P });
    for (const f of [
      "description",
      "probability",
      "date",
      "projectUser",
      "stage",
      "stageName",
      "board",
      "boardName",
      "boardShortCode",
      "task",
      "taskName",
      "taskShortCode",
      "type",
      "typeName",
      "impact",
      "impactName",
    ]) {
      expect(r[f]).toBeNull();
    }
    expect(await riskRow()).toMatchObject({
      name: "Bare",
      description: null,
      probability: null,
      date: null,
      projectUserId: null,
      projectId: fx.P,
      stageId: null,
      boardId: null,
      taskId: null,
      typeId: null,
      impactId: null,
    });
    // explicit nulls mean the same
    await ok(fx.risk, full());
    const nulls = await ok(fx.risk, {
      ...full(),
      description: null,
      probability: null,
      date: null,
      projectUser: null,
      stage: null,
      board: null,
      task: null,
      type: null,
      impact: null,
    });
    expect([nulls.description, nulls.stage, nulls.type, nulls.projectUser]).toEqual([null, null, null, null]);
  });

  it("accepts a board without a stage, and a task whose stage comes from its board", async () => {
    expect((await ok(fx.risk, { name: "Loose", project: fx.P, board: fx.B0, task: fx.T0 })).boardName).toBe("Loose board");
    await t.db.task.update({ where: { id: fx.T2 }, data: { stageId: null } });
    try {
      expect((await ok(fx.risk, { name: "Via board", project: fx.P, stage: fx.S2, task: fx.T2 })).task).toBe(fx.T2);
    } finally {
      await t.db.task.update({ where: { id: fx.T2 }, data: { stageId: fx.S2 } });
    }
  });

  it("checks name at its bounds", async () => {
    expect((await ok(fx.risk, { name: "n".repeat(100), project: fx.P })).name).toHaveLength(100);
    await expectRejected({ name: "n".repeat(101), project: fx.P }, "input.name");
    await expectRejected({ name: "", project: fx.P }, "input.name");
  });

  it("checks description at its bound", async () => {
    expect((await ok(fx.risk, { name: "D", project: fx.P, description: "d".repeat(100_000) })).description).toHaveLength(100_000);
    await expectRejected({ name: "D", project: fx.P, description: "d".repeat(100_001) }, "input.description");
  });

  it("checks probability from 1 to 5", async () => {
    expect((await ok(fx.risk, { name: "P", project: fx.P, probability: 1 })).probability).toBe(1);
    expect((await ok(fx.risk, { name: "P", project: fx.P, probability: 5 })).probability).toBe(5);
    await expectRejected({ name: "P", project: fx.P, probability: 0 }, "input.probability");
    await expectRejected({ name: "P", project: fx.P, probability: 6 }, "input.probability");
  });

  it("answers NOT_FOUND for references that do not exist, naming the field, changing nothing", async () => {
    await ok(fx.risk, full());
    const base = full();
    await expectNotFound({ ...base, project: randomUUID() }, "input.project");
    await expectNotFound({ ...base, stage: randomUUID(), board: null, task: null }, "input.stage");
    await expectNotFound({ ...base, board: randomUUID(), task: null }, "input.board");
    await expectNotFound({ ...base, task: randomUUID() }, "input.task");
    await expectNotFound({ ...base, type: randomUUID() }, "input.type");
    await expectNotFound({ ...base, impact: randomUUID() }, "input.impact");
    await expectNotFound({ ...base, projectUser: randomUUID() }, "input.projectUser"); // no user at all
    // a PM of the risk's project gets the same answer
    await expectNotFound({ ...base, stage: randomUUID(), board: null, task: null }, "input.stage", pmToken);
  });

  it("checks existence first and names the first missing reference (project, stage, board, task, type, impact, projectUser)", async () => {
    await ok(fx.risk, full());
    const missing = {
      project: randomUUID(),
      stage: randomUUID(),
      board: randomUUID(),
      task: randomUUID(),
      type: randomUUID(),
      impact: randomUUID(),
      projectUser: randomUUID(),
    };
    const input: Record<string, unknown> = { ...full(), ...missing };
    for (const field of ["project", "stage", "board", "task", "type", "impact", "projectUser"] as const) {
      await expectNotFound(input, `input.${field}`);
      input[field] = full()[field]; // fix it: the next one is named
    }
    expect((await ok(fx.risk, input)).name).toBe("Key developer leaves");
    // a missing reference wins over references that exist but do not fit
    await expectNotFound({ ...full(), stage: fx.QS, projectUser: fx.outsider, type: randomUUID(), impact: randomUUID() }, "input.type");
  });

  it("requires stage, board and task to belong to the project and to each other", async () => {
    await ok(fx.risk, full());
    const base = full();
    await expectRejected({ ...base, stage: fx.QS, board: null, task: null }, "input.stage");
    await expectRejected({ ...base, stage: null, board: fx.QB, task: null }, "input.board");
    await expectRejected({ ...base, stage: null, board: null, task: fx.QT }, "input.task");
    await expectRejected({ ...base, board: fx.B2, task: null }, "input.board"); // board of another stage
    await expectRejected({ ...base, board: fx.B0, task: null }, "input.board"); // board of no stage
    await expectRejected({ ...base, task: fx.T2 }, "input.task"); // task of another board
    await expectRejected({ ...base, board: null, task: fx.T2 }, "input.task"); // task of another stage
    await expectRejected({ ...base, projectUser: fx.outsider }, "input.projectUser"); // member of Q only
  });

  it("reports every reference that exists but does not fit at once, changing nothing", async () => {
    await ok(fx.risk, full());
    const before = await riskRow();
    const r = await run(fx.risk, { ...full(), stage: fx.QS, projectUser: fx.outsider });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r).sort()).toEqual(["input.board", "input.projectUser", "input.stage", "input.task"]);
    expect(r.data?.replaceRisk).toBeNull();
    expect(await riskRow()).toEqual(before);
  });

  it("moves the risk to another project when the caller manages both", async () => {
    const r = await ok(
      fx.risk,
      { name: "Moved", project: fx.Q, stage: fx.QS, board: fx.QB, task: fx.QT, projectUser: fx.outsider },
      bothPmToken,
    );
    expect(r).toMatchObject({
      project: fx.Q,
      projectName: "Risk project Q",
      projectIsSimple: true,
      stageName: "Q stage",
      taskName: "Q task",
    });
    await ok(fx.risk, full(), bothPmToken);
    expect((await riskRow()).projectId).toBe(fx.P);
  });

  it("lets a PM of the project replace its risk", async () => {
    expect((await ok(fx.risk, full(), pmToken)).name).toBe("Key developer leaves");
  });

  it("is FORBIDDEN to non-managers and for moves into a project the caller does not manage", async () => {
    await ok(fx.risk, full());
    const before = await riskRow();
    const cases: Array<[string, string, Record<string, unknown>]> = [
      [t.userToken, fx.risk, full()],
      [memberToken, fx.risk, full()],
      [pmToken, fx.qRisk, { name: "Q", project: fx.Q }], // only a member of Q
      [pmToken, fx.risk, { name: "Moved", project: fx.Q }], // manages P, not Q
    ];
    for (const [token, riskId, input] of cases) {
      const r = await run(riskId, input, token);
      expect(codes(r)).toEqual(["FORBIDDEN"]);
      expect(r.data?.replaceRisk).toBeNull();
    }
    expect(await riskRow()).toEqual(before);
  });

  it("resolves a risk as a federation entity, as the mutation answered it", async () => {
    const replaced = await ok(fx.risk, full());
    const q = gql`query Refs($r: [_Any!]!) { _entities(representations: $r) { ... on Risk {
      id name description probability date createdAt updatedAt
      projectUser { id shortCode firstName lastName email phoneNumber pictureSm pictureLg }
      project projectName projectShortCode projectIsSimple
      stage stageName board boardName boardShortCode task taskName taskShortCode
      type typeName impact impactName } } }`;
    const r = await t.gql(q, {
      r: [
        { __typename: "Risk", id: fx.risk },
        { __typename: "Risk", id: randomUUID() },
      ],
    });
    expect(r.errors).toBeUndefined();
    expect(JSON.parse(JSON.stringify(r.data!._entities))).toEqual([replaced, null]);
  });

  it("an unknown risk is NOT_FOUND", async () => {
    const r = await run(randomUUID(), full());
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.data?.replaceRisk).toBeNull();
  });

  it("malformed ids are BAD_USER_INPUT naming the field", async () => {
    expect(invalidFields(await run("risk-1", full()))).toEqual(["id"]);
    const r = await run(fx.risk, { ...full(), board: "b-1", type: "t" });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r).sort()).toEqual(["input.board", "input.type"]);
  });

  it("needs a token", async () => {
    const r = await run(fx.risk, full(), null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
  });

  it("replaces the demo risk", async () => {
    const risk = await t.db.risk.findUniqueOrThrow({ where: { id: demoIds.riskId } });
    const r = await ok(demoIds.riskId, {
      name: "Demo risk replaced",
      project: risk.projectId,
      type: demoIds.riskTypeId,
      impact: demoIds.riskImpactId,
      probability: 3,
    });
    expect(r).toMatchObject({
      id: demoIds.riskId,
      name: "Demo risk replaced",
      type: demoIds.riskTypeId,
      impact: demoIds.riskImpactId,
      stage: null,
    });
    const row = await t.db.risk.findUniqueOrThrow({ where: { id: demoIds.riskId }, include: { type: true } });
    expect(r.typeName).toBe(row.type!.name);
    expect(row.probability).toBe(3);
  });
});
