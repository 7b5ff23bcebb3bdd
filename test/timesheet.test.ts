import { randomUUID } from "node:crypto";
import { codes, createTestApp, demoIds, gql, invalidFields, type GqlResult, type TestApp } from "./support/test-app";
import { createProjectTree, uniqueCode, type ProjectTree } from "./support/project-tree-fixture";
import { aggregateTimesheet, timesheetWindow, type TimesheetTask } from "../src/services/timesheet/timesheet-aggregation";
import type { ProjectUserRef } from "../src/types/people/user-summaries.type";

const QUERY = gql`
  query Timesheet($dateStart: DateTime!, $users: [ID!], $project: ID, $projectContractors: [ID!], $reportedTimeType: ID) {
    timesheetByUser(dateStart: $dateStart, users: $users, project: $project, projectContractors: $projectContractors, reportedTimeType: $reportedTimeType) {
      projectUser { id firstName lastName email hourlyRate decorator }
      timesheet {
        canEdit seconds taskName taskId taskNumber taskShortCode boardId boardShortCode boardName stageId stageName
        projectId projectShortCode projectName projectIsSimple
        days { date seconds }
      }
      days { date seconds }
      seconds
    }
  }
`;

const DAY = 86_400_000;
const W = new Date("2035-01-07T00:00:00.000Z");
const day = (n: number) => new Date(W.getTime() + n * DAY);
const iso = (n: number) => day(n).toISOString();
/** the seven days of the window with these seconds (index -> seconds); days are Dates, YYYY-MM-DD */
const week = (values: Record<number, number> = {}, start = 0) =>
  Array.from({ length: 7 }, (_, i) => ({ date: iso(start + i).slice(0, 10), seconds: values[i] ?? 0 }));

describe("timesheet aggregation (pure)", () => {
  const ref = (id: string): ProjectUserRef => ({
    id,
    shortCode: id,
    firstName: id,
    lastName: id,
    email: `${id}@x`,
    pictureSm: "",
    pictureLg: "",
    contractorId: null,
    contractorName: null,
    canLogIn: true,
    phoneNumber: "",
    jobPositionName: null,
    hourlyRate: null,
    isExternal: false,
    decorator: "#2490e3",
  });
  const task = (taskId: string, projectShortCode: string, boardShortCode: string, taskNumber: number): TimesheetTask => ({
    taskId,
    taskName: taskId,
    taskNumber,
    taskShortCode: `${boardShortCode}-${taskNumber}`,
    boardId: `b-${boardShortCode}`,
    boardShortCode,
    boardName: boardShortCode,
    stageId: null,
    stageName: null,
    projectId: `p-${projectShortCode}`,
    projectShortCode,
    projectName: projectShortCode,
    projectIsSimple: false,
  });
  const tasks = new Map([
    ["t1", task("t1", "PB", "B1", 2)],
    ["t2", task("t2", "PA", "B9", 1)],
    ["t3", task("t3", "PB", "B1", 1)],
  ]);

  it("normalises the start to its UTC day and lists seven days", () => {
    const w = timesheetWindow(new Date("2035-01-07T22:30:00-03:00"));
    expect(w.start.toISOString()).toBe("2035-01-08T00:00:00.000Z");
    expect(w.end.toISOString()).toBe("2035-01-15T00:00:00.000Z");
    expect(w.days.map((d) => d.toISOString().slice(0, 10))).toEqual([
      "2035-01-08",
      "2035-01-09",
      "2035-01-10",
      "2035-01-11",
      "2035-01-12",
      "2035-01-13",
      "2035-01-14",
    ]);
  });

  it("buckets time per task and UTC day, totals each day and the week, and keeps empty users", () => {
    const entries = aggregateTimesheet({
      window: timesheetWindow(W),
      users: [
        { id: "u2", projectUser: ref("u2") },
        { id: "u1", projectUser: ref("u1") },
        { id: "idle", projectUser: ref("idle") },
      ],
      times: [
        { userId: "u1", taskId: "t1", date: day(0), seconds: 100 },
        { userId: "u1", taskId: "t1", date: new Date(day(0).getTime() + 23 * 3600_000), seconds: 50 },
        { userId: "u1", taskId: "t1", date: day(6), seconds: 7 },
        { userId: "u1", taskId: "t2", date: day(3), seconds: 1000 },
        { userId: "u1", taskId: "t3", date: day(1), seconds: 1 },
        { userId: "u1", taskId: "t1", date: day(7), seconds: 999 },
        { userId: "u1", taskId: "t1", date: new Date(W.getTime() - 1), seconds: 999 },
        { userId: "stranger", taskId: "t1", date: day(2), seconds: 999 },
        { userId: "u1", taskId: "unknown", date: day(2), seconds: 999 },
        { userId: "u2", taskId: "t1", date: day(2), seconds: 30 },
      ],
      tasks,
      canEdit: (userId, projectId) => userId === "u1" || projectId === "p-PA",
    });
    expect(entries.map((e) => e.projectUser.id)).toEqual(["u2", "u1", "idle"]);
    const [u2, u1, idle] = entries;
    expect(u1.timesheet.map((r) => r.taskId)).toEqual(["t2", "t3", "t1"]);
    expect(u1.timesheet.map((r) => r.seconds)).toEqual([1000, 1, 157]);
    expect(u1.timesheet[2].days).toEqual(week({ 0: 150, 6: 7 }).map((d) => ({ ...d, date: new Date(d.date) })));
    expect(u1.days.map((d) => d.seconds)).toEqual([150, 1, 0, 1000, 0, 0, 7]);
    expect(u1.seconds).toBe(1158);
    expect(u1.timesheet.every((r) => r.canEdit)).toBe(true);
    expect(u2.timesheet).toHaveLength(1);
    expect(u2.timesheet[0]).toMatchObject({ taskId: "t1", canEdit: false, seconds: 30 });
    expect(u2.seconds).toBe(30);
    expect(idle).toMatchObject({ timesheet: [], seconds: 0 });
    expect(idle.days.map((d) => d.seconds)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe("E16 timesheetByUser", () => {
  let t: TestApp;

  /** Runs an operation and returns what a client receives over HTTP (dates as ISO strings). */
  async function q(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<any>> {
    return JSON.parse(JSON.stringify(await t.gql(query, variables, token)));
  }

  let a: ProjectTree;
  let b: ProjectTree;
  let outsider: string;
  let idle: string;
  let overtime: string;

  async function createUser(lastName: string): Promise<string> {
    const id = randomUUID();
    const code = uniqueCode("U");
    await t.db.user.create({
      data: { id, email: `${code.toLowerCase()}@example.com`, firstName: "Test", lastName, shortCode: code, hourlyRate: "150.00" },
    });
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await createProjectTree(t.db, { tasksPerBoard: 2, name: "Alpha" });
    b = await createProjectTree(t.db, { tasksPerBoard: 1, name: "Beta" });
    await t.db.projectContractor.create({ data: { projectId: a.projectId, contractorId: demoIds.contractorId } });
    outsider = await createUser("Aardvark");
    idle = await createUser("Zebra");
    overtime = (await t.db.reportedTimeType.create({ data: { name: "Overtime" } })).id;
    const time = (
      userId: string,
      tree: ProjectTree,
      taskIndex: number,
      n: number,
      seconds: number,
      reportedTimeTypeId: string | null = demoIds.reportedTimeTypeId,
    ) => ({
      userId,
      taskId: tree.taskIds[taskIndex],
      projectId: tree.projectId,
      date: day(n),
      seconds,
      reportedTimeTypeId,
    });
    await t.db.reportedTime.createMany({
      data: [
        time(demoIds.userId, a, 0, 0, 3600),
        time(demoIds.userId, a, 0, 0, 1800),
        time(demoIds.userId, a, 0, 6, 600),
        time(demoIds.userId, a, 0, 7, 999),
        time(demoIds.userId, a, 0, -1, 777),
        time(demoIds.userId, b, 0, 2, 7200, overtime),
        time(demoIds.pmUserId, a, 1, 1, 1200),
        time(outsider, b, 0, 3, 300, null),
      ],
    });
  });
  afterAll(() => t.close());

  /** The users in the order entries come: last name, first name, id. */
  async function ordered(ids: string[]): Promise<string[]> {
    const rows = await t.db.user.findMany({
      where: { id: { in: ids } },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  const entryOf = (res: any, userId: string) => res.data.timesheetByUser.find((e: any) => e.projectUser.id === userId);

  it("gives everyone with time in the window an entry, with a row per task and daily totals", async () => {
    const res = await q(QUERY, { dateStart: W.toISOString() });
    expect(res.errors).toBeUndefined();
    const list = res.data!.timesheetByUser;
    expect(list.map((e: any) => e.projectUser.id)).toEqual(await ordered([demoIds.userId, demoIds.pmUserId, outsider]));

    const me = entryOf(res, demoIds.userId);
    const user = await t.db.user.findUniqueOrThrow({ where: { id: demoIds.userId } });
    expect(me.projectUser).toEqual({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      hourlyRate: user.hourlyRate === null ? null : user.hourlyRate.toNumber(),
      decorator: user.decorator,
    });
    const rows = me.timesheet;
    const [projectA, projectB] = await Promise.all([a, b].map((tree) => t.db.project.findUniqueOrThrow({ where: { id: tree.projectId } })));
    const expectedOrder = [projectA, projectB].sort((x, y) => x.shortCode.localeCompare(y.shortCode)).map((p) => p.id);
    expect(rows.map((r: any) => r.projectId)).toEqual(expectedOrder);
    const rowA = rows.find((r: any) => r.projectId === a.projectId);
    const task = await t.db.task.findUniqueOrThrow({ where: { id: a.taskIds[0] }, include: { board: true, stage: true } });
    expect(rowA).toEqual({
      canEdit: true,
      seconds: 3600 + 1800 + 600,
      taskName: task.name,
      taskId: task.id,
      taskNumber: task.no,
      taskShortCode: task.shortCode,
      boardId: task.boardId,
      boardShortCode: task.board.shortCode,
      boardName: task.board.name,
      stageId: task.stageId,
      stageName: task.stage!.name,
      projectId: a.projectId,
      projectShortCode: projectA.shortCode,
      projectName: "Alpha",
      projectIsSimple: false,
      days: week({ 0: 5400, 6: 600 }),
    });
    expect(rows.find((r: any) => r.projectId === b.projectId).days).toEqual(week({ 2: 7200 }));
    expect(me.days).toEqual(week({ 0: 5400, 2: 7200, 6: 600 }));
    expect(me.seconds).toBe(5400 + 7200 + 600);

    // the totals agree with the database
    const stored = await t.db.reportedTime.aggregate({
      where: { userId: demoIds.userId, date: { gte: W, lt: day(7) } },
      _sum: { seconds: true },
    });
    expect(me.seconds).toBe(stored._sum.seconds);
    expect(entryOf(res, demoIds.pmUserId).days).toEqual(week({ 1: 1200 }));
  });

  it("takes the UTC day of dateStart as the first day", async () => {
    // 22:30 at UTC-3 is 01:30 UTC the next day: the window moves one day on
    const res = await q(QUERY, { dateStart: "2035-01-07T22:30:00-03:00", users: [demoIds.userId] });
    const me = res.data!.timesheetByUser[0];
    expect(me.days).toEqual(week({ 1: 7200, 5: 600, 6: 999 }, 1));
  });

  it("with users, gives exactly those users an entry, idle ones included", async () => {
    const res = await q(QUERY, { dateStart: W.toISOString(), users: [idle, demoIds.pmUserId, idle] });
    expect(res.errors).toBeUndefined();
    expect(res.data!.timesheetByUser.map((e: any) => e.projectUser.id)).toEqual(await ordered([idle, demoIds.pmUserId]));
    expect(entryOf(res, idle)).toMatchObject({ timesheet: [], seconds: 0, days: week() });
    expect((await q(QUERY, { dateStart: W.toISOString(), users: [] })).data!.timesheetByUser).toEqual([]);
  });

  it("narrows by project, by the projects' contractors and by reported-time type", async () => {
    const onA = await q(QUERY, { dateStart: W.toISOString(), project: a.projectId });
    expect(onA.data!.timesheetByUser.map((e: any) => e.projectUser.id)).toEqual(await ordered([demoIds.userId, demoIds.pmUserId]));
    expect(entryOf(onA, demoIds.userId).seconds).toBe(6000);

    const byContractor = await q(QUERY, { dateStart: W.toISOString(), projectContractors: [demoIds.contractorId, randomUUID()] });
    expect(byContractor.data!.timesheetByUser.flatMap((e: any) => e.timesheet.map((r: any) => r.projectId))).toEqual([
      a.projectId,
      a.projectId,
    ]);

    const byType = await q(QUERY, { dateStart: W.toISOString(), reportedTimeType: overtime });
    expect(byType.data!.timesheetByUser).toHaveLength(1);
    expect(byType.data!.timesheetByUser[0]).toMatchObject({ projectUser: { id: demoIds.userId }, seconds: 7200 });

    // filters: an unknown id matches nothing
    for (const vars of [{ reportedTimeType: randomUUID() }, { projectContractors: [randomUUID()] }]) {
      const res = await q(QUERY, { dateStart: W.toISOString(), ...vars });
      expect(res.errors).toBeUndefined();
      expect(res.data!.timesheetByUser).toEqual([]);
    }
    expect((await q(QUERY, { dateStart: day(100).toISOString() })).data!.timesheetByUser).toEqual([]);
  });

  it("an unknown user or project is NOT_FOUND naming the argument (issue 24)", async () => {
    const unknownUser = await q(QUERY, { dateStart: W.toISOString(), users: [idle, demoIds.pmUserId, randomUUID(), randomUUID()] });
    expect(codes(unknownUser)).toEqual(["NOT_FOUND"]);
    expect(unknownUser.errors![0].extensions!.field).toBe("users.2");
    expect(unknownUser.data).toBeNull();
    const unknownProject = await q(QUERY, { dateStart: W.toISOString(), project: randomUUID() });
    expect(codes(unknownProject)).toEqual(["NOT_FOUND"]);
    expect(unknownProject.errors![0].extensions!.field).toBe("project");
    // a known project without time in the window is no error
    const quiet = await q(QUERY, { dateStart: day(100).toISOString(), project: a.projectId });
    expect(quiet.errors).toBeUndefined();
    expect(quiet.data!.timesheetByUser).toEqual([]);
  });

  it("marks as editable the caller's own rows and those of projects they manage", async () => {
    const editable = (res: any) =>
      res.data.timesheetByUser
        .flatMap((e: any) =>
          e.timesheet.map(
            (r: any) =>
              `${e.projectUser.id === demoIds.userId ? "me" : e.projectUser.id === outsider ? "outsider" : "pm"}:${r.projectId === a.projectId ? "A" : "B"}:${r.canEdit}`,
          ),
        )
        .sort();

    const asAdmin = await q(QUERY, { dateStart: W.toISOString() });
    expect(editable(asAdmin)).toEqual(["me:A:true", "me:B:true", "outsider:B:true", "pm:A:true"]);

    expect(editable(await q(QUERY, { dateStart: W.toISOString() }, t.userToken))).toEqual([
      "me:A:true",
      "me:B:true",
      "outsider:B:false",
      "pm:A:false",
    ]);

    await t.db.projectUserAssignment.create({ data: { projectId: b.projectId, userId: demoIds.userId, role: "pm-active" } });
    await t.db.projectUserAssignment.create({ data: { projectId: a.projectId, userId: demoIds.userId, role: "member" } });
    expect(editable(await q(QUERY, { dateStart: W.toISOString() }, t.userToken))).toEqual([
      "me:A:true",
      "me:B:true",
      "outsider:B:true",
      "pm:A:false",
    ]);
    await t.db.projectUserAssignment.deleteMany({ where: { userId: demoIds.userId, projectId: { in: [a.projectId, b.projectId] } } });
  });

  it("bounds the id lists and checks every id", async () => {
    // 500 users with their rows and days would cost more than the limit: the totals only
    const totals = gql`query ($dateStart: DateTime!, $users: [ID!], $projectContractors: [ID!]) {
      timesheetByUser(dateStart: $dateStart, users: $users, projectContractors: $projectContractors) { seconds }
    }`;
    const ok = await q(totals, { dateStart: W.toISOString(), users: Array.from({ length: 500 }, () => demoIds.userId) });
    expect(ok.errors).toBeUndefined();
    for (const name of ["users", "projectContractors"]) {
      const res = await q(totals, { dateStart: W.toISOString(), [name]: Array.from({ length: 501 }, () => randomUUID()) });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual([name]);
    }
    const malformed = await q(QUERY, {
      dateStart: W.toISOString(),
      users: [demoIds.userId, "x"],
      project: "p",
      projectContractors: ["c"],
      reportedTimeType: "r",
    });
    expect(codes(malformed)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(malformed).sort()).toEqual(["project", "projectContractors.0", "reportedTimeType", "users.1"]);
    expect(codes(await q(QUERY, { dateStart: "2035-13-01T00:00:00Z" }))).toEqual(["BAD_USER_INPUT"]);
  });

  it("needs a token, and is open to any authenticated user", async () => {
    expect(codes(await q(QUERY, { dateStart: W.toISOString() }, null))).toEqual(["UNAUTHENTICATED"]);
    const ordinary = await q(QUERY, { dateStart: W.toISOString() }, t.userToken);
    expect(ordinary.errors).toBeUndefined();
    expect(ordinary.data!.timesheetByUser).toHaveLength(3);
  });

  it("answers one user on one task and many users on many tasks in the same number of statements", async () => {
    const small = new Date("2036-01-07T00:00:00.000Z");
    const large = new Date("2036-02-04T00:00:00.000Z");
    const users = await Promise.all(Array.from({ length: 10 }, (_, i) => createUser(`Load${i}`)));
    const trees = [
      await createProjectTree(t.db, { boardsPerStage: 2, tasksPerBoard: 5 }),
      await createProjectTree(t.db, { boardsPerStage: 2, tasksPerBoard: 5 }),
    ];
    const tasks = trees.flatMap((tree) => tree.taskIds.map((taskId) => ({ taskId, projectId: tree.projectId })));
    await t.db.reportedTime.create({ data: { userId: users[0], ...tasks[0], date: small, seconds: 60 } });
    await t.db.reportedTime.createMany({
      data: users.flatMap((userId, u) =>
        tasks.map((task, i) => ({ userId, ...task, date: new Date(large.getTime() + ((u + i) % 7) * DAY), seconds: 60 })),
      ),
    });
    const largeResult = await q(QUERY, { dateStart: large.toISOString() }, t.userToken);
    expect(largeResult.data!.timesheetByUser).toHaveLength(10);
    expect(largeResult.data!.timesheetByUser[0].timesheet).toHaveLength(20);
    const auth = await t.countStatements(() => q("{ __typename }", {}, t.userToken));
    const smallCount = await t.countStatements(() => q(QUERY, { dateStart: small.toISOString() }, t.userToken));
    const largeCount = await t.countStatements(() => q(QUERY, { dateStart: large.toISOString() }, t.userToken));
    expect(largeCount).toBe(smallCount);
    // two statements beyond authentication: the summed time with its tasks and roles, and the users
    expect(largeCount - auth).toBe(2);
    // with `project`, one more: that project (it must exist) with the caller's role in it, which
    // the hourly-rate rule of the project's member summaries reuses; that rule looks up the
    // project's hidden rate roles
    const withProject = await t.countStatements(() =>
      q(QUERY, { dateStart: large.toISOString(), project: trees[0].projectId }, t.userToken),
    );
    expect(withProject - auth).toBe(2 + 1 + 1);
    console.log(`E16 statements: ${smallCount} for 1 user x 1 task, ${largeCount} for 10 users x 20 tasks`);
  });
});
