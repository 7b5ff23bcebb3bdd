import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { issueToken } from "../src/auth/tokens";
import { PERSONAS, POLICY_MATRIX, renderPolicyTable, type Answer, type MatrixRow, type Persona } from "./support/policy-matrix";
import { declaredRules } from "../src/auth/policy";
import { rules } from "../src/auth/rules";
import { fieldRules } from "../src/auth/visibility";
import { ENTITIES, RESOLVERS } from "../src/schema/registry";
import { createTestApp, demoIds as d, gql, type GqlResult, type TestApp } from "./support/test-app";

/**
 * Every cell of the access matrix (test/support/policy-matrix.ts, rendered into the README) run
 * through GraphQL with a real token of that persona on the demo data.
 */
let t: TestApp;
const tokens = {} as Record<Persona, string | null>;
const who = {} as Record<Persona, string>;
const ids: Record<string, string> = {};
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const mayUseTokens = { canLogIn: true, allowApiTokenAuthentication: true };
  const demoMembers = (await db.projectUserAssignment.findMany({ where: { projectId: d.projectId } })).map((a) => a.userId);
  const topicMembers = (await db.assignedChatTopicUser.findMany({ where: { topicId: d.chatTopicId } })).map((a) => a.userId);
  const privateTemplate = await db.projectTemplate.findUniqueOrThrow({ where: { id: d.privateProjectTemplateId } });
  const income = await db.invoiceIncome.findFirstOrThrow({
    where: { invoice: { financeProject: { assignments: { some: { userId: d.pmUserId, role: { in: ["pm-active", "pm-passive"] } } } } } },
    orderBy: { id: "asc" },
    include: { invoice: true },
  });
  const cost = await db.invoiceCost.findFirstOrThrow({
    where: { invoice: { financeProject: { assignments: { some: { userId: d.pmUserId, role: { in: ["pm-active", "pm-passive"] } } } } } },
    orderBy: { id: "asc" },
    include: { invoice: true },
  });
  const pmProjects = [income.invoice.financeProjectId!, cost.invoice.financeProjectId!, d.projectId];
  const external = await db.user.findFirstOrThrow({
    where: { ...mayUseTokens, isExternal: true, id: { in: demoMembers } },
    orderBy: { id: "asc" },
  });
  const pmElsewhere = await db.user.findFirstOrThrow({
    where: {
      ...mayUseTokens,
      roles: { some: { role: "pm" } },
      NOT: [{ roles: { some: { role: { in: ["admin", "finance", "hr"] } } } }],
      id: { notIn: [...demoMembers, ...topicMembers, privateTemplate.createdById!] },
      projectAssignments: { none: { projectId: { in: pmProjects } } },
    },
    orderBy: { id: "asc" },
  });
  const finance = await db.user.findFirstOrThrow({
    where: {
      ...mayUseTokens,
      roles: { some: { role: "finance" }, none: { role: { in: ["admin", "pm", "hr"] } } },
      id: { notIn: [...demoMembers, ...topicMembers] },
    },
    orderBy: { id: "asc" },
  });
  const hr = await db.user.findFirstOrThrow({
    where: {
      ...mayUseTokens,
      roles: { some: { role: "hr" }, none: { role: { in: ["admin", "pm", "finance"] } } },
      id: { notIn: [...demoMembers, ...topicMembers] },
    },
    orderBy: { id: "asc" },
  });
  Object.assign(who, {
    external: external.id,
    user: d.userId,
    pmOfProject: d.pmUserId,
    pmElsewhere: pmElsewhere.id,
    finance: finance.id,
    hr: hr.id,
    admin: d.adminUserId,
    anonymous: "",
  });
  for (const p of PERSONAS)
    tokens[p] = p === "anonymous" ? null : p === "admin" ? t.adminToken : await issueToken(db, who[p], { name: "matrix" });

  // "another project": a full project the external user is not assigned to
  const otherProject = await db.project.findFirstOrThrow({
    where: {
      isSimple: false,
      assignments: { none: { userId: external.id } },
      milestones: { some: {} },
      ganttLinks: { some: {} },
      risks: { some: {} },
      files: { some: {} },
      tasks: { some: { checklists: { some: { items: { some: {} } } } } },
      boards: { some: { users: { some: {} } } },
    },
    orderBy: { id: "asc" },
  });
  other = otherProject.id;
  const inOther = { projectId: other };
  const first = { orderBy: { id: "asc" as const }, select: { id: true } };
  const comment = { comment: { task: { projectId: d.projectId } } };
  const note = await db.note.findUniqueOrThrow({ where: { id: d.noteId } });
  Object.assign(ids, {
    stage: (await db.stage.findFirstOrThrow({ where: inOther, ...first })).id,
    milestone: (await db.milestone.findFirstOrThrow({ where: inOther, ...first })).id,
    ganttLink: (await db.ganttLink.findFirstOrThrow({ where: inOther, ...first })).id,
    risk: (await db.risk.findFirstOrThrow({ where: inOther, ...first })).id,
    assignedProjectUser: (await db.projectUserAssignment.findFirstOrThrow({ where: inOther, ...first })).id,
    assignedBoardUser: (await db.assignedBoardUser.findFirstOrThrow({ where: { board: inOther }, ...first })).id,
    demoAssignment: (
      await db.projectUserAssignment.findFirstOrThrow({ where: { projectId: d.projectId, hourlyRate: { not: null } }, ...first })
    ).id,
    demoBoardUser: (
      await db.assignedBoardUser.findFirstOrThrow({ where: { boardId: d.boardId, user: { hourlyRate: { not: null } } }, ...first })
    ).id,
    demoChecklist: (
      await db.taskChecklist.findFirstOrThrow({
        where: { task: { projectId: d.projectId }, leader: { hourlyRate: { not: null } } },
        ...first,
      })
    ).id,
    checklist: (await db.taskChecklist.findFirstOrThrow({ where: { task: inOther }, ...first })).id,
    checklistItem: (await db.taskChecklistItem.findFirstOrThrow({ where: { checklist: { task: inOther } }, ...first })).id,
    file: (await db.file.findFirstOrThrow({ where: inOther, ...first })).id,
    mention: (await db.taskCommentMention.findFirstOrThrow({ where: comment, ...first })).id,
    reaction: (await db.taskCommentReaction.findFirstOrThrow({ where: comment, ...first })).id,
    income: income.id,
    cost: cost.id,
    noteStatus: note.statusId!,
    vacationComment: (await db.vacationComment.findFirstOrThrow(first)).id,
    vacationDate: (await db.vacationDate.findFirstOrThrow(first)).id,
    adminShortcut: (await db.shortcut.findFirstOrThrow({ where: { userId: d.adminUserId }, ...first })).id,
    membership: (
      await db.assignedChatTopicUser.findUniqueOrThrow({ where: { topicId_userId: { topicId: d.chatTopicId, userId: d.userId } } })
    ).id,
    customFieldDefinition: (await db.customFieldDefinition.findFirstOrThrow(first)).id,
    customFieldOption: (await db.customFieldSelectOption.findFirstOrThrow(first)).id,
    userDepartment: (await db.userDepartment.findFirstOrThrow(first)).id,
  });
  // the demo project's members must have rates to hide, and the rule's roles must be the demo's
  const settings = await db.projectSettings.findUniqueOrThrow({ where: { id: d.projectId } });
  expect(JSON.parse(settings.hideHourlyRateForRoles)).toEqual(["member", "none"]);
}, 60_000);
afterAll(async () => {
  await t.close();
  await allow?.close();
});

/** A server with TRUSTED_DOCUMENTS=allow (a manifest of one document), each persona with a token of its own there. */
let allow: TestApp | undefined;
const allowTokens = {} as Record<Persona, string | null>;
async function allowApp(): Promise<TestApp> {
  if (allow) return allow;
  const registered = "query Registered { __typename }";
  const manifest = join(mkdtempSync(join(tmpdir(), "wm-matrix-")), "persisted-documents.json");
  writeFileSync(manifest, JSON.stringify({ [`sha256:${createHash("sha256").update(registered).digest("hex")}`]: registered }));
  allow = await createTestApp({ TRUSTED_DOCUMENTS: "allow", TRUSTED_DOCUMENTS_MANIFEST: manifest });
  for (const p of PERSONAS)
    allowTokens[p] = p === "anonymous" ? null : p === "admin" ? allow.adminToken : await issueToken(allow.db, who[p], { name: "matrix" });
  return allow;
}

type Run = (p: Persona) => Promise<Answer>;

/** The answer a root field gave: its error code, or ok. */
function rootAnswer(r: GqlResult): Answer {
  const code = r.errors?.[0]?.extensions?.code;
  if (code === "UNAUTHENTICATED") return "401";
  if (code === "FORBIDDEN" || code === "NOT_FOUND" || code === "QUERY_NOT_IN_SAFELIST") return code;
  if (r.errors) throw new Error(`unexpected error ${JSON.stringify(r.errors)}`);
  return "ok";
}

/** The answer for a value inside a successful result: ok when present, null when hidden. */
function valueAnswer(r: GqlResult, pick: (data: any) => unknown): Answer {
  const code = r.errors?.[0]?.extensions?.code;
  if (code) return rootAnswer(r);
  const value = pick(r.data);
  if (value === undefined) throw new Error(`nothing at the path in ${JSON.stringify(r.data)}`);
  return value === null ? "null" : "ok";
}

const op =
  (query: string, vars: (p: Persona) => Record<string, unknown> = () => ({})): Run =>
  async (p) =>
    rootAnswer(await t.gql(query, vars(p), tokens[p]));

const entityRun =
  (typeName: string, id: () => string): Run =>
  async (p) => {
    const r = await t.gql(
      `query ($r: [_Any!]!) { _entities(representations: $r) { ... on ${typeName} { id } } }`,
      { r: [{ __typename: typeName, id: id() }] },
      tokens[p],
    );
    return valueAnswer(r, (data) => data._entities[0]);
  };

const fieldRun =
  (query: string, vars: () => Record<string, unknown>, pick: (data: any) => unknown): Run =>
  async (p) =>
    valueAnswer(await t.gql(query, vars(), tokens[p]), pick);

const ENTITY_QUERY = (typeName: string, selection: string) =>
  `query ($r: [_Any!]!) { _entities(representations: $r) { ... on ${typeName} { ${selection} } } }`;
const rep = (typeName: string, id: string) => ({ r: [{ __typename: typeName, id }] });

let serial = 0;
const RUNS: Record<string, Run> = {
  "a document not in the manifest, with TRUSTED_DOCUMENTS=allow": async (p) =>
    rootAnswer(await (await allowApp()).gql(gql`{ users(itemsPerPage: 1) { items { id } } }`, {}, allowTokens[p])),
  "E1 updateAssignedChatTopicUser": op(
    gql`mutation ($t: ID!, $u: ID!) { updateAssignedChatTopicUser(topicId: $t, userId: $u, input: { isMutedIndefinitely: false }) { id } }`,
    () => ({ t: d.chatTopicId, u: d.userId }),
  ),
  "E2 readChatTopic": op(gql`mutation ($t: ID!, $u: ID!) { readChatTopic(topicId: $t, userId: $u) { id } }`, () => ({
    t: d.chatTopicId,
    u: d.userId,
  })),
  "E3 updateStage": op(gql`mutation ($id: ID!) { updateStage(id: $id, input: { isBlameableRemovalEnabled: true }) { id } }`, () => ({
    id: d.stageId,
  })),
  "E4 createInvoice (booked to the project)": op(
    gql`mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`,
    () => ({
      input: {
        invoiceType: "Vat",
        fileGeneratedLanguage: "pl",
        isDraft: true,
        financeProject: d.projectId,
        items: [{ positionName: "Konsultacje", unit: "h", count: 1, priceUnit: 100, tax: "RATE_23" }],
      },
    }),
  ),
  "E5 createProject": op(gql`mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }`, (p) => ({
    input: {
      name: `Matrix ${p} ${++serial}`,
      dateStartPlanned: "2027-01-04T08:00:00Z",
      dateEndPlanned: "2027-06-30T16:00:00Z",
      isBlameableRemovalEnabled: false,
      status: "open",
      contractors: [d.contractorId],
    },
  })),
  "E6 taskChecklists": op(gql`query ($id: ID!) { taskChecklists(taskId: $id) { items { id } } }`, () => ({ id: d.taskId })),
  "E6 taskChecklists (another project)": async (p) => {
    const task = await t.db.task.findFirstOrThrow({ where: { projectId: other }, orderBy: { id: "asc" } });
    return rootAnswer(await t.gql(gql`query ($id: ID!) { taskChecklists(taskId: $id) { items { id } } }`, { id: task.id }, tokens[p]));
  },
  "E7 vacations": op(gql`{ vacations(itemsPerPage: 1) { items { id } } }`),
  "E8 users": op(gql`{ users(itemsPerPage: 1) { items { id } } }`),
  "E9 projectTemplate (public)": op(gql`query ($id: ID!) { projectTemplate(id: $id) { id } }`, () => ({ id: d.projectTemplateId })),
  "E9 projectTemplate (private, someone else's)": op(gql`query ($id: ID!) { projectTemplate(id: $id) { id } }`, () => ({
    id: d.privateProjectTemplateId,
  })),
  "E10 assignBoardUser": op(gql`mutation ($b: ID!, $u: ID!) { assignBoardUser(boardId: $b, userId: $u) { id } }`, () => ({
    b: d.boardId,
    u: d.userId,
  })),
  "E11 replaceRisk": op(gql`mutation ($id: ID!, $input: ReplaceRiskInput!) { replaceRisk(id: $id, input: $input) { id } }`, () => ({
    id: d.riskId,
    input: { name: "Opóźnienie dostawcy", probability: 3, project: d.projectId, projectUser: d.pmUserId },
  })),
  "E12 sharedTaskComments": op(gql`query ($t: String!) { sharedTaskComments(token: $t, itemsPerPage: 1) { items { id } } }`, () => ({
    t: d.sharedTaskToken,
  })),
  "E13 uploadExternalFiles": op(gql`mutation ($input: ExternalFileUploadInput!) { uploadExternalFiles(input: $input) { id } }`, () => ({
    input: {
      assignId: d.projectId,
      fileType: "project",
      files: [{ source: "link", path: "https://example.com/plan.pdf", displayedName: "Plan.pdf" }],
    },
  })),
  "E14 note": op(gql`query ($id: ID!) { note(id: $id) { id } }`, () => ({ id: d.noteId })),
  "E15 projectGantt": op(gql`query ($id: ID!) { projectGantt(id: $id) { id } }`, () => ({ id: d.projectId })),
  "E15 projectGantt (another project)": op(gql`query ($id: ID!) { projectGantt(id: $id) { id } }`, () => ({ id: other })),
  "E16 timesheetByUser (someone else's)": op(
    gql`query ($u: [ID!]) { timesheetByUser(dateStart: "2026-10-26T00:00:00Z", users: $u) { seconds } }`,
    () => ({ u: [d.pmUserId] }),
  ),
  "E16 timesheetByUser (own)": op(
    gql`query ($u: [ID!]) { timesheetByUser(dateStart: "2026-10-26T00:00:00Z", users: $u) { seconds } }`,
    (p) => ({ u: [who[p] || d.userId] }),
  ),
  "E17 projectSettings": op(gql`query ($id: ID!) { projectSettings(id: $id) { id } }`, () => ({ id: d.projectId })),
  "E17 projectSettings (another project)": op(gql`query ($id: ID!) { projectSettings(id: $id) { id } }`, () => ({ id: other })),
  "E18 createCurrencyDictionary": op(
    gql`mutation ($input: CreateCurrencyDictionaryInput!) { createCurrencyDictionary(input: $input) { id } }`,
    (p) => ({
      input: {
        name: `Matrix ${p}`,
        code: `Q${"ABCDEFGH"[PERSONAS.indexOf(p)]}${"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[++serial % 26]}`,
        isDefault: false,
      },
    }),
  ),
  "E19 updateTaskType": op(gql`mutation ($id: ID!) { updateTaskType(id: $id, input: { decorator: "#44a069" }) { id } }`, () => ({
    id: d.taskTypeId,
  })),
  "E20 createShortcut": op(
    gql`mutation { createShortcut(input: { name: "Matrix", viewUrl: "/projects", isOpenedInNewTab: false }) { id } }`,
  ),

  Project: entityRun("Project", () => d.projectId),
  "Project (another project)": entityRun("Project", () => other),
  "ProjectGantt (another project)": entityRun("ProjectGantt", () => other),
  "ProjectSettings (another project)": entityRun("ProjectSettings", () => other),
  "Stage (another project)": entityRun("Stage", () => ids.stage),
  "Milestone (another project)": entityRun("Milestone", () => ids.milestone),
  "GanttLink (another project)": entityRun("GanttLink", () => ids.ganttLink),
  "Risk (another project)": entityRun("Risk", () => ids.risk),
  "AssignedProjectUser (another project)": entityRun("AssignedProjectUser", () => ids.assignedProjectUser),
  "AssignedBoardUser (another project)": entityRun("AssignedBoardUser", () => ids.assignedBoardUser),
  "TaskChecklist (another project)": entityRun("TaskChecklist", () => ids.checklist),
  "TaskChecklistItem (another project)": entityRun("TaskChecklistItem", () => ids.checklistItem),
  "File (another project)": entityRun("File", () => ids.file),
  TaskComment: entityRun("TaskComment", () => d.commentWithRepliesId),
  TaskCommentMention: entityRun("TaskCommentMention", () => ids.mention),
  TaskCommentReaction: entityRun("TaskCommentReaction", () => ids.reaction),
  Invoice: entityRun("Invoice", () => d.invoiceId),
  "InvoiceIncome (booked to that PM's project)": entityRun("InvoiceIncome", () => ids.income),
  "InvoiceCost (booked to that PM's project)": entityRun("InvoiceCost", () => ids.cost),
  InvoiceNumbering: entityRun("InvoiceNumbering", () => d.invoiceNumberingId),
  ProjectNumbering: entityRun("ProjectNumbering", () => d.projectNumberingId),
  Note: entityRun("Note", () => d.noteId),
  NoteStatus: entityRun("NoteStatus", () => ids.noteStatus),
  NoteContractor: entityRun("NoteContractor", () => d.contractorId),
  Vacation: entityRun("Vacation", () => d.vacationId),
  VacationComment: entityRun("VacationComment", () => ids.vacationComment),
  VacationDate: entityRun("VacationDate", () => ids.vacationDate),
  "ProjectTemplate (public)": entityRun("ProjectTemplate", () => d.projectTemplateId),
  "ProjectTemplate (private, someone else's)": entityRun("ProjectTemplate", () => d.privateProjectTemplateId),
  "Shortcut (the admin's)": entityRun("Shortcut", () => ids.adminShortcut),
  AssignedChatTopicUser: entityRun("AssignedChatTopicUser", () => ids.membership),
  CurrencyDictionary: entityRun("CurrencyDictionary", () => d.currencyDictionaryId),
  CustomFieldDefinition: entityRun("CustomFieldDefinition", () => ids.customFieldDefinition),
  CustomFieldOption: entityRun("CustomFieldOption", () => ids.customFieldOption),
  TaskType: entityRun("TaskType", () => d.taskTypeId),
  VacationType: entityRun("VacationType", () => d.vacationTypeId),
  User: entityRun("User", () => d.userId),
  UserDepartment: entityRun("UserDepartment", () => ids.userDepartment),

  "AssignedProjectUser.hourlyRate": fieldRun(
    ENTITY_QUERY("AssignedProjectUser", "hourlyRate"),
    () => rep("AssignedProjectUser", ids.demoAssignment),
    (data) => data._entities[0].hourlyRate,
  ),
  "ProjectUserRef.hourlyRate (board member)": fieldRun(
    ENTITY_QUERY("AssignedBoardUser", "projectUser { hourlyRate }"),
    () => rep("AssignedBoardUser", ids.demoBoardUser),
    (data) => data._entities[0].projectUser.hourlyRate,
  ),
  "ProjectUserRef.hourlyRate (checklist leader, through _entities)": fieldRun(
    ENTITY_QUERY("TaskChecklist", "leader { hourlyRate }"),
    () => rep("TaskChecklist", ids.demoChecklist),
    (data) => data._entities[0].leader.hourlyRate,
  ),
  "ProjectUserRef.hourlyRate (timesheet)": fieldRun(
    gql`query ($u: [ID!]) { timesheetByUser(dateStart: "2026-10-26T00:00:00Z", users: $u) { projectUser { hourlyRate } } }`,
    () => ({ u: [d.userId] }),
    (data) => data.timesheetByUser[0].projectUser.hourlyRate,
  ),
  "Project.budget": fieldRun(
    ENTITY_QUERY("Project", "budget"),
    () => rep("Project", d.projectId),
    (data) => data._entities[0].budget,
  ),
  "ProjectGantt.budget": fieldRun(
    gql`query ($id: ID!) { projectGantt(id: $id) { budget } }`,
    () => ({ id: d.projectId }),
    (data) => data.projectGantt.budget,
  ),
  "User.phoneNumber": fieldRun(
    gql`query ($id: [ID!]) { users(filter: { id: $id }) { items { phoneNumber } } }`,
    () => ({ id: [d.pmUserId] }),
    (data) => data.users.items[0].phoneNumber,
  ),
  "RiskUserRef.phoneNumber": fieldRun(
    ENTITY_QUERY("Risk", "projectUser { phoneNumber }"),
    () => rep("Risk", d.riskId),
    (data) => data._entities[0].projectUser.phoneNumber,
  ),
  ...Object.fromEntries(
    ["twoFactorAuth", "allowApiTokenAuthentication", "lastActivity", "lastActivityMobile"].map((f) => [
      `User.${f}`,
      fieldRun(
        gql`query ($id: [ID!]) { users(filter: { id: $id }) { items { ${f} } } }`,
        () => ({ id: [d.userId] }),
        (data) => data.users.items[0][f],
      ),
    ]),
  ),
};

/** The text of the rule a row is about, as the schema declares it: a root field's `@Authorized` rules, an entity's read rule, a field's `@VisibleTo` rule. */
function ruleText(row: MatrixRow): string {
  if (row.kind === "document") return rules.unregisteredDocuments.text;
  const name = row.kind === "root" ? row.subject.split(" ")[1] : row.subject.split(" ")[0];
  if (row.kind === "root") {
    const declared = declaredRules(RESOLVERS).get(`Query.${name}`) ?? declaredRules(RESOLVERS).get(`Mutation.${name}`);
    return declared!.map((r) => r.text).join("; ");
  }
  if (row.kind === "entity") return ENTITIES.find((e) => e.typeName === name)!.read.rule.text;
  return fieldRules(t.app.schema).find((f) => f.coordinate === name)!.rule.text;
}

describe("the access matrix", () => {
  it("has a run for every row and a row for every run", () => {
    expect(Object.keys(RUNS).sort()).toEqual(POLICY_MATRIX.map((r) => r.subject).sort());
  });

  it("has a read rule for every entity, and a matrix row for every entity", () => {
    const entities = ENTITIES.map((e) => e.typeName).sort();
    expect(ENTITIES.filter((e) => !e.read?.rule.text).map((e) => e.typeName)).toEqual([]);
    const covered = new Set(POLICY_MATRIX.filter((r) => r.kind === "entity").map((r) => r.subject.split(" ")[0]));
    expect(entities.filter((e) => !covered.has(e))).toEqual([]);
  });

  it("has the field rules on exactly the sensitive fields, those of a summary type inherited by the types extending it", () => {
    const fields = fieldRules(t.app.schema).map((f) => `${f.coordinate}: ${f.rule.text}`);
    const phone = ["User", "UserRef", "ProjectUserRef", "CalendarUserRef", "RiskUserRef", "NoteUserRef"].map(
      (type) => `${type}.phoneNumber: staff, and each person their own`,
    );
    const security = ["twoFactorAuth", "allowApiTokenAuthentication", "lastActivity", "lastActivityMobile"].map(
      (f) => `User.${f}: the person, admins and HR`,
    );
    const rate = ["ProjectUserRef.hourlyRate", "AssignedProjectUser.hourlyRate"].map(
      (f) => `${f}: admins, finance and the project's managers, never a role listed in the project's hideHourlyRateForRoles`,
    );
    const budget = ["Project.budget", "ProjectGantt.budget"].map((f) => `${f}: admins, finance and the project's managers`);
    expect(fields.sort()).toEqual([...phone, ...security, ...rate, ...budget].sort());
  });

  it("is the table in the README", () => {
    const readme = readFileSync(join(__dirname, "..", "README.md"), "utf8");
    expect(readme).toContain(renderPolicyTable(ruleText));
  });

  // the rows whose seeded values must exist for "ok" to mean "shown"
  it("shows values that exist (a hidden field is not merely empty)", async () => {
    const board = await t.db.assignedBoardUser.findUniqueOrThrow({ where: { id: ids.demoBoardUser }, include: { user: true } });
    expect(board.user.hourlyRate).not.toBeNull();
    const checklist = await t.db.taskChecklist.findUniqueOrThrow({ where: { id: ids.demoChecklist }, include: { leader: true } });
    expect(checklist.leader?.hourlyRate).not.toBeNull();
    const project = await t.db.project.findUniqueOrThrow({ where: { id: d.projectId } });
    expect(project.budget).not.toBeNull();
  });

  for (const row of POLICY_MATRIX) {
    it(`${row.kind} ${row.subject}`, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await RUNS[row.subject](p);
      expect(got).toEqual(row.answers);
    });
  }
});
