import { randomUUID } from "node:crypto";
import { codes, createTestApp, demoIds, gql, invalidFields, type GqlResult, type TestApp } from "./support/test-app";

/** E17 projectSettings: the demo project's settings as seeded, and a fixture row with every field set. */
let t: TestApp;
const projectId = randomUUID();

/** The answer as a client sees it: DateTime values serialised to ISO strings. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const QUERY = gql`
  query Settings($id: ID!) {
    projectSettings(id: $id) {
      id enabledTabs requireTaskTypeOnTaskCreation showTaskDeadline projectAutomaticPlanning taskDateRangeBehaviour
      taskDateStartType taskDateEndType taskDateStartInterval taskDateEndInterval taskDateStartTime taskDateEndTime
      hideHourlyRateForRoles restrictTaskDateUpdatesToPMsOrCreators
    }
  }
`;

beforeAll(async () => {
  t = await createTestApp();
  const start = new Date("2026-01-05T00:00:00Z");
  await t.db.project.create({
    data: {
      id: projectId,
      no: "H2/SET",
      name: "Settings fixture",
      dateStartPlanned: start,
      dateEndPlanned: start,
      status: "open",
      shortCode: `H2ST${projectId.slice(0, 6)}`,
    },
  });
  await t.db.projectSettings.create({
    data: {
      id: projectId,
      enabledTabs: JSON.stringify(["overview", "finance"]),
      requireTaskTypeOnTaskCreation: true,
      showTaskDeadline: false,
      projectAutomaticPlanning: true,
      taskDateRangeBehaviour: "task-bar",
      taskDateStartType: "project",
      taskDateEndType: "stage",
      taskDateStartInterval: "P1D",
      taskDateEndInterval: "PT4H",
      taskDateStartTime: new Date("1970-01-01T08:30:00.000Z"),
      taskDateEndTime: new Date("1970-01-01T16:00:00.000Z"),
      hideHourlyRateForRoles: JSON.stringify(["pm-passive", "member"]),
      restrictTaskDateUpdatesToPMsOrCreators: true,
    },
  });
});
afterAll(() => t.close());

describe("E17 projectSettings", () => {
  it("returns every stored field", async () => {
    const r = await t.gql(QUERY, { id: projectId });
    expect(r.errors).toBeUndefined();
    expect(asJson(r.data!.projectSettings)).toEqual({
      id: projectId,
      enabledTabs: ["overview", "finance"],
      requireTaskTypeOnTaskCreation: true,
      showTaskDeadline: false,
      projectAutomaticPlanning: true,
      taskDateRangeBehaviour: "task-bar",
      taskDateStartType: "project",
      taskDateEndType: "stage",
      taskDateStartInterval: "P1D",
      taskDateEndInterval: "PT4H",
      taskDateStartTime: "1970-01-01T08:30:00.000Z",
      taskDateEndTime: "1970-01-01T16:00:00.000Z",
      hideHourlyRateForRoles: ["pm-passive", "member"],
      restrictTaskDateUpdatesToPMsOrCreators: true,
    });
  });

  it("returns the demo project's settings as stored, to any authenticated user", async () => {
    const row = await t.db.projectSettings.findUniqueOrThrow({ where: { id: demoIds.projectId } });
    const r = await t.gql(QUERY, { id: demoIds.projectId }, t.userToken);
    expect(r.errors).toBeUndefined();
    expect(asJson(r.data!.projectSettings)).toEqual({
      id: demoIds.projectId,
      enabledTabs: JSON.parse(row.enabledTabs),
      requireTaskTypeOnTaskCreation: row.requireTaskTypeOnTaskCreation,
      showTaskDeadline: row.showTaskDeadline,
      projectAutomaticPlanning: row.projectAutomaticPlanning,
      taskDateRangeBehaviour: row.taskDateRangeBehaviour,
      taskDateStartType: row.taskDateStartType,
      taskDateEndType: row.taskDateEndType,
      taskDateStartInterval: row.taskDateStartInterval,
      taskDateEndInterval: row.taskDateEndInterval,
      taskDateStartTime: row.taskDateStartTime?.toISOString() ?? null,
      taskDateEndTime: row.taskDateEndTime?.toISOString() ?? null,
      hideHourlyRateForRoles: JSON.parse(row.hideHourlyRateForRoles),
      restrictTaskDateUpdatesToPMsOrCreators: row.restrictTaskDateUpdatesToPMsOrCreators,
    });
  });

  it("answers NOT_FOUND for an unknown project and BAD_USER_INPUT for a malformed id", async () => {
    const missing = await t.gql(QUERY, { id: randomUUID() });
    expect(codes(missing)).toEqual(["NOT_FOUND"]);
    expect(missing.data?.projectSettings).toBeNull();
    const malformed = await t.gql(QUERY, { id: "project-1" });
    expect(codes(malformed)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(malformed)).toEqual(["id"]);
  });

  it("needs a token", async () => {
    const r = await t.gql(QUERY, { id: projectId }, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
    expect(r.data?.projectSettings ?? null).toBeNull();
  });

  it("resolves as a federation entity, a batch in one statement", async () => {
    const query = gql`query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on ProjectSettings { id enabledTabs } } }`;
    const reps = [
      { __typename: "ProjectSettings", id: projectId },
      { __typename: "ProjectSettings", id: demoIds.projectId },
    ];
    let r: GqlResult | undefined;
    const one = await t.countStatements(async () => {
      await t.gql(query, { reps: reps.slice(0, 1) });
    });
    const two = await t.countStatements(async () => {
      r = await t.gql(query, { reps });
    });
    expect(r!.errors).toBeUndefined();
    expect((r!.data!._entities as { id: string }[]).map((e) => e.id)).toEqual([projectId, demoIds.projectId]);
    expect(two).toBe(one);
  });
});
