import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { codes, createTestApp, demoIds, gql, invalidFields, type TestApp } from "./support/test-app";

/** E10 assignBoardUser, on a fixture project with its own members, PM and an outsider. */
let t: TestApp;
let pmToken: string;
let passivePmToken: string;
let memberToken: string;
const fx = {
  projectId: randomUUID(),
  otherProjectId: randomUUID(),
  boardId: randomUUID(),
  otherBoardId: randomUUID(),
  pm: randomUUID(),
  passivePm: randomUUID(),
  member: randomUUID(),
  member2: randomUUID(),
  outsider: randomUUID(),
};

const ASSIGN = gql`
  mutation Assign($boardId: ID!, $userId: ID!, $input: AssignBoardUserInput) {
    assignBoardUser(boardId: $boardId, userId: $userId, input: $input) {
      id board role
      projectUser {
        id shortCode firstName lastName email pictureSm pictureLg contractorId contractorName canLogIn
        phoneNumber jobPositionName hourlyRate isExternal decorator
      }
    }
  }
`;

async function run(vars: Record<string, unknown>, token?: string | null) {
  return t.gql(ASSIGN, vars, token);
}

async function ok(vars: Record<string, unknown>, token?: string | null) {
  const r = await run(vars, token);
  expect(r.errors).toBeUndefined();
  return r.data!.assignBoardUser as Record<string, any>;
}

const assignments = () =>
  t.db.assignedBoardUser.findMany({ where: { boardId: { in: [fx.boardId, fx.otherBoardId] } }, orderBy: { id: "asc" } });

async function person(id: string, name: string, extra: Record<string, unknown> = {}) {
  await t.db.user.create({
    data: {
      id,
      email: `${name.toLowerCase()}-${id}@fixture.example`,
      firstName: name,
      lastName: "Boardowski",
      shortCode: `B${id.slice(0, 8)}`,
      ...extra,
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const start = new Date("2026-03-01T00:00:00Z");
  const end = new Date("2026-06-30T00:00:00Z");
  for (const [id, code] of [
    [fx.projectId, "A"],
    [fx.otherProjectId, "B"],
  ]) {
    await db.project.create({
      data: {
        id,
        no: `H3/AB/${code}`,
        name: `Board fixture ${code}`,
        dateStartPlanned: start,
        dateEndPlanned: end,
        status: "open",
        shortCode: `H3AB${code}${id.slice(0, 6)}`,
      },
    });
  }
  await db.board.create({
    data: {
      id: fx.boardId,
      projectId: fx.projectId,
      name: "Sprint 1",
      shortCode: `H3B${fx.boardId.slice(0, 8)}`,
      dateStart: start,
      dateEnd: end,
    },
  });
  await db.board.create({
    data: {
      id: fx.otherBoardId,
      projectId: fx.otherProjectId,
      name: "Other",
      shortCode: `H3B${fx.otherBoardId.slice(0, 8)}`,
      dateStart: start,
      dateEnd: end,
    },
  });
  const contractor = await db.contractor.create({ data: { name: "Board Co", shortCode: `BC${fx.member.slice(0, 6)}` } });
  const job = await db.jobPosition.create({ data: { name: "Board tester" } });
  await person(fx.pm, "Pm");
  await person(fx.passivePm, "Passive");
  await person(fx.member, "Member", {
    phoneNumber: "+48 601 111 222",
    pictureSm: "https://cdn.example/m-sm.png",
    pictureLg: "https://cdn.example/m-lg.png",
    contractorId: contractor.id,
    jobPositionId: job.id,
    hourlyRate: "123.45",
    isExternal: true,
    decorator: "#9c27b0",
  });
  await person(fx.member2, "Second");
  await person(fx.outsider, "Outsider");
  await db.projectUserAssignment.createMany({
    data: [
      { projectId: fx.projectId, userId: fx.pm, role: "pm-active" },
      { projectId: fx.projectId, userId: fx.passivePm, role: "pm-passive" },
      { projectId: fx.projectId, userId: fx.member, role: "member" },
      { projectId: fx.projectId, userId: fx.member2, role: "none" },
      // the outsider is a member of the other project only
      { projectId: fx.otherProjectId, userId: fx.outsider, role: "member" },
      { projectId: fx.otherProjectId, userId: fx.pm, role: "member" },
    ],
  });
  pmToken = await issueToken(db, fx.pm);
  passivePmToken = await issueToken(db, fx.passivePm);
  memberToken = await issueToken(db, fx.member);
});
afterAll(() => t.close());

describe("E10 assignBoardUser", () => {
  it("assigns a project member to the board with role none by default", async () => {
    const r = await ok({ boardId: fx.boardId, userId: fx.member });
    const row = await t.db.assignedBoardUser.findUniqueOrThrow({ where: { boardId_userId: { boardId: fx.boardId, userId: fx.member } } });
    expect(row.role).toBe("none");
    expect(r).toEqual({
      id: row.id,
      board: fx.boardId,
      role: "none",
      projectUser: {
        id: fx.member,
        shortCode: `B${fx.member.slice(0, 8)}`,
        firstName: "Member",
        lastName: "Boardowski",
        email: `member-${fx.member}@fixture.example`,
        pictureSm: "https://cdn.example/m-sm.png",
        pictureLg: "https://cdn.example/m-lg.png",
        contractorId: expect.any(String),
        contractorName: "Board Co",
        canLogIn: true,
        phoneNumber: "+48 601 111 222",
        jobPositionName: "Board tester",
        hourlyRate: 123.45,
        isExternal: true,
        decorator: "#9c27b0",
      },
    });
  });

  it("updates the existing assignment instead of adding another (upsert)", async () => {
    const first = await ok({ boardId: fx.boardId, userId: fx.member2, input: { role: "none" } });
    const second = await ok({ boardId: fx.boardId, userId: fx.member2, input: { role: "leader_active" } });
    expect(second.id).toBe(first.id);
    expect(second.role).toBe("leader_active");
    const rows = await t.db.assignedBoardUser.findMany({ where: { boardId: fx.boardId, userId: fx.member2 } });
    expect(rows.map((r) => r.role)).toEqual(["leader-active"]);
  });

  it("keeps an existing role when no role is given", async () => {
    await ok({ boardId: fx.boardId, userId: fx.member2, input: { role: "leader_active" } });
    expect((await ok({ boardId: fx.boardId, userId: fx.member2 })).role).toBe("leader_active");
    expect((await ok({ boardId: fx.boardId, userId: fx.member2, input: {} })).role).toBe("leader_active");
    expect((await ok({ boardId: fx.boardId, userId: fx.member2, input: { role: null } })).role).toBe("leader_active");
    const row = await t.db.assignedBoardUser.findUniqueOrThrow({ where: { boardId_userId: { boardId: fx.boardId, userId: fx.member2 } } });
    expect(row.role).toBe("leader-active");
    expect((await ok({ boardId: fx.boardId, userId: fx.member2, input: { role: "none" } })).role).toBe("none");
  });

  it("accepts only none and leader_active as role (the stored leader-active is no enum value)", async () => {
    const before = await assignments();
    for (const role of ["leader", "LEADER_ACTIVE", "leader-active", "pm-active", ""]) {
      const r = await run({ boardId: fx.boardId, userId: fx.pm, input: { role } });
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(r)).toEqual(["input.role"]);
      expect(r.data?.assignBoardUser ?? null).toBeNull();
    }
    expect(await assignments()).toEqual(before);
  });

  it("refuses a user who is not assigned to the board's project, changing nothing", async () => {
    const before = await assignments();
    const r = await run({ boardId: fx.boardId, userId: fx.outsider, input: { role: "leader_active" } });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["userId"]);
    expect(r.data?.assignBoardUser).toBeNull();
    expect(await assignments()).toEqual(before);
    // the same user is fine on a board of their own project
    expect((await ok({ boardId: fx.otherBoardId, userId: fx.outsider })).board).toBe(fx.otherBoardId);
  });

  it("a userId that is no user is NOT_FOUND naming userId, changing nothing", async () => {
    const before = await assignments();
    for (const token of [undefined, pmToken]) {
      const r = await run({ boardId: fx.boardId, userId: randomUUID(), input: { role: "leader_active" } }, token);
      expect(codes(r)).toEqual(["NOT_FOUND"]);
      expect(r.errors![0].extensions?.field).toBe("userId");
      expect(r.data?.assignBoardUser).toBeNull();
    }
    expect(await assignments()).toEqual(before);
  });

  it("lets the project's PMs (active and passive) assign users", async () => {
    expect((await ok({ boardId: fx.boardId, userId: fx.pm, input: { role: "leader_active" } }, pmToken)).role).toBe("leader_active");
    expect((await ok({ boardId: fx.boardId, userId: fx.passivePm }, passivePmToken)).role).toBe("none");
  });

  it("is FORBIDDEN to anyone else, changing nothing", async () => {
    const before = await assignments();
    for (const [token, boardId] of [
      [t.userToken, fx.boardId], // not in the project
      [memberToken, fx.boardId], // a member, not a PM
      [pmToken, fx.otherBoardId], // PM of another project, only a member of this one
    ]) {
      const r = await run({ boardId, userId: fx.member, input: { role: "leader_active" } }, token);
      expect(codes(r)).toEqual(["FORBIDDEN"]);
      expect(r.data?.assignBoardUser).toBeNull();
    }
    expect(await assignments()).toEqual(before);
  });

  it("resolves an assignment as a federation entity", async () => {
    const assigned = await ok({ boardId: fx.boardId, userId: fx.member });
    const q = gql`query Refs($r: [_Any!]!) { _entities(representations: $r) { ... on AssignedBoardUser { id board role projectUser { id email } } } }`;
    const r = await t.gql(q, {
      r: [
        { __typename: "AssignedBoardUser", id: assigned.id },
        { __typename: "AssignedBoardUser", id: randomUUID() },
      ],
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!._entities).toEqual([
      { id: assigned.id, board: fx.boardId, role: assigned.role, projectUser: { id: fx.member, email: assigned.projectUser.email } },
      null,
    ]);
  });

  it("an unknown board is NOT_FOUND", async () => {
    const r = await run({ boardId: randomUUID(), userId: fx.member });
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.data?.assignBoardUser).toBeNull();
  });

  it("malformed ids are BAD_USER_INPUT naming the argument", async () => {
    const board = await run({ boardId: "board-1", userId: fx.member });
    expect(codes(board)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(board)).toEqual(["boardId"]);
    const user = await run({ boardId: fx.boardId, userId: "42" });
    expect(invalidFields(user)).toEqual(["userId"]);
  });

  it("needs a token", async () => {
    const r = await run({ boardId: fx.boardId, userId: fx.member }, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
  });

  it("works on the demo board", async () => {
    const board = await t.db.board.findUniqueOrThrow({ where: { id: demoIds.boardId } });
    const member = await t.db.projectUserAssignment.findFirstOrThrow({ where: { projectId: board.projectId }, orderBy: { id: "asc" } });
    const r = await ok({ boardId: demoIds.boardId, userId: member.userId, input: { role: "leader_active" } });
    expect(r).toMatchObject({ board: demoIds.boardId, role: "leader_active", projectUser: { id: member.userId } });
  });
});
