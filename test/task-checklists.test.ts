import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { codes, createTestApp, demoIds, gql, invalidFields, type TestApp } from "./support/test-app";
import { httpGql } from "./support/server-process";

/**
 * E6 taskChecklists. Fixture tasks with checklists whose weights run against their creation order,
 * so an answer in insertion (or id) order would fail the ordering assertions.
 */
let t: TestApp;
const fx = { projectId: randomUUID(), stageId: randomUUID(), boardId: randomUUID() };
let taskNo = 0;

const CHECKLISTS = gql`
  query Checklists($taskId: ID!, $page: Int, $itemsPerPage: Int, $pagination: Boolean) {
    taskChecklists(taskId: $taskId, page: $page, itemsPerPage: $itemsPerPage, pagination: $pagination) {
      items {
        id name weight
        taskChecklistItems { id name isChecked weight }
        leader {
          id shortCode firstName lastName email pictureSm pictureLg contractorId contractorName canLogIn
          phoneNumber jobPositionName hourlyRate isExternal decorator
        }
      }
      paginationInfo { page itemsPerPage totalCount lastPage hasNextPage }
    }
  }
`;

async function createTask(): Promise<string> {
  taskNo += 1;
  const id = randomUUID();
  await t.db.task.create({
    data: {
      id,
      projectId: fx.projectId,
      stageId: fx.stageId,
      boardId: fx.boardId,
      no: taskNo,
      shortCode: `H3CL-${fx.boardId.slice(0, 6)}-${taskNo}`,
      name: `Checklist fixture task ${taskNo}`,
    },
  });
  return id;
}

/** `count` checklists whose weights descend as they are created, each with `itemsEach` items likewise. */
async function addChecklists(taskId: string, count: number, itemsEach: number, leaders: Array<string | null>): Promise<string[]> {
  const ids: string[] = [];
  for (let c = 0; c < count; c += 1) {
    const id = randomUUID();
    ids.push(id);
    await t.db.taskChecklist.create({
      data: { id, taskId, name: `List ${c}`, weight: (count - c) * 10, leaderId: leaders[c % leaders.length] },
    });
    await t.db.taskChecklistItem.createMany({
      data: Array.from({ length: itemsEach }, (_, i) => ({
        checklistId: id,
        name: `Item ${c}.${i}`,
        isChecked: i % 2 === 0,
        weight: (itemsEach - i) * 10,
      })),
    });
  }
  return ids;
}

async function run(vars: Record<string, unknown>, token?: string | null) {
  return t.gql(CHECKLISTS, vars, token);
}

async function ok(vars: Record<string, unknown>, token?: string | null) {
  const r = await run(vars, token);
  expect(r.errors).toBeUndefined();
  return r.data!.taskChecklists as { items: Array<Record<string, any>>; paginationInfo: Record<string, number | boolean> };
}

let mainTask: string;
let fiveTask: string;

beforeAll(async () => {
  t = await createTestApp();
  const now = new Date("2026-03-01T00:00:00Z");
  const later = new Date("2026-06-30T00:00:00Z");
  await t.db.project.create({
    data: {
      id: fx.projectId,
      no: "H3/CL/1",
      name: "Checklist fixture",
      dateStartPlanned: now,
      dateEndPlanned: later,
      status: "open",
      shortCode: `H3CL${fx.projectId.slice(0, 6)}`,
    },
  });
  await t.db.stage.create({ data: { id: fx.stageId, projectId: fx.projectId, name: "Stage", dateStart: now, dateEnd: later } });
  await t.db.board.create({
    data: {
      id: fx.boardId,
      projectId: fx.projectId,
      stageId: fx.stageId,
      name: "Board",
      shortCode: `H3CLB${fx.boardId.slice(0, 6)}`,
      dateStart: now,
      dateEnd: later,
    },
  });
  mainTask = await createTask();
  await addChecklists(mainTask, 3, 3, [demoIds.userId, null]);
  fiveTask = await createTask();
  await addChecklists(fiveTask, 5, 1, [null]);
});
afterAll(() => t.close());

describe("E6 taskChecklists", () => {
  it("serves the task's checklists by weight, items by weight, leader from the user row", async () => {
    const r = await ok({ taskId: mainTask });
    const stored = await t.db.taskChecklist.findMany({
      where: { taskId: mainTask },
      include: { items: true, leader: { include: { contractor: true, jobPosition: true } } },
    });
    expect(r.items.map((c) => c.name)).toEqual(["List 2", "List 1", "List 0"]);
    expect(r.items.map((c) => c.weight)).toEqual([10, 20, 30]);
    for (const c of r.items) {
      const row = stored.find((s) => s.id === c.id)!;
      expect(c.name).toBe(row.name);
      expect(c.taskChecklistItems.map((i: any) => i.id)).toEqual([...row.items].sort((a, b) => a.weight - b.weight).map((i) => i.id));
      for (const item of c.taskChecklistItems) {
        const stored = row.items.find((i) => i.id === item.id)!;
        expect(item).toEqual({ id: stored.id, name: stored.name, isChecked: stored.isChecked, weight: stored.weight });
      }
      if (row.leader === null) {
        expect(c.leader).toBeNull();
      } else {
        const u = row.leader;
        expect(c.leader).toEqual({
          id: u.id,
          shortCode: u.shortCode,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          pictureSm: u.pictureSm,
          pictureLg: u.pictureLg,
          contractorId: u.contractorId,
          contractorName: u.contractor?.name ?? null,
          canLogIn: u.canLogIn,
          phoneNumber: u.phoneNumber,
          jobPositionName: u.jobPosition?.name ?? null,
          hourlyRate: u.hourlyRate === null ? null : u.hourlyRate.toNumber(),
          isExternal: u.isExternal,
          decorator: u.decorator,
        });
      }
    }
    // List 2 and List 0 are led by the demo user, List 1 by nobody
    expect(r.items.map((c) => c.leader?.id ?? null)).toEqual([demoIds.userId, null, demoIds.userId]);
    expect(r.items[0].taskChecklistItems.map((i: any) => i.name)).toEqual(["Item 2.2", "Item 2.1", "Item 2.0"]);
    expect(r.paginationInfo).toEqual({ page: 1, itemsPerPage: 30, totalCount: 3, lastPage: 1, hasNextPage: false });
  });

  it("shows a leader's hourly rate by one rule through taskChecklists and _entities: the project's PM and admins see it, a hidden role does not", async () => {
    await t.db.user.update({ where: { id: demoIds.pmUserId }, data: { hourlyRate: 145 } });
    const checklistId = randomUUID();
    await t.db.taskChecklist.create({
      data: { id: checklistId, taskId: demoIds.taskId, name: "Rate check", weight: 1, leaderId: demoIds.pmUserId },
    });
    // the demo user is a member of the task's project, whose settings hide rates from that role
    const membership = await t.db.projectUserAssignment.findFirstOrThrow({
      where: { projectId: demoIds.projectId, userId: demoIds.userId },
    });
    const settings = await t.db.projectSettings.findUniqueOrThrow({ where: { id: demoIds.projectId } });
    expect(JSON.parse(settings.hideHourlyRateForRoles)).toContain(membership.role);
    const pmToken = await issueToken(t.db, demoIds.pmUserId, { name: "checklist rate" });
    const url = await t.url();
    const viaList = async (token: string) => {
      const r = await httpGql(url, CHECKLISTS, { taskId: demoIds.taskId, pagination: false }, token);
      expect(r.body.errors).toBeUndefined();
      return (r.body.data!.taskChecklists.items as Array<{ id: string; leader: { hourlyRate: number | null } }>).find(
        (c) => c.id === checklistId,
      )!.leader.hourlyRate;
    };
    const viaEntities = async (token: string) => {
      const q = `query ($r: [_Any!]!) { _entities(representations: $r) { ... on TaskChecklist { id leader { id hourlyRate } } } }`;
      const r = await httpGql(url, q, { r: [{ __typename: "TaskChecklist", id: checklistId }] }, token);
      expect(r.body.errors).toBeUndefined();
      return r.body.data!._entities[0].leader.hourlyRate as number | null;
    };
    for (const [who, token, rate] of [
      ["the project's PM", pmToken, 145],
      ["an admin", t.adminToken, 145],
      ["a member of a hidden role", t.userToken, null],
    ] as const) {
      expect([who, "taskChecklists", await viaList(token)]).toEqual([who, "taskChecklists", rate]);
      expect([who, "_entities", await viaEntities(token)]).toEqual([who, "_entities", rate]);
    }
    await t.db.taskChecklist.delete({ where: { id: checklistId } });
  });

  it("breaks weight ties by id, so the order is stable", async () => {
    const task = await createTask();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await t.db.taskChecklist.create({ data: { id, taskId: task, name: id, weight: 7 } });
    const r = await ok({ taskId: task });
    expect(r.items.map((c) => c.id)).toEqual([...ids].sort());
  });

  it("pages through the checklists", async () => {
    const all = (await ok({ taskId: fiveTask })).items.map((c) => c.name);
    expect(all).toEqual(["List 4", "List 3", "List 2", "List 1", "List 0"]);
    const p2 = await ok({ taskId: fiveTask, page: 2, itemsPerPage: 2 });
    expect(p2.items.map((c) => c.name)).toEqual(["List 2", "List 1"]);
    expect(p2.paginationInfo).toEqual({ page: 2, itemsPerPage: 2, totalCount: 5, lastPage: 3, hasNextPage: true });
    const p3 = await ok({ taskId: fiveTask, page: 3, itemsPerPage: 2 });
    expect(p3.items.map((c) => c.name)).toEqual(["List 0"]);
    expect(p3.paginationInfo.hasNextPage).toBe(false);
    const beyond = await ok({ taskId: fiveTask, page: 9, itemsPerPage: 2 });
    expect(beyond.items).toEqual([]);
    expect(beyond.paginationInfo.totalCount).toBe(5);
  });

  it("itemsPerPage 0 returns no items and the true total", async () => {
    const r = await ok({ taskId: fiveTask, itemsPerPage: 0 });
    expect(r.items).toEqual([]);
    expect(r.paginationInfo.totalCount).toBe(5);
  });

  it("pagination: false returns every checklist on one page", async () => {
    const r = await ok({ taskId: fiveTask, pagination: false, itemsPerPage: 1, page: 4 });
    expect(r.items).toHaveLength(5);
    expect(r.paginationInfo).toEqual({ page: 1, itemsPerPage: 5, totalCount: 5, lastPage: 1, hasNextPage: false });
  });

  it("checks page and itemsPerPage at their bounds", async () => {
    expect((await ok({ taskId: fiveTask, page: 1, itemsPerPage: 100 })).items).toHaveLength(5);
    for (const [vars, field] of [
      [{ page: 0 }, "page"],
      [{ itemsPerPage: 101 }, "itemsPerPage"],
      [{ itemsPerPage: -1 }, "itemsPerPage"],
    ] as const) {
      const r = await run({ taskId: fiveTask, ...vars });
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(r)).toEqual([field]);
    }
  });

  it("a task without checklists gives an empty page", async () => {
    const task = await createTask();
    const r = await ok({ taskId: task });
    expect(r.items).toEqual([]);
    expect(r.paginationInfo).toEqual({ page: 1, itemsPerPage: 30, totalCount: 0, lastPage: 1, hasNextPage: false });
  });

  it("serves the demo task's checklists as stored", async () => {
    const r = await ok({ taskId: demoIds.taskId, pagination: false });
    const stored = await t.db.taskChecklist.findMany({
      where: { taskId: demoIds.taskId },
      orderBy: [{ weight: "asc" }, { id: "asc" }],
      include: { items: { orderBy: [{ weight: "asc" }, { id: "asc" }] } },
    });
    expect(stored.length).toBeGreaterThan(0);
    expect(r.items.map((c) => [c.id, c.name, c.leader?.id ?? null, c.taskChecklistItems.map((i: any) => [i.id, i.isChecked])])).toEqual(
      stored.map((s) => [s.id, s.name, s.leaderId, s.items.map((i) => [i.id, i.isChecked])]),
    );
    expect(r.paginationInfo.totalCount).toBe(stored.length);
  });

  it("is open to any authenticated user", async () => {
    const r = await ok({ taskId: mainTask }, t.userToken);
    expect(r.items).toHaveLength(3);
  });

  it("an unknown task is NOT_FOUND", async () => {
    const r = await run({ taskId: randomUUID() });
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.data ?? null).toBeNull();
  });

  it("a malformed task id is BAD_USER_INPUT", async () => {
    const r = await run({ taskId: "not-a-uuid" });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["taskId"]);
  });

  it("needs a token", async () => {
    const r = await run({ taskId: mainTask }, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
  });

  it("resolves checklists and items as federation entities, unknown ids to null", async () => {
    const listed = (await ok({ taskId: mainTask })).items;
    const q = gql`query Refs($r: [_Any!]!) { _entities(representations: $r) {
      ... on TaskChecklist { id name weight taskChecklistItems { id } leader { id } }
      ... on TaskChecklistItem { id name isChecked weight } } }`;
    const item = listed[0].taskChecklistItems[1];
    const r = await t.gql(q, {
      r: [
        { __typename: "TaskChecklist", id: listed[1].id },
        { __typename: "TaskChecklistItem", id: item.id },
        { __typename: "TaskChecklist", id: randomUUID() },
      ],
    });
    expect(r.errors).toBeUndefined();
    const [checklist, resolvedItem, unknown] = r.data!._entities as any[];
    expect(checklist).toEqual({
      id: listed[1].id,
      name: listed[1].name,
      weight: listed[1].weight,
      taskChecklistItems: listed[1].taskChecklistItems.map((i: any) => ({ id: i.id })),
      leader: null,
    });
    expect(resolvedItem).toEqual(item);
    expect(unknown).toBeNull();
  });

  it("loads a large task in as many statements as a small one", async () => {
    const users = await t.db.user.findMany({ take: 20, orderBy: { id: "asc" }, select: { id: true } });
    const small = await createTask();
    await addChecklists(small, 1, 1, [demoIds.userId]);
    const large = await createTask();
    await addChecklists(
      large,
      60,
      12,
      users.map((u) => u.id),
    );
    let smallResult: any;
    let largeResult: any;
    const auth = await t.countStatements(() => t.gql("{ __typename }"));
    const smallCount = await t.countStatements(async () => (smallResult = await ok({ taskId: small, pagination: false })));
    const largeCount = await t.countStatements(async () => (largeResult = await ok({ taskId: large, pagination: false })));
    expect(smallResult.items).toHaveLength(1);
    expect(largeResult.items).toHaveLength(60);
    expect(largeResult.items.flatMap((c: any) => c.taskChecklistItems)).toHaveLength(720);
    expect(new Set(largeResult.items.map((c: any) => c.leader.id)).size).toBe(users.length);
    expect(largeCount).toBe(smallCount);
    // one statement beyond authentication for the read (the task, its count and the page with
    // items and leaders), plus the access policy's two look-ups for the leaders' hourlyRate (the
    // caller's role in the task's project and the roles it hides rates from), once per request
    expect(largeCount - auth).toBe(3);
  });
});
