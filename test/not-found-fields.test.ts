import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { codes, createTestApp, demoIds as d, type TestApp } from "./support/test-app";

/**
 * Issue 13, item 4: wherever an object the request names is missing, the answer is NOT_FOUND and
 * `extensions.field` is the argument path that named it, as validation errors name theirs
 * (README, Errors). One row per place in the code that answers NOT_FOUND; a caller who may not
 * see an object gets the same answer (same field) as for a missing one.
 */
let t: TestApp;
/** a user outside every project and chat topic, who is external: to them such objects do not exist */
let outsiderToken: string;
let outsiderId: string;
let defs: { users: string; department: string };

const missing = randomUUID();
const item = { positionName: "Wdrożenie", unit: "h", count: 2, priceUnit: 100, tax: "RATE_23" };

const STAGE = "mutation ($id: ID!, $input: UpdateStageInput!) { updateStage(id: $id, input: $input) { id } }";
const INVOICE = "mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }";
const PROJECT = "mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }";
const RISK = "mutation ($id: ID!, $input: ReplaceRiskInput!) { replaceRisk(id: $id, input: $input) { id } }";
const FILES = "mutation ($input: ExternalFileUploadInput!) { uploadExternalFiles(input: $input) { id } }";
const TASK_TYPE = "mutation ($id: ID!, $input: UpdateTaskTypeInput!) { updateTaskType(id: $id, input: $input) { id } }";
const CHECKLISTS = "query ($id: ID!) { taskChecklists(taskId: $id) { items { id } } }";
const COMMENTS = "query ($t: String!) { sharedTaskComments(token: $t) { items { id } } }";
const TIMESHEET = `query ($users: [ID!], $project: ID) { timesheetByUser(dateStart: "2026-10-26T00:00:00Z", users: $users, project: $project) { seconds } }`;
const MEMBERSHIP =
  "mutation ($t: ID!, $u: ID!) { updateAssignedChatTopicUser(topicId: $t, userId: $u, input: { isMutedIndefinitely: true }) { id } }";

const invoice = (over: Record<string, unknown>) => ({
  input: { invoiceType: "Vat", fileGeneratedLanguage: "pl", isDraft: true, items: [item], ...over },
});
const project = (over: Record<string, unknown>) => ({
  input: {
    name: "Brak obiektu",
    dateStartPlanned: "2027-01-04T08:00:00Z",
    dateEndPlanned: "2027-06-30T16:00:00Z",
    isBlameableRemovalEnabled: false,
    status: "open",
    contractors: [],
    ...over,
  },
});
const risk = (over: Record<string, unknown>) => ({
  id: d.riskId,
  input: { name: "Ryzyko", probability: 3, project: d.projectId, ...over },
});
const files = (over: Record<string, unknown>) => ({
  input: {
    assignId: d.taskId,
    fileType: "task",
    files: [{ source: "link", path: "https://example.com/a.pdf", displayedName: "A.pdf" }],
    ...over,
  },
});

interface Site {
  /** the place in the code */
  site: string;
  query: string;
  variables: () => Record<string, unknown>;
  field: string;
  /** the caller: the admin unless named */
  token?: () => string;
}

const SITES: Site[] = [
  // E1/E2 chat topic memberships (auth/policy.ts, assigned-chat-topic-user.service.ts)
  { site: "E1 membership of a missing topic", query: MEMBERSHIP, variables: () => ({ t: missing, u: d.chatUserId }), field: "userId" },
  {
    site: "E1 membership, caller outside the topic",
    query: MEMBERSHIP,
    variables: () => ({ t: d.chatTopicId, u: d.chatUserId }),
    field: "userId",
    token: () => outsiderToken,
  },
  {
    site: "E2 readChatTopic lastReadMessage",
    query: "mutation ($t: ID!, $u: ID!, $m: ID) { readChatTopic(topicId: $t, userId: $u, input: { lastReadMessage: $m }) { id } }",
    variables: () => ({ t: d.chatTopicId, u: d.chatUserId, m: missing }),
    field: "input.lastReadMessage",
  },
  // E3 updateStage
  { site: "E3 updateStage id", query: STAGE, variables: () => ({ id: missing, input: { name: "Etap" } }), field: "id" },
  {
    site: "E3 updateStage stageType",
    query: STAGE,
    variables: () => ({ id: d.stageId, input: { stageType: missing } }),
    field: "input.stageType",
  },
  // E4 createInvoice
  {
    site: "E4 createInvoice numbering",
    query: INVOICE,
    variables: () => invoice({ isDraft: false, numbering: missing, issueDate: "2026-11-02" }),
    field: "input.numbering",
  },
  { site: "E4 createInvoice buyerId", query: INVOICE, variables: () => invoice({ buyerId: missing }), field: "input.buyerId" },
  {
    site: "E4 createInvoice corrected invoice",
    query: INVOICE,
    variables: () => invoice({ invoiceType: "Kor", invoice: missing }),
    field: "input.invoice",
  },
  { site: "E4 createInvoice financeTask", query: INVOICE, variables: () => invoice({ financeTask: missing }), field: "input.financeTask" },
  {
    site: "E4 createInvoice financeBoard",
    query: INVOICE,
    variables: () => invoice({ financeBoard: missing }),
    field: "input.financeBoard",
  },
  {
    site: "E4 createInvoice financeStage",
    query: INVOICE,
    variables: () => invoice({ financeStage: missing }),
    field: "input.financeStage",
  },
  {
    site: "E4 createInvoice financeProject",
    query: INVOICE,
    variables: () => invoice({ financeProject: missing }),
    field: "input.financeProject",
  },
  // E5 createProject
  {
    site: "E5 createProject projectTemplate",
    query: PROJECT,
    variables: () => project({ projectTemplate: missing }),
    field: "input.projectTemplate",
  },
  {
    site: "E5 createProject globalProjectTemplate",
    query: PROJECT,
    variables: () => project({ globalProjectTemplate: missing }),
    field: "input.globalProjectTemplate",
  },
  { site: "E5 createProject category", query: PROJECT, variables: () => project({ category: missing }), field: "input.category" },
  { site: "E5 createProject numbering", query: PROJECT, variables: () => project({ numbering: missing }), field: "input.numbering" },
  {
    site: "E5 createProject contractors",
    query: PROJECT,
    variables: () => project({ contractors: [d.contractorId, missing] }),
    field: "input.contractors.1",
  },
  { site: "E5 createProject tags", query: PROJECT, variables: () => project({ tags: [missing] }), field: "input.tags.0" },
  {
    site: "E5 createProject custom field definition",
    query: PROJECT,
    variables: () =>
      project({
        customFieldValues: [
          { definition: defs.users, valueSelectUsers: [d.userId] },
          { definition: missing, valueText: "x" },
        ],
      }),
    field: "input.customFieldValues.1.definition",
  },
  {
    site: "E5 createProject custom field user",
    query: PROJECT,
    variables: () => project({ customFieldValues: [{ definition: defs.users, valueSelectUsers: [d.userId, missing] }] }),
    field: "input.customFieldValues.0.valueSelectUsers.1",
  },
  {
    site: "E5 createProject custom field department",
    query: PROJECT,
    variables: () => project({ customFieldValues: [{ definition: defs.department, valueDepartment: missing }] }),
    field: "input.customFieldValues.0.valueDepartment",
  },
  // E6 taskChecklists
  { site: "E6 taskChecklists taskId", query: CHECKLISTS, variables: () => ({ id: missing }), field: "taskId" },
  {
    site: "E6 taskChecklists, task of a project hidden from the caller",
    query: CHECKLISTS,
    variables: () => ({ id: d.taskId }),
    field: "taskId",
    token: () => outsiderToken,
  },
  // E9 projectTemplate
  {
    site: "E9 projectTemplate id",
    query: "query ($id: ID!) { projectTemplate(id: $id) { id } }",
    variables: () => ({ id: missing }),
    field: "id",
  },
  // E10 assignBoardUser
  {
    site: "E10 assignBoardUser boardId",
    query: "mutation ($b: ID!, $u: ID!) { assignBoardUser(boardId: $b, userId: $u) { id } }",
    variables: () => ({ b: missing, u: d.userId }),
    field: "boardId",
  },
  {
    site: "E10 assignBoardUser userId",
    query: "mutation ($b: ID!, $u: ID!) { assignBoardUser(boardId: $b, userId: $u) { id } }",
    variables: () => ({ b: d.boardId, u: missing }),
    field: "userId",
  },
  // E11 replaceRisk
  { site: "E11 replaceRisk id", query: RISK, variables: () => ({ ...risk({}), id: missing }), field: "id" },
  { site: "E11 replaceRisk project", query: RISK, variables: () => risk({ project: missing }), field: "input.project" },
  { site: "E11 replaceRisk stage", query: RISK, variables: () => risk({ stage: missing }), field: "input.stage" },
  { site: "E11 replaceRisk board", query: RISK, variables: () => risk({ board: missing }), field: "input.board" },
  { site: "E11 replaceRisk task", query: RISK, variables: () => risk({ task: missing }), field: "input.task" },
  { site: "E11 replaceRisk type", query: RISK, variables: () => risk({ type: missing }), field: "input.type" },
  { site: "E11 replaceRisk impact", query: RISK, variables: () => risk({ impact: missing }), field: "input.impact" },
  { site: "E11 replaceRisk projectUser", query: RISK, variables: () => risk({ projectUser: missing }), field: "input.projectUser" },
  // E12 sharedTaskComments
  { site: "E12 sharedTaskComments unknown token", query: COMMENTS, variables: () => ({ t: "shr_no_such_token" }), field: "token" },
  { site: "E12 sharedTaskComments empty token", query: COMMENTS, variables: () => ({ t: "" }), field: "token" },
  // E13 uploadExternalFiles
  {
    site: "E13 uploadExternalFiles project",
    query: FILES,
    variables: () => files({ fileType: "project", assignId: missing }),
    field: "input.assignId",
  },
  {
    site: "E13 uploadExternalFiles task",
    query: FILES,
    variables: () => files({ fileType: "task", assignId: missing }),
    field: "input.assignId",
  },
  {
    site: "E13 uploadExternalFiles task comment",
    query: FILES,
    variables: () => files({ fileType: "task_comment", assignId: missing }),
    field: "input.assignId",
  },
  {
    site: "E13 uploadExternalFiles fileCategory",
    query: FILES,
    variables: () => files({ fileCategory: missing }),
    field: "input.fileCategory",
  },
  // E14 note, E15 projectGantt, E17 projectSettings
  { site: "E14 note id", query: "query ($id: ID!) { note(id: $id) { id } }", variables: () => ({ id: missing }), field: "id" },
  {
    site: "E15 projectGantt id",
    query: "query ($id: ID!) { projectGantt(id: $id) { id } }",
    variables: () => ({ id: missing }),
    field: "id",
  },
  {
    site: "E15 projectGantt, project hidden from the caller",
    query: "query ($id: ID!) { projectGantt(id: $id) { id } }",
    variables: () => ({ id: d.projectId }),
    field: "id",
    token: () => outsiderToken,
  },
  {
    site: "E17 projectSettings id",
    query: "query ($id: ID!) { projectSettings(id: $id) { id } }",
    variables: () => ({ id: missing }),
    field: "id",
  },
  {
    site: "E17 projectSettings, project hidden from the caller",
    query: "query ($id: ID!) { projectSettings(id: $id) { id } }",
    variables: () => ({ id: d.projectId }),
    field: "id",
    token: () => outsiderToken,
  },
  // E16 timesheetByUser
  { site: "E16 timesheetByUser users", query: TIMESHEET, variables: () => ({ users: [d.userId, missing] }), field: "users.1" },
  { site: "E16 timesheetByUser project", query: TIMESHEET, variables: () => ({ project: missing }), field: "project" },
  {
    site: "E16 timesheetByUser, project hidden from the caller",
    query: TIMESHEET,
    variables: () => ({ users: [outsiderId], project: d.projectId }),
    field: "project",
    token: () => outsiderToken,
  },
  // E19 updateTaskType
  { site: "E19 updateTaskType id", query: TASK_TYPE, variables: () => ({ id: missing, input: { name: "Typ" } }), field: "id" },
  {
    site: "E19 updateTaskType categories",
    query: TASK_TYPE,
    variables: () => ({ id: d.taskTypeId, input: { categories: [d.projectCategoryId, missing] } }),
    field: "input.categories.1",
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const def = async (dataType: string) =>
    (await t.db.customFieldDefinition.findFirstOrThrow({ where: { scope: "project", dataType }, orderBy: { id: "asc" } })).id;
  defs = { users: await def("users"), department: await def("department") };
  // an external user of their own, in no project and no chat topic
  const outsider = (outsiderId = randomUUID());
  await t.db.user.create({
    data: {
      id: outsider,
      email: `${outsider}@outside.example`,
      firstName: "Olga",
      lastName: "Zewnętrzna",
      shortCode: `OZ${outsider.slice(0, 8)}`,
      isExternal: true,
    },
  });
  outsiderToken = await issueToken(t.db, outsider);
});
afterAll(() => t.close());

describe("NOT_FOUND names the argument that named the missing object", () => {
  it.each(SITES.map((s) => [s.site, s] as const))("%s", async (_, s) => {
    const r = await t.gql(s.query, s.variables(), s.token?.());
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.errors![0].extensions).toMatchObject({ code: "NOT_FOUND", field: s.field });
    // the message names the field, never the value sent
    expect(r.errors![0].message).toContain(`(${s.field})`);
    expect(r.errors![0].message).not.toContain(missing);
  });

  it("covers every place that answers NOT_FOUND with a row above", () => {
    // E1 (2), E2, E3 (2), E4 (7), E5 (9), E6 (2), E9, E10 (2), E11 (8), E12 (2), E13 (4), E14, E15 (2), E16 (3), E17 (2), E19 (2)
    expect(SITES).toHaveLength(50);
    expect(new Set(SITES.map((s) => s.site)).size).toBe(SITES.length);
  });
});
