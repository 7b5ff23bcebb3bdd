import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { getNamedType, isInputObjectType, print } from "graphql";
import { readFragments, withFragments } from "../src/rest/documents";
import { REST_ROUTES } from "../src/rest/routes";
import { createLogger } from "../src/observability/logger";
import { createTestApp, demoIds, type TestApp } from "./support/test-app";

/**
 * Issue 21: the interface's own REST paths (docs/spec/service-interface.md, section 4), answered
 * through the real HTTP layer by the same GraphQL server. Each of the twenty operations answers
 * what the same GraphQL operation answers, in the interface's names and values; every bracket
 * filter and order of E7 and E8 is run against its GraphQL equivalent; every error status.
 */
jest.setTimeout(120_000);

const d = demoIds;
let t: TestApp;
let base: string;
const fragments = readFragments();

beforeAll(async () => {
  t = await createTestApp();
  base = await t.url();
});
afterAll(() => t?.close());

/**
 * An OpenAPI document checked by @seriousme/openapi-schema-validator against the official
 * OpenAPI 3.1 schema (and JSON Schema 2020-12 for its schemas). The package is ES modules only,
 * which this CommonJS test runner cannot load, so its own command line runs it.
 */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const dir = mkdtempSync(join(tmpdir(), "wm-openapi-"));
  try {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    const cli = join(dirname(require.resolve("@seriousme/openapi-schema-validator/package.json")), "bin", "validate-api-cli.js");
    return JSON.parse(spawnSync(process.execPath, [cli, file], { encoding: "utf8" }).stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface RestAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** One REST call as a client makes it: the admin's token unless `token` says otherwise (null: none). */
async function rest(
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RestAnswer> {
  const token = options.token === undefined ? t.adminToken : options.token;
  const headers: Record<string, string> = { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...options.headers },
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** A GraphQL operation selecting the interface's shapes (the fragments of src/rest/documents), run as the admin or `token`. */
async function graphql(operation: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> {
  const result = await t.gql(print(withFragments(operation, fragments)), variables, token);
  expect(result.errors).toBeUndefined();
  // as the client reads it off the wire (date-times as text)
  return JSON.parse(JSON.stringify(Object.values(result.data ?? {})[0]));
}

/** The object GraphQL's _entities answers for `__typename` and `id`, with its fragment. */
async function entity(typename: string, id: string, token?: string): Promise<any> {
  const [value] = await graphql(
    `query($r: [_Any!]!) { _entities(representations: $r) { ... on ${typename} { ...${typename} } } }`,
    { r: [{ __typename: typename, id }] },
    token,
  );
  return value;
}

/** GraphQL's enum names in the interface's spelling: the only values the two sides write differently. */
const SPELLING: Record<string, string> = {
  RATE_23: "23",
  RATE_8: "8",
  RATE_5: "5",
  RATE_0: "0",
  leader_active: "leader-active",
  task_comment: "task-comment",
  in_preparation: "in-preparation",
};
function inInterfaceSpelling(value: unknown): unknown {
  if (typeof value === "string") return SPELLING[value] ?? value;
  if (Array.isArray(value)) return value.map(inInterfaceSpelling);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inInterfaceSpelling(v)]));
  return value;
}

/** A query string in the interface's bracket syntax, left readable (`order[lastName]=desc`) as clients send it. */
const qs = (pairs: Array<[string, string | number | boolean]>) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&");

describe("the twenty operations over REST answer what GraphQL answers", () => {
  it("E1 PATCH /chat/chat-topics/{topicId}/chat-users/{userId}: the membership (200)", async () => {
    const r = await rest("PATCH", `/chat/chat-topics/${d.chatTopicId}/chat-users/${d.chatUserId}`, {
      token: t.userToken,
      body: { isMutedIndefinitely: true, mutedUntil: null },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ isMutedIndefinitely: true, mutedUntil: null, chatUser: { id: d.chatUserId } });
    expect(r.body).toEqual(inInterfaceSpelling(await entity("AssignedChatTopicUser", r.body.id, t.userToken)));
  });

  it("E2 POST .../read-topic: marks the topic read; chatTopic as an IRI of the interface (200, not a creation)", async () => {
    const r = await rest("POST", `/chat/chat-topics/${d.chatTopicId}/chat-users/${d.chatUserId}/read-topic`, {
      token: t.userToken,
      body: { chatTopic: `/chat/chat-topics/${d.chatTopicId}`, lastReadMessage: d.chatMessageId },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ lastReadMessage: d.chatMessageId, isUnread: false });
    expect(r.body).toEqual(inInterfaceSpelling(await entity("AssignedChatTopicUser", r.body.id, t.userToken)));
  });

  it("E3 PATCH /project/stages/{id}: the stage (200)", async () => {
    const r = await rest("PATCH", `/project/stages/${d.stageId}`, { body: { description: "Changed over REST" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: d.stageId, description: "Changed over REST", project: d.projectId });
    expect(r.body).toEqual(inInterfaceSpelling(await entity("Stage", d.stageId)));
  });

  it("E4 POST /finance/invoices: tax rates as strings, 201 with the invoice", async () => {
    const r = await rest("POST", "/finance/invoices", {
      body: {
        invoiceType: "Vat",
        fileGeneratedLanguage: "pl",
        isDraft: false,
        numbering: d.invoiceNumberingId,
        buyerId: d.contractorId,
        buyerIdentifierType: "vat_eu",
        paymentMethod: "transfer_and_cash",
        items: [
          { positionName: "Wdrożenie", unit: "szt.", count: 2, priceUnit: 1000, tax: "23" },
          { positionName: "Szkolenie", count: 1, priceUnit: 100, tax: "zw", gtu: "GTU_12" },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      netAmount: 2100,
      vatAmount: 460,
      grossAmount: 2560,
      buyerIdentifierType: "vat_eu",
      paymentMethod: "transfer_and_cash",
    });
    expect(r.body.items.map((i: any) => i.tax)).toEqual(["23", "zw"]);
    expect(r.body).toEqual(inInterfaceSpelling(await entity("Invoice", r.body.id)));
  });

  it("E5 POST /project/projects: status in-preparation, 201 with the project", async () => {
    const r = await rest("POST", "/project/projects", {
      body: {
        name: "REST project",
        dateStartPlanned: "2027-01-04T08:00:00Z",
        dateEndPlanned: "2027-06-30T16:00:00Z",
        isBlameableRemovalEnabled: false,
        status: "in-preparation",
        contractors: [d.contractorId],
        projectTemplate: d.projectTemplateId,
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "REST project", status: "in-preparation" });
    expect(r.body.stageCount).toBeGreaterThan(0);
    expect(r.body).toEqual(inInterfaceSpelling(await entity("Project", r.body.id)));
  });

  it("E6 GET /project/tasks/{id}/task-checklists: a bare array, X-Total-Count and Link", async () => {
    const r = await rest("GET", `/project/tasks/${d.taskId}/task-checklists?itemsPerPage=2`);
    const g = await graphql(
      `query($id: ID!) { taskChecklists(taskId: $id, itemsPerPage: 2) { items { ...TaskChecklist } paginationInfo { totalCount lastPage } } }`,
      { id: d.taskId },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual(inInterfaceSpelling(g.items));
    expect(r.body).toHaveLength(2);
    expect(r.headers.get("x-total-count")).toBe(String(g.paginationInfo.totalCount));
    expect(r.headers.get("link")).toBe(
      [
        `</project/tasks/${d.taskId}/task-checklists?itemsPerPage=2&page=1>; rel="first"`,
        `</project/tasks/${d.taskId}/task-checklists?itemsPerPage=2&page=2>; rel="next"`,
        `</project/tasks/${d.taskId}/task-checklists?itemsPerPage=2&page=${g.paginationInfo.lastPage}>; rel="last"`,
      ].join(", "),
    );
    const second = await rest("GET", `/project/tasks/${d.taskId}/task-checklists?itemsPerPage=2&page=2`);
    expect(second.headers.get("link")).toContain(`page=1>; rel="prev"`);
    expect(second.body.map((c: any) => c.id)).not.toContain(r.body[0].id);
  });

  it("E7 GET /calendar/vacations: a page of vacations", async () => {
    const r = await rest("GET", "/calendar/vacations?itemsPerPage=5");
    const g = await graphql(`{ vacations(itemsPerPage: 5) { items { ...Vacation } paginationInfo { totalCount } } }`);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(5);
    expect(r.body).toEqual(inInterfaceSpelling(g.items));
    expect(Number(r.headers.get("x-total-count"))).toBe(g.paginationInfo.totalCount);
  });

  it("E8 GET /user/users: a page of users, 30 by default", async () => {
    const r = await rest("GET", "/user/users");
    const g = await graphql(`{ users { items { ...User } paginationInfo { totalCount } } }`);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(30);
    expect(r.body).toEqual(inInterfaceSpelling(g.items));
    expect(Number(r.headers.get("x-total-count"))).toBe(g.paginationInfo.totalCount);
  });

  it("E9 GET /project/project-templates/{id}", async () => {
    const r = await rest("GET", `/project/project-templates/${d.projectTemplateId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(
      inInterfaceSpelling(
        await graphql(`query($id: ID!) { projectTemplate(id: $id) { ...ProjectTemplate } }`, { id: d.projectTemplateId }),
      ),
    );
    expect(r.body.savedCustomFieldValues.length).toBeGreaterThan(0);
  });

  it("E10 PATCH /project/boards/{boardId}/assigned-board-users/{userId}: role leader-active", async () => {
    const r = await rest("PATCH", `/project/boards/${d.boardId}/assigned-board-users/${d.pmUserId}`, { body: { role: "leader-active" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ role: "leader-active", board: d.boardId, projectUser: { id: d.pmUserId } });
    expect(r.body).toEqual(inInterfaceSpelling(await entity("AssignedBoardUser", r.body.id)));
  });

  it("E11 PUT /project/risks/{id}: the risk replaced", async () => {
    const r = await rest("PUT", `/project/risks/${d.riskId}`, {
      body: { name: "Opóźnienie dostawcy", probability: 4, project: d.projectId, type: d.riskTypeId, impact: d.riskImpactId },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ probability: 4, type: d.riskTypeId, stage: null, description: null });
    expect(r.body).toEqual(inInterfaceSpelling(await entity("Risk", d.riskId)));
  });

  it("E12 GET /project/tasks/shared/{token}/task-comments: replies, newest first", async () => {
    const r = await rest(
      "GET",
      `/project/tasks/shared/${d.sharedTaskToken}/task-comments?${qs([
        ["repliesTo", d.commentWithRepliesId],
        ["order[createdAt]", "desc"],
      ])}`,
    );
    const g = await graphql(
      `query($token: String!, $to: ID) { sharedTaskComments(token: $token, repliesTo: $to, order: DESC) { items { ...TaskComment } } }`,
      {
        token: d.sharedTaskToken,
        to: d.commentWithRepliesId,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(1);
    expect(r.body).toEqual(inInterfaceSpelling(g.items));
    const ascending = await rest(
      "GET",
      `/project/tasks/shared/${d.sharedTaskToken}/task-comments?${qs([
        ["repliesTo", d.commentWithRepliesId],
        ["order[createdAt]", "asc"],
      ])}`,
    );
    expect(ascending.body.map((c: any) => c.id)).toEqual(r.body.map((c: any) => c.id).reverse());
  });

  it("E13 POST /project/external-file-upload: fileType task, 201 with the files", async () => {
    const r = await rest("POST", "/project/external-file-upload", {
      body: {
        assignId: d.taskId,
        fileType: "task",
        files: [{ source: "link", path: "https://example.com/specs/plan.pdf", displayedName: "Plan.pdf" }],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual([expect.objectContaining({ type: "task", extension: "pdf", task: expect.objectContaining({ id: d.taskId }) })]);
    expect(r.body[0]).toEqual(inInterfaceSpelling(await entity("File", r.body[0].id)));
  });

  it("E14 GET /crm/notes/{id}", async () => {
    const r = await rest("GET", `/crm/notes/${d.noteId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(inInterfaceSpelling(await graphql(`query($id: ID!) { note(id: $id) { ...Note } }`, { id: d.noteId })));
  });

  it("E15 GET /project/projects/{id}/get-gantt: tasks only with showTasks=true", async () => {
    const g = await graphql(
      `query($id: ID!) { projectGantt(id: $id) { id project { ...GanttProject } budget timePlanned timeReported stages { ...GanttStage } boards { ...GanttBoard } milestones { ...Milestone } links { ...GanttLink } tasks { ...GanttTask } } }`,
      { id: d.projectId },
    );
    const without = await rest("GET", `/project/projects/${d.projectId}/get-gantt`);
    expect(without.status).toBe(200);
    const { tasks, ...rest_ } = g;
    expect(without.body).toEqual(inInterfaceSpelling(rest_));
    const withTasks = await rest("GET", `/project/projects/${d.projectId}/get-gantt?showTasks=true`);
    expect(withTasks.body).toEqual(inInterfaceSpelling(g));
    expect(tasks.length).toBeGreaterThan(0);
  });

  it("E16 GET /project/reported-times/timesheet-by-user: users[] and dateStart", async () => {
    const g = await graphql(`{ timesheetByUser(dateStart: "2026-10-26T00:00:00Z") { ...TimesheetEntry } }`);
    expect(g.length).toBeGreaterThan(1);
    const all = await rest("GET", `/project/reported-times/timesheet-by-user?${qs([["dateStart", "2026-10-26T00:00:00Z"]])}`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual(inInterfaceSpelling(g));
    const two = g.slice(0, 2).map((e: any) => e.projectUser.id);
    const some = await rest(
      "GET",
      `/project/reported-times/timesheet-by-user?${qs([
        ["dateStart", "2026-10-26T00:00:00Z"],
        ["users[]", two[0]],
        ["users[]", two[1]],
      ])}`,
    );
    expect(some.body.map((e: any) => e.projectUser.id).sort()).toEqual([...two].sort());
  });

  it("E17 GET /project/project-settings/{id}", async () => {
    const r = await rest("GET", `/project/project-settings/${d.projectId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(
      inInterfaceSpelling(await graphql(`query($id: ID!) { projectSettings(id: $id) { ...ProjectSettings } }`, { id: d.projectId })),
    );
  });

  it("E18 POST /finance/currency-dictionaries: isDefault as the interface's number, 201", async () => {
    const r = await rest("POST", "/finance/currency-dictionaries", { body: { name: "Norwegian krone", code: "NOK", isDefault: 0 } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ code: "NOK", isDefault: false });
    expect(r.body).toEqual(await entity("CurrencyDictionary", r.body.id));
  });

  it("E19 PATCH /project/task-types/{id}", async () => {
    const r = await rest("PATCH", `/project/task-types/${d.taskTypeId}`, { body: { decorator: "#44a069" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: d.taskTypeId, decorator: "#44a069" });
    expect(r.body).toEqual(await entity("TaskType", d.taskTypeId));
  });

  it("E20 POST /user/shortcuts: 201 with the shortcut", async () => {
    const r = await rest("POST", "/user/shortcuts", { body: { name: "Gantt", viewUrl: "/projects/gantt", isOpenedInNewTab: true } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Gantt", isOpenedInNewTab: true });
    expect(r.body).toEqual(await entity("Shortcut", r.body.id));
  });

  it("selects every field of each type (the REST answer leaves nothing of the GraphQL type out)", () => {
    for (const [name, fragment] of fragments) {
      const type = t.app.schema.getType(fragment.typeCondition.name.value) as import("graphql").GraphQLObjectType;
      const selected = fragment.selectionSet.selections.flatMap((s) => (s.kind === "Field" ? [s.name.value] : []));
      // InvoiceFields is an invoice without its related invoices, which the Invoice fragment adds
      const related = ["invoice", "corrects", "prevCorrect"];
      const expected = Object.keys(type.getFields()).filter((f) => name !== "InvoiceFields" || !related.includes(f));
      if (name === "Invoice") expect(selected.sort()).toEqual([...related].sort());
      else expect([name, selected]).toEqual([name, expected]);
    }
  });

  it("the route table is the interface's twenty paths and methods, in its order", () => {
    expect(REST_ROUTES.map((r) => `${r.id} ${r.method} ${r.path}`)).toEqual([
      "E1 PATCH /chat/chat-topics/{topicId}/chat-users/{userId}",
      "E2 POST /chat/chat-topics/{topicId}/chat-users/{userId}/read-topic",
      "E3 PATCH /project/stages/{id}",
      "E4 POST /finance/invoices",
      "E5 POST /project/projects",
      "E6 GET /project/tasks/{id}/task-checklists",
      "E7 GET /calendar/vacations",
      "E8 GET /user/users",
      "E9 GET /project/project-templates/{id}",
      "E10 PATCH /project/boards/{boardId}/assigned-board-users/{userId}",
      "E11 PUT /project/risks/{id}",
      "E12 GET /project/tasks/shared/{token}/task-comments",
      "E13 POST /project/external-file-upload",
      "E14 GET /crm/notes/{id}",
      "E15 GET /project/projects/{id}/get-gantt",
      "E16 GET /project/reported-times/timesheet-by-user",
      "E17 GET /project/project-settings/{id}",
      "E18 POST /finance/currency-dictionaries",
      "E19 PATCH /project/task-types/{id}",
      "E20 POST /user/shortcuts",
    ]);
  });
});

/** A date bound of vacationDates.date in the type the schema takes (a Date, or a DateTime at midnight UTC). */
function dayBound(day: string): string {
  const filter = t.app.schema.getType("VacationFilter");
  const range = isInputObjectType(filter) ? getNamedType(filter.getFields().vacationDatesDate.type) : undefined;
  const type = isInputObjectType(range) ? getNamedType(range.getFields().after.type).name : "DateTime";
  return type === "Date" ? day : `${day}T00:00:00Z`;
}

describe("E7 and E8: every filter and order in bracket syntax, as the GraphQL filter it stands for", () => {
  /**
   * The ids REST answers for `query` and those GraphQL answers for `args`: equal, and the REST
   * ones returned. Users come all at once (pagination=false); vacations a page of 100, as every
   * vacation with its comments and dates at the unpaginated bound costs more than MAX_QUERY_COST.
   */
  async function same(
    path: string,
    query: Array<[string, string | number | boolean]>,
    field: "vacations" | "users",
    args: string,
    variables: Record<string, unknown> = {},
  ) {
    const paging: [string, string | number | boolean] = field === "users" ? ["pagination", false] : ["itemsPerPage", 100];
    const r = await rest("GET", `${path}?${qs([paging, ...query])}`);
    expect([r.status, r.body?.detail]).toEqual([200, undefined]);
    const declared = Object.entries(variables).map(([k]) => `$${k}: ${VARIABLE_TYPES[k]}`);
    const gqlPaging = field === "users" ? "pagination: false" : "itemsPerPage: 100";
    const g = await graphql(
      `query${declared.length ? `(${declared.join(", ")})` : ""} { ${field}(${gqlPaging}${args ? `, ${args}` : ""}) { items { id } } }`,
      variables,
    );
    expect(r.body.map((x: any) => x.id)).toEqual(g.items.map((x: any) => x.id));
    return r.body as any[];
  }
  const VARIABLE_TYPES: Record<string, string> = { vf: "VacationFilter", uf: "UserFilter", vo: "[VacationOrder!]", uo: "[UserOrder!]" };

  let vacations: any[];
  let users: any[];
  beforeAll(async () => {
    vacations = (
      await graphql(
        `{ vacations(pagination: false) { items { id description calendarUser { id } vacationYear status vacationType { id isActive } issueDate vacationDates { date } } } }`,
      )
    ).items;
    users = (
      await graphql(
        `{ users(pagination: false) { items { id lastName jobPosition contractorId userDepartments { department { id } isLeader } ssoProviders { id } } } }`,
      )
    ).items;
  });

  const E7: Array<[string, () => [Array<[string, string | number | boolean]>, Record<string, unknown>]]> = [
    ["search", () => [[["search", "urlop"]], { search: "urlop" }]],
    ["calendarUser", () => [[["calendarUser", vacations[0].calendarUser.id]], { calendarUser: [vacations[0].calendarUser.id] }]],
    [
      "calendarUser[]",
      () => {
        const ids = [
          vacations[0].calendarUser.id,
          vacations.find((v) => v.calendarUser.id !== vacations[0].calendarUser.id).calendarUser.id,
        ];
        return [ids.map((id) => ["calendarUser[]", id]), { calendarUser: ids }];
      },
    ],
    ["vacationYear", () => [[["vacationYear", vacations[0].vacationYear]], { vacationYear: [vacations[0].vacationYear] }]],
    [
      "vacationYear[]",
      () => [
        [
          ["vacationYear[]", 2025],
          ["vacationYear[]", 2026],
        ],
        { vacationYear: [2025, 2026] },
      ],
    ],
    ["status", () => [[["status", "q"]], { status: ["q"] }]],
    [
      "status[]",
      () => [
        [
          ["status[]", "accepted"],
          ["status[]", "rejected"],
        ],
        { status: ["accepted", "rejected"] },
      ],
    ],
    ["vacationType", () => [[["vacationType", vacations[0].vacationType.id]], { vacationType: [vacations[0].vacationType.id] }]],
    ["vacationType[]", () => [[["vacationType[]", vacations[0].vacationType.id]], { vacationType: [vacations[0].vacationType.id] }]],
    ["issueDate", () => [[["issueDate", vacations[0].issueDate]], { issueDate: [vacations[0].issueDate] }]],
    [
      "issueDate[]",
      () => [
        [
          ["issueDate[]", vacations[0].issueDate],
          ["issueDate[]", vacations[1].issueDate],
        ],
        { issueDate: [vacations[0].issueDate, vacations[1].issueDate] },
      ],
    ],
    ["vacationType.isActive", () => [[["vacationType.isActive", false]], { vacationTypeIsActive: [false] }]],
    ["vacationType.isActive[]", () => [[["vacationType.isActive[]", true]], { vacationTypeIsActive: [true] }]],
    ["calendarUser.canLogIn", () => [[["calendarUser.canLogIn", true]], { calendarUserCanLogIn: true }]],
    [
      "vacationDates.date[before]",
      () => [[["vacationDates.date[before]", dayBound("2026-06-01")]], { vacationDatesDate: { before: dayBound("2026-06-01") } }],
    ],
    [
      "vacationDates.date[strictly_before]",
      () => [
        [["vacationDates.date[strictly_before]", dayBound("2026-06-01")]],
        { vacationDatesDate: { strictlyBefore: dayBound("2026-06-01") } },
      ],
    ],
    [
      "vacationDates.date[after]",
      () => [[["vacationDates.date[after]", dayBound("2026-06-01")]], { vacationDatesDate: { after: dayBound("2026-06-01") } }],
    ],
    [
      "vacationDates.date[strictly_after]",
      () => [
        [["vacationDates.date[strictly_after]", dayBound("2026-06-01")]],
        { vacationDatesDate: { strictlyAfter: dayBound("2026-06-01") } },
      ],
    ],
  ];
  it.each(E7.map(([name, make]) => [name, make] as const))("E7 filter %s", async (_name, make) => {
    const [query, filter] = make();
    const found = await same("/calendar/vacations", query, "vacations", "filter: $vf", { vf: filter });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(vacations.length);
  });

  it.each(["vacationYear", "status", "vacationType.name", "issueDate", "createdAt", "updatedAt", "vacationDates.date"])(
    "E7 order[%s], asc and desc",
    async (key) => {
      const field = { "vacationType.name": "vacationTypeName", "vacationDates.date": "vacationDatesDate" }[key] ?? key;
      const desc = await same("/calendar/vacations", [[`order[${key}]`, "desc"]], "vacations", "order: $vo", { vo: [{ [field]: "DESC" }] });
      const asc = await same("/calendar/vacations", [[`order[${key}]`, "asc"]], "vacations", "order: $vo", { vo: [{ [field]: "ASC" }] });
      expect(desc.map((v) => v.id)).not.toEqual(asc.map((v) => v.id));
    },
  );

  it("E7: several order keys apply in the order given, with filters and a page", async () => {
    await same(
      "/calendar/vacations",
      [
        ["order[status]", "desc"],
        ["order[vacationYear]", "asc"],
      ],
      "vacations",
      "order: $vo",
      { vo: [{ status: "DESC" }, { vacationYear: "ASC" }] },
    );
    await same(
      "/calendar/vacations",
      [
        ["order[vacationYear]", "asc"],
        ["order[status]", "desc"],
      ],
      "vacations",
      "order: $vo",
      { vo: [{ vacationYear: "ASC" }, { status: "DESC" }] },
    );
    const page = await rest(
      "GET",
      `/calendar/vacations?${qs([
        ["status", "q"],
        ["order[createdAt]", "desc"],
        ["page", 2],
        ["itemsPerPage", 3],
      ])}`,
    );
    const g = await graphql(
      `{ vacations(filter: { status: ["q"] }, order: [{ createdAt: DESC }], page: 2, itemsPerPage: 3) { items { id } paginationInfo { totalCount } } }`,
    );
    expect(page.body.map((v: any) => v.id)).toEqual(g.items.map((v: any) => v.id));
    expect(page.headers.get("x-total-count")).toBe(String(g.paginationInfo.totalCount));
  });

  const E8: Array<[string, () => [Array<[string, string | number | boolean]>, Record<string, unknown>]]> = [
    ["search", () => [[["search", users[0].lastName.slice(0, 4)]], { search: users[0].lastName.slice(0, 4) }]],
    ["isUsingMobile", () => [[["isUsingMobile", true]], { isUsingMobile: true }]],
    ["isExternal", () => [[["isExternal", true]], { isExternal: true }]],
    ["canLogIn", () => [[["canLogIn", false]], { canLogIn: false }]],
    [
      "hasRole[]",
      () => [
        [
          ["hasRole[]", "pm"],
          ["hasRole[]", "hr"],
        ],
        { hasRole: ["pm", "hr"] },
      ],
    ],
    [
      "hasRoleSet[]",
      () => [
        [
          ["hasRoleSet[]", "pm"],
          ["hasRoleSet[]", "user"],
        ],
        { hasRoleSet: ["pm", "user"] },
      ],
    ],
    [
      "jobPosition",
      () => [
        [["jobPosition", users.find((u) => u.jobPosition).jobPosition]],
        { jobPosition: [users.find((u) => u.jobPosition).jobPosition] },
      ],
    ],
    [
      "jobPosition[]",
      () => [
        [["jobPosition[]", users.find((u) => u.jobPosition).jobPosition]],
        { jobPosition: [users.find((u) => u.jobPosition).jobPosition] },
      ],
    ],
    [
      "contractorId",
      () => [
        [["contractorId", users.find((u) => u.contractorId).contractorId]],
        { contractorId: [users.find((u) => u.contractorId).contractorId] },
      ],
    ],
    [
      "contractorId[]",
      () => [
        [["contractorId[]", users.find((u) => u.contractorId).contractorId]],
        { contractorId: [users.find((u) => u.contractorId).contractorId] },
      ],
    ],
    [
      "id[]",
      () => [
        [
          ["id[]", users[0].id],
          ["id[]", users[1].id],
        ],
        { id: [users[0].id, users[1].id] },
      ],
    ],
    ["excludeIds[]", () => [[["excludeIds[]", users[0].id]], { excludeIds: [users[0].id] }]],
    ["excludeDepartmentIds[]", () => [[["excludeDepartmentIds[]", d.departmentId]], { excludeDepartmentIds: [d.departmentId] }]],
    ["userDepartments.department", () => [[["userDepartments.department", d.departmentId]], { department: [d.departmentId] }]],
    ["userDepartments.department[]", () => [[["userDepartments.department[]", d.departmentId]], { department: [d.departmentId] }]],
    ["exists[userDepartments]", () => [[["exists[userDepartments]", false]], { existsUserDepartments: false }]],
    ["exists[ssoProvider]", () => [[["exists[ssoProvider]", true]], { existsSsoProvider: true }]],
    [
      "ssoProviderIds",
      () => [
        [["ssoProviderIds", users.find((u) => u.ssoProviders.length).ssoProviders[0].id]],
        { ssoProviderIds: [users.find((u) => u.ssoProviders.length).ssoProviders[0].id] },
      ],
    ],
  ];
  it.each(E8.map(([name, make]) => [name, make] as const))("E8 filter %s", async (_name, make) => {
    const [query, filter] = make();
    const found = await same("/user/users", query, "users", "filter: $uf", { uf: filter });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(users.length);
  });

  it("E8 userDepartmentLeaderOrder[<departmentId>]: that department's leaders first (asc) or last (desc)", async () => {
    for (const direction of ["asc", "desc"]) {
      const found = await same("/user/users", [[`userDepartmentLeaderOrder[${d.departmentId}]`, direction]], "users", "filter: $uf", {
        uf: { userDepartmentLeaderOrder: { departmentId: d.departmentId, direction: direction.toUpperCase() } },
      });
      const leaders = new Set(
        users.filter((u) => u.userDepartments.some((x: any) => x.department.id === d.departmentId && x.isLeader)).map((u) => u.id),
      );
      expect(leaders.size).toBeGreaterThan(0);
      const at = direction === "asc" ? found.slice(0, leaders.size) : found.slice(-leaders.size);
      expect(new Set(at.map((u) => u.id))).toEqual(leaders);
    }
  });

  it.each(["lastName", "firstName", "createdAt", "updatedAt"])("E8 order[%s], asc and desc", async (key) => {
    const desc = await same("/user/users", [[`order[${key}]`, "desc"]], "users", "order: $uo", { uo: [{ [key]: "DESC" }] });
    const asc = await same("/user/users", [[`order[${key}]`, "asc"]], "users", "order: $uo", { uo: [{ [key]: "ASC" }] });
    expect(desc.map((u) => u.id)).not.toEqual(asc.map((u) => u.id));
  });

  it("page, itemsPerPage (0..100, default 30) and pagination=false", async () => {
    const zero = await rest("GET", "/user/users?itemsPerPage=0");
    expect([zero.status, zero.body]).toEqual([200, []]);
    expect(Number(zero.headers.get("x-total-count"))).toBe(users.length);
    const hundred = await rest("GET", "/user/users?itemsPerPage=100&page=1");
    expect(hundred.body).toHaveLength(Math.min(100, users.length));
    const all = await rest("GET", "/user/users?pagination=false");
    expect(all.body).toHaveLength(users.length);
    expect(all.headers.get("link")).toBeNull();
    const checklists = await rest("GET", `/project/tasks/${d.taskId}/task-checklists?pagination=false`);
    expect([checklists.status, checklists.body.length]).toEqual([200, Number(checklists.headers.get("x-total-count"))]);
    // every vacation with its comments, dates and people at the unpaginated bound costs more than
    // the default MAX_QUERY_COST (README, REST interface): refused as the GraphQL side refuses it
    const everyVacation = await rest("GET", "/calendar/vacations?pagination=false");
    expect([everyVacation.status, everyVacation.body.code]).toEqual([400, "QUERY_TOO_COMPLEX"]);
    expect((await rest("GET", "/calendar/vacations?itemsPerPage=100")).status).toBe(200);
    // unknown parameters are ignored; booleans may be 1 and 0
    const ignored = await rest("GET", "/user/users?itemsPerPage=2&_=1732600000&utm_source=x");
    expect([ignored.status, ignored.body.length]).toEqual([200, 2]);
    const ones = await rest(
      "GET",
      `/user/users?${qs([
        ["pagination", 0],
        ["exists[userDepartments]", 1],
      ])}`,
    );
    const trues = await rest(
      "GET",
      `/user/users?${qs([
        ["pagination", false],
        ["exists[userDepartments]", true],
      ])}`,
    );
    expect(ones.body.map((u: any) => u.id)).toEqual(trues.body.map((u: any) => u.id));
    expect(ones.body.length).toBeLessThan(users.length);
    const over = await rest("GET", "/user/users?itemsPerPage=101");
    expect(over.status).toBe(422);
    expect(over.body.violations).toEqual([expect.objectContaining({ propertyPath: "itemsPerPage" })]);
  });
});

describe("errors as problem details with the HTTP status", () => {
  it("401 without a token or with an unknown one; the token works with or without Bearer", async () => {
    for (const token of [null, "wm_not_a_token_at_all_000000000"]) {
      const r = await rest("GET", `/crm/notes/${d.noteId}`, { token });
      expect(r.status).toBe(401);
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(r.body).toMatchObject({ status: 401, code: "UNAUTHENTICATED", title: "Unauthorized" });
    }
    const bare = await rest("GET", `/crm/notes/${d.noteId}`, { token: null, headers: { authorization: t.adminToken } });
    expect(bare.status).toBe(200);
  });

  it("403 when the policy refuses (an ordinary user updating a stage); nothing changes", async () => {
    const r = await rest("PATCH", `/project/stages/${d.stageId}`, { token: t.userToken, body: { name: "Not allowed" } });
    expect([r.status, r.body.code]).toEqual([403, "FORBIDDEN"]);
    expect((await t.db.stage.findUniqueOrThrow({ where: { id: d.stageId } })).name).not.toBe("Not allowed");
  });

  it("404 for a missing resource and for one the caller may not see, the same answer; and for a malformed id", async () => {
    const external = await t.db.user.findFirstOrThrow({
      where: {
        isExternal: true,
        canLogIn: true,
        allowApiTokenAuthentication: true,
        projectAssignments: { some: { projectId: d.projectId } },
      },
    });
    const { issueToken } = await import("../src/auth/tokens");
    const token = await issueToken(t.db, external.id, { name: "rest" });
    const hidden = await t.db.project.findFirstOrThrow({ where: { assignments: { none: { userId: external.id } } } });
    const missing = await rest("GET", "/project/projects/00000000-0000-4000-8000-000000000000/get-gantt", { token });
    const notVisible = await rest("GET", `/project/projects/${hidden.id}/get-gantt`, { token });
    expect(missing.status).toBe(404);
    expect(notVisible.status).toBe(404);
    expect(notVisible.body).toEqual(missing.body);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", status: 404 });
    const malformed = await rest("GET", "/crm/notes/not-a-uuid");
    expect([malformed.status, malformed.body.code]).toEqual([404, "NOT_FOUND"]);
    expect(malformed.text).not.toContain("not-a-uuid");
    const unknownPath = await rest("GET", "/project/nothing-here");
    expect([unknownPath.status, unknownPath.body.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("405 with Allow for a method the path does not take", async () => {
    const r = await rest("DELETE", `/crm/notes/${d.noteId}`);
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET, HEAD");
    const post = await rest("GET", "/user/shortcuts");
    expect([post.status, post.headers.get("allow")]).toEqual([405, "POST"]);
    const head = await rest("HEAD", `/crm/notes/${d.noteId}`);
    expect([head.status, head.text]).toEqual([200, ""]);
  });

  it("400 for a body that is not JSON or not an object, 415 for one that is not sent as JSON, 413 for one too large", async () => {
    const broken = await rest("POST", "/user/shortcuts", { body: '{"name": "x", ' });
    expect([broken.status, broken.body.code]).toEqual([400, "BAD_REQUEST"]);
    const list = await rest("POST", "/user/shortcuts", { body: [{ name: "x" }] });
    expect([list.status, list.body.code]).toEqual([400, "BAD_REQUEST"]);
    const text = await rest("POST", "/user/shortcuts", { body: "name=x", headers: { "content-type": "text/plain" } });
    expect([text.status, text.body.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const large = await rest("POST", "/user/shortcuts", {
      body: { name: "x".repeat(t.config.maxBodyBytes + 10), viewUrl: "/x", isOpenedInNewTab: true },
    });
    expect([large.status, large.body.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(await t.db.shortcut.count({ where: { name: "x" } })).toBe(0);
  });

  it("422 with every broken rule by the interface's names, never echoing the values", async () => {
    const r = await rest("POST", "/finance/invoices", {
      body: {
        invoiceType: "Vat",
        fileGeneratedLanguage: "pl",
        items: [{ positionName: "A", count: -1, priceUnit: 10, tax: "24" }],
        buyerAccountingEmail: "secret-not-an-email",
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("BAD_USER_INPUT");
    expect(r.body.violations.map((v: any) => v.propertyPath)).toEqual(["items[0].tax"]);
    expect(r.text).not.toContain('"24"');
    const rules = await rest("POST", "/finance/invoices", {
      body: {
        invoiceType: "Vat",
        fileGeneratedLanguage: "pl",
        items: [{ positionName: "A", count: -1, priceUnit: 10, tax: "23" }],
        buyerAccountingEmail: "secret-not-an-email",
      },
    });
    expect(rules.status).toBe(422);
    expect(rules.body.violations.map((v: any) => v.propertyPath).sort()).toEqual(["buyerAccountingEmail", "items[0].count"]);
    expect(rules.text).not.toContain("secret-not-an-email");

    const query = await rest(
      "GET",
      `/calendar/vacations?${qs([
        ["vacationDates.date[after]", "secret-not-a-date"],
        ["calendarUser.canLogIn", "perhaps"],
      ])}`,
    );
    expect(query.status).toBe(422);
    expect(query.body.violations.map((v: any) => v.propertyPath).sort()).toEqual(["calendarUser.canLogIn", "vacationDates.date[after]"]);
    expect(query.text).not.toContain("secret-not-a-date");
    const missing = await rest("GET", "/project/reported-times/timesheet-by-user");
    expect(missing.status).toBe(422);
    expect(missing.body.violations).toEqual([expect.objectContaining({ propertyPath: "dateStart" })]);
    const stage = await rest("PATCH", `/project/stages/${d.stageId}`, { body: { stageType: "00000000-0000-4000-8000-000000000000" } });
    expect(stage.status).toBe(422);
    expect(stage.body.violations).toEqual([{ propertyPath: "stageType", message: expect.stringContaining("not found") }]);
    const status = await rest("POST", "/project/projects", {
      body: {
        name: "P",
        dateStartPlanned: "2027-01-04T08:00:00Z",
        dateEndPlanned: "2027-06-30T16:00:00Z",
        isBlameableRemovalEnabled: false,
        status: "in_preparation_typo",
        contractors: [],
      },
    });
    expect(status.status).toBe(422);
    expect(status.body.violations.map((v: any) => v.propertyPath)).toEqual(["status"]);
  });

  it("409 for a conflict (a currency code that exists)", async () => {
    const r = await rest("POST", "/finance/currency-dictionaries", { body: { name: "Złoty again", code: "PLN", isDefault: false } });
    expect([r.status, r.body.code]).toEqual([409, "CONFLICT"]);
  });
});

describe("one server: the GraphQL side's limits, logs and metrics count REST calls", () => {
  it("a REST call is priced and refused like the GraphQL operation (QUERY_TOO_COMPLEX, HTTP 400)", async () => {
    const small = await createTestApp({ MAX_QUERY_COST: "500" });
    try {
      const url = await small.url();
      const r = await fetch(`${url}/user/users?itemsPerPage=100`, { headers: { authorization: small.adminToken } });
      const body = (await r.json()) as any;
      expect([r.status, body.code]).toEqual([400, "QUERY_TOO_COMPLEX"]);
      expect(body.detail).toMatch(
        /^The answer asked for would cost \d+; the server admits 500 \(MAX_QUERY_COST\)\. Ask for a smaller page/,
      );
      const few = await fetch(`${url}/user/users?itemsPerPage=1`, { headers: { authorization: small.adminToken } });
      expect(few.status).toBe(200);
    } finally {
      await small.close();
    }
  });

  /** An app whose request log lines are kept in `lines`. */
  async function loggedApp(env: Record<string, string> = {}) {
    const lines: any[] = [];
    const app = await createTestApp(env, { logger: createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }) });
    return { app, lines, url: await app.url() };
  }

  it("logs one line per REST call: its path, status, caller and operation with cost", async () => {
    // a quick success has its line at info only with LOG_SLOW_REQUEST_MS=0 (the full access log)
    const { app, lines, url } = await loggedApp({ LOG_SLOW_REQUEST_MS: "0" });
    try {
      const r = await fetch(`${url}/crm/notes/${d.noteId}`, { headers: { authorization: app.adminToken } });
      expect(r.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const line = lines.find((l) => l.msg === "request" && l.path === `/crm/notes/${d.noteId}`);
      expect(line).toMatchObject({ method: "GET", status: 200, callerId: d.adminUserId, operations: [{ name: "note", errorCodes: [] }] });
      expect(line.operations[0].cost).toBeGreaterThan(1);
      expect(JSON.stringify(lines)).not.toContain(app.adminToken);
    } finally {
      await app.close();
    }
  });

  it("shares the request's time budget: past REQUEST_TIMEOUT_MS a REST call answers 503 REQUEST_TIMEOUT, the GraphQL operation's own error", async () => {
    const { app, lines, url } = await loggedApp({ REQUEST_TIMEOUT_MS: "10" });
    try {
      // a hundred vacations with their people, comments and dates: far more than 10 ms of work
      const r = await fetch(`${url}/calendar/vacations?itemsPerPage=100`, { headers: { authorization: app.adminToken } });
      const body = (await r.json()) as any;
      expect([r.status, body.code]).toEqual([503, "REQUEST_TIMEOUT"]);
      expect(body.detail).toContain("10 ms");
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.find((l) => l.msg === "request" && l.path === "/calendar/vacations")).toMatchObject({
        status: 503,
        operations: [{ name: "vacations", errorCodes: ["REQUEST_TIMEOUT"] }],
      });
    } finally {
      await app.close();
    }
  });

  it("answers CORS for the REST paths as for /graphql: an allowed origin's preflight for PATCH, and its GET", async () => {
    const origin = "http://app.example.test:5173";
    const app = await createTestApp({ CORS_ORIGINS: origin });
    try {
      const url = await app.url();
      const preflight = await fetch(`${url}/project/stages/${d.stageId}`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "PATCH", "access-control-request-headers": "authorization,content-type" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
      expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
      const get = await fetch(`${url}/crm/notes/${d.noteId}`, { headers: { origin, authorization: app.adminToken } });
      expect([get.status, get.headers.get("access-control-allow-origin")]).toEqual([200, origin]);
    } finally {
      await app.close();
    }
  });

  it("lets a page of an allowed origin read a collection's X-Total-Count and Link, and a 405's Allow", async () => {
    const origin = "http://app.example.test:5173";
    const app = await createTestApp({ CORS_ORIGINS: origin });
    try {
      const url = await app.url();
      const exposed = (r: Response) => (r.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(",");
      const page = await fetch(`${url}/user/users?itemsPerPage=1`, { headers: { origin, authorization: app.adminToken } });
      expect(page.status).toBe(200);
      expect(page.headers.get("x-total-count")).not.toBeNull();
      expect(page.headers.get("link")).toContain('rel="next"');
      expect(exposed(page)).toEqual(expect.arrayContaining(["x-request-id", "x-total-count", "link", "allow"]));
      const refused = await fetch(`${url}/crm/notes/${d.noteId}`, { method: "DELETE", headers: { origin, authorization: app.adminToken } });
      expect([refused.status, refused.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
      expect(exposed(refused)).toContain("allow");
      // another origin is told nothing
      const other = await fetch(`${url}/user/users?itemsPerPage=1`, {
        headers: { origin: "http://evil.example.test", authorization: app.adminToken },
      });
      expect([other.headers.get("access-control-allow-origin"), other.headers.get("access-control-expose-headers")]).toEqual([null, null]);
    } finally {
      await app.close();
    }
  });

  it("answers REST paths while the server stops with a 503 problem (SERVICE_UNAVAILABLE), the connection closed", async () => {
    const app = await createTestApp();
    try {
      const url = await app.url();
      app.app.beginShutdown();
      for (const [method, path] of [
        ["GET", `/crm/notes/${d.noteId}`],
        ["POST", "/user/shortcuts"],
        ["GET", "/openapi.json"],
      ]) {
        const r = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: app.adminToken, "content-type": "application/json" },
          body: method === "POST" ? "{}" : undefined,
        });
        expect([path, r.status, r.headers.get("connection")]).toEqual([path, 503, "close"]);
        expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(await r.json()).toEqual({
          title: "Service Unavailable",
          status: 503,
          code: "SERVICE_UNAVAILABLE",
          detail: expect.stringContaining("shutting down"),
        });
      }
    } finally {
      await app.close();
    }
  });

  it("sends the very SQL statements of the GraphQL operation: nothing is read twice or another way", async () => {
    for (const [path, operation, variables] of [
      [`/crm/notes/${d.noteId}`, `query($id: ID!) { note(id: $id) { ...Note } }`, { id: d.noteId }],
      [
        "/calendar/vacations?itemsPerPage=10&status=q",
        `{ vacations(itemsPerPage: 10, filter: { status: ["q"] }) { items { ...Vacation } paginationInfo { ...PaginationInfo } } }`,
        {},
      ],
    ] as const) {
      const viaRest = await t.statementsOf(() => rest("GET", path));
      const viaGraphql = await t.statementsOf(() => graphql(operation, variables));
      expect(viaRest.length).toBeGreaterThan(0);
      // the same statements (a page and its count run side by side, so in either order on PostgreSQL)
      expect([...viaRest].sort()).toEqual([...viaGraphql].sort());
    }
  });

  it("counts REST calls in graphql_requests_total by their operation", async () => {
    const metric = async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return Number(/graphql_requests_total\{operation="note",outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await metric();
    await rest("GET", `/crm/notes/${d.noteId}`);
    await rest("GET", `/crm/notes/${d.noteId}`);
    expect(await metric()).toBe(before + 2);
  });

  it("openapi.json: OpenAPI 3.1, valid, the twenty operations with parameters, bodies, answers and errors", async () => {
    const r = await rest("GET", "/openapi.json", { token: null });
    expect(r.status).toBe(200);
    const result = validateOpenApi(r.body);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    // the validator does refuse a broken document
    expect(validateOpenApi({ ...r.body, paths: { "/x": { get: { responses: { "200": { description: 1 } } } } } }).valid).toBe(false);
    expect(r.body.openapi).toBe("3.1.0");
    const operations = Object.entries(r.body.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    expect(operations.map((o) => `${o.op.summary.split(":")[0]} ${o.method} ${o.path}`).sort()).toEqual(
      REST_ROUTES.map((r) => `${r.id} ${r.method} ${r.path}`).sort(),
    );
    const byId = Object.fromEntries(operations.map((o) => [o.op.summary.split(":")[0], o.op]));
    // descriptions from the schema, not written here
    expect(byId.E14.description).toBe(t.app.schema.getQueryType()!.getFields().note.description);
    const names = (id: string) => byId[id].parameters.map((p: any) => p.name);
    expect(names("E7")).toEqual(
      expect.arrayContaining([
        "page",
        "itemsPerPage",
        "pagination",
        "search",
        "calendarUser",
        "calendarUser[]",
        "vacationDates.date[strictly_after]",
        "order[vacationType.name]",
      ]),
    );
    expect(names("E8")).toEqual(
      expect.arrayContaining(["hasRole[]", "exists[userDepartments]", "userDepartmentLeaderOrder", "order[lastName]", "ssoProviderIds"]),
    );
    expect(names("E12")).toEqual(["token", "page", "itemsPerPage", "cursorId", "topLevel", "repliesTo", "order[createdAt]"]);
    expect(names("E16")).toEqual(["users[]", "dateStart", "project", "projectContractors[]", "reportedTimeType"]);
    expect(byId.E7.parameters.find((p: any) => p.name === "order[status]").schema.enum).toEqual(["asc", "desc"]);
    expect(Object.keys(byId.E4.responses)).toEqual(["201", "400", "401", "403", "409", "413", "415", "422", "503"]);
    expect(Object.keys(byId.E14.responses)).toEqual(["200", "400", "401", "403", "404", "422", "503"]);
    expect(byId.E4.requestBody.required).toBe(true);
    expect(byId.E2.requestBody.required).toBe(false);
    expect(byId.E7.parameters.find((p: any) => p.name === "itemsPerPage").schema).toMatchObject({ type: "integer", default: 30 });
    expect(byId.E15.parameters).toEqual([
      expect.objectContaining({ name: "id" }),
      expect.objectContaining({ name: "showTasks", description: expect.stringContaining("tasks") }),
    ]);
    expect(byId.E7.responses["200"].headers).toHaveProperty("X-Total-Count");
    const schemas = r.body.components.schemas;
    expect(schemas.InvoiceItemInput.properties.tax.enum).toEqual(["23", "8", "5", "0", "zw", "np", "oo"]);
    expect(schemas.AssignBoardUserInput.properties.role.enum).toEqual(["none", "leader-active", null]);
    expect(schemas.CreateProjectInput.properties.status.enum).toEqual(["in-preparation", "open"]);
    expect(schemas.Vacation.properties).toHaveProperty("vacationDates");
    expect(REST_ROUTES.every((route) => byId[route.id].responses[route.creates ? "201" : "200"])).toBe(true);
  });
});
