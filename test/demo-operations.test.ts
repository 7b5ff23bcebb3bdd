import { createTestApp, demoIds, gql, type TestApp } from "./support/test-app";

/**
 * Every one of the twenty operations, called with the demo ids of prisma/demo-ids.json the way
 * the README invites anyone to try them: each answers data and no error on the seeded database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const d = demoIds;

async function ok(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const r = await t.gql(query, variables, token);
  expect(r.errors).toBeUndefined();
  const value = Object.values(r.data ?? {})[0];
  expect(value).not.toBeNull();
  return value as any;
}

describe("the twenty operations on the demo data", () => {
  it("E1 updateAssignedChatTopicUser and E2 readChatTopic, as the member", async () => {
    const muted = await ok(gql`mutation ($t: ID!, $u: ID!) { updateAssignedChatTopicUser(topicId: $t, userId: $u, input: { isMutedIndefinitely: true }) { id isMutedIndefinitely chatUser { id } } }`, { t: d.chatTopicId, u: d.chatUserId }, t.userToken);
    expect(muted).toMatchObject({ isMutedIndefinitely: true, chatUser: { id: d.chatUserId } });
    const read = await ok(gql`mutation ($t: ID!, $u: ID!, $m: ID) { readChatTopic(topicId: $t, userId: $u, input: { lastReadMessage: $m }) { lastReadMessage isUnread lastReadAt } }`, { t: d.chatTopicId, u: d.chatUserId, m: d.chatMessageId }, t.userToken);
    expect(read).toMatchObject({ lastReadMessage: d.chatMessageId, isUnread: false });
  });

  it("E3 updateStage", async () => {
    const stage = await ok(gql`mutation ($id: ID!) { updateStage(id: $id, input: { description: "Updated from the demo" }) { id description project projectName progress boardCount stageType { id } } }`, { id: d.stageId });
    expect(stage).toMatchObject({ id: d.stageId, description: "Updated from the demo", project: d.projectId });
  });

  it("E4 createInvoice, numbered", async () => {
    const invoice = await ok(gql`mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no netAmount vatAmount grossAmount buyerName } }`, {
      input: { invoiceType: "Vat", fileGeneratedLanguage: "pl", isDraft: false, numbering: d.invoiceNumberingId, buyerId: d.contractorId, items: [{ positionName: "Wdrożenie", unit: "szt.", count: 2, priceUnit: 1000, tax: "23" }] },
    });
    expect(invoice).toMatchObject({ netAmount: 2000, vatAmount: 460, grossAmount: 2460 });
    expect(invoice.no).toMatch(/^FV\/\d{4}\//);
  });

  it("E5 createProject from the public template", async () => {
    const project = await ok(gql`mutation ($input: CreateProjectInput!) { createProject(input: $input) { id no shortCode status stageCount } }`, {
      input: { name: "Demo project", dateStartPlanned: "2027-01-04T08:00:00Z", dateEndPlanned: "2027-06-30T16:00:00Z", isBlameableRemovalEnabled: false, status: "open", contractors: [d.contractorId], category: d.projectCategoryId, numbering: d.projectNumberingId, projectTemplate: d.projectTemplateId },
    });
    expect(project.stageCount).toBeGreaterThan(0);
  });

  it("E6 taskChecklists", async () => {
    const page = await ok(gql`query ($id: ID!) { taskChecklists(taskId: $id) { items { id name taskChecklistItems { name } } paginationInfo { totalCount } } }`, { id: d.taskId });
    expect(page.paginationInfo.totalCount).toBeGreaterThanOrEqual(3);
  });

  it("E7 vacations and E8 users", async () => {
    const vacations = await ok(gql`{ vacations(itemsPerPage: 5) { items { id status daysCount } paginationInfo { totalCount } } }`);
    expect(vacations.items).toHaveLength(5);
    const users = await ok(gql`{ users(itemsPerPage: 5) { items { id } paginationInfo { totalCount } } }`);
    expect(users.paginationInfo.totalCount).toBeGreaterThanOrEqual(40);
  });

  it("E9 projectTemplate", async () => {
    const template = await ok(gql`query ($id: ID!) { projectTemplate(id: $id) { id name isPublic savedCustomFieldValues { definition { name } } } }`, { id: d.projectTemplateId });
    expect(template.isPublic).toBe(true);
  });

  it("E10 assignBoardUser", async () => {
    const board = await t.db.board.findUniqueOrThrow({ where: { id: d.boardId } });
    const member = await t.db.projectUserAssignment.findFirstOrThrow({ where: { projectId: board.projectId }, orderBy: { id: "asc" } });
    const assignment = await ok(gql`mutation ($b: ID!, $u: ID!) { assignBoardUser(boardId: $b, userId: $u, input: { role: "leader-active" }) { id role board projectUser { id } } }`, { b: d.boardId, u: member.userId });
    expect(assignment).toMatchObject({ role: "leader-active", board: d.boardId, projectUser: { id: member.userId } });
  });

  it("E11 replaceRisk", async () => {
    const risk = await ok(gql`mutation ($id: ID!, $input: ReplaceRiskInput!) { replaceRisk(id: $id, input: $input) { id name probability type typeName impact impactName project } }`, {
      id: d.riskId,
      input: { name: "Opóźnienie dostawcy", probability: 4, project: d.projectId, type: d.riskTypeId, impact: d.riskImpactId },
    });
    expect(risk).toMatchObject({ probability: 4, type: d.riskTypeId, impact: d.riskImpactId, project: d.projectId });
  });

  it("E12 sharedTaskComments with replies", async () => {
    const page = await ok(gql`query ($t: String!, $r: ID) { sharedTaskComments(token: $t, repliesTo: $r) { items { id repliesTo } paginationInfo { totalCount } } }`, { t: d.sharedTaskToken, r: d.commentWithRepliesId });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((c: any) => c.repliesTo === d.commentWithRepliesId)).toBe(true);
  });

  it("E13 uploadExternalFiles", async () => {
    const files = await ok(gql`mutation ($input: ExternalFileUploadInput!) { uploadExternalFiles(input: $input) { id extension source } }`, {
      input: { assignId: d.taskId, fileType: "task", files: [{ source: "link", path: "https://example.com/specs/plan.pdf", displayedName: "Plan.pdf" }] },
    });
    expect(files).toEqual([expect.objectContaining({ extension: "pdf" })]);
  });

  it("E14 note, E15 projectGantt, E17 projectSettings", async () => {
    expect(await ok(gql`query ($id: ID!) { note(id: $id) { id name contractor { id } } }`, { id: d.noteId })).toMatchObject({ id: d.noteId });
    const gantt = await ok(gql`query ($id: ID!) { projectGantt(id: $id, showTasks: true) { id stages { id } tasks { id } } }`, { id: d.projectId });
    expect(gantt.tasks.length).toBeGreaterThan(0);
    expect(await ok(gql`query ($id: ID!) { projectSettings(id: $id) { id enabledTabs } }`, { id: d.projectId })).toMatchObject({ id: d.projectId });
  });

  it("E16 timesheetByUser over the seeded weeks", async () => {
    const entries = await ok(gql`{ timesheetByUser(dateStart: "2026-10-26T00:00:00Z") { seconds projectUser { id } } }`);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e: any) => e.seconds > 0)).toBe(true);
  });

  it("E18 createCurrencyDictionary, E19 updateTaskType, E20 createShortcut", async () => {
    expect(await ok(gql`mutation { createCurrencyDictionary(input: { name: "Norwegian krone", code: "NOK", isDefault: false }) { code } }`)).toEqual({ code: "NOK" });
    expect(await ok(gql`mutation ($id: ID!) { updateTaskType(id: $id, input: { decorator: "#44a069" }) { decorator } }`, { id: d.taskTypeId })).toEqual({ decorator: "#44a069" });
    expect(await ok(gql`mutation { createShortcut(input: { name: "Gantt", viewUrl: "/projects/gantt", isOpenedInNewTab: true }) { name } }`)).toEqual({ name: "Gantt" });
  });
});
