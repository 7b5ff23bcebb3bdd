import { issueToken } from "../src/auth/tokens";
import { codes, createTestApp, demoIds as d, gql, invalidFields, type GqlResult, type TestApp } from "./support/test-app";

/**
 * The reproducers of issue 11 (authorization, bad input answered as INTERNAL_SERVER_ERROR,
 * contract breaks), each with the answer it must get now. The access matrix itself is
 * test/policy-matrix.test.ts; the property-based test is test/fuzz.test.ts.
 */
let t: TestApp;
let externalToken: string;
let financeToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const external = await t.db.user.findFirstOrThrow({
    where: {
      isExternal: true,
      canLogIn: true,
      allowApiTokenAuthentication: true,
      projectAssignments: { some: { projectId: d.projectId } },
    },
  });
  externalToken = await issueToken(t.db, external.id);
  const finance = await t.db.user.findFirstOrThrow({
    where: { canLogIn: true, allowApiTokenAuthentication: true, roles: { some: { role: "finance" }, none: { role: "admin" } } },
    orderBy: { id: "asc" },
  });
  financeToken = await issueToken(t.db, finance.id);
}, 60_000);
afterAll(() => t.close());

const violation = (r: GqlResult) =>
  (r.errors?.[0]?.extensions?.validationErrors ?? []) as Array<{ field: string; constraints: Record<string, string> }>;

describe("authorization", () => {
  const CREATE_CURRENCY = gql`mutation ($input: CreateCurrencyDictionaryInput!) { createCurrencyDictionary(input: $input) { code isDefault } }`;

  it("E18: the external user may not add a default currency, and finance's next invoice keeps the old default", async () => {
    const before = await t.db.currencyDictionary.findFirstOrThrow({ where: { isDefault: true } });
    const r = await t.gql(CREATE_CURRENCY, { input: { name: "Hack", code: "HAK", isDefault: true } }, externalToken);
    expect(codes(r)).toEqual(["FORBIDDEN"]);
    expect(await t.db.currencyDictionary.findFirst({ where: { code: "HAK" } })).toBeNull();
    const invoice = await t.gql(
      gql`mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { currencyCode } }`,
      {
        input: { invoiceType: "Vat", fileGeneratedLanguage: "pl", items: [{ positionName: "X", count: 1, priceUnit: 1, tax: "RATE_23" }] },
      },
      financeToken,
    );
    expect(invoice.data?.createInvoice).toEqual({ currencyCode: before.code });
  });

  it("rates are hidden from a project manager whose role the project lists in hideHourlyRateForRoles", async () => {
    const pm = await issueToken(t.db, d.pmUserId);
    const query = gql`query ($r: [_Any!]!) { _entities(representations: $r) { ... on AssignedBoardUser { projectUser { hourlyRate } } } }`;
    const boardUser = await t.db.assignedBoardUser.findFirstOrThrow({ where: { boardId: d.boardId, user: { hourlyRate: { not: null } } } });
    const reps = { r: [{ __typename: "AssignedBoardUser", id: boardUser.id }] };
    expect((await t.gql(query, reps, pm)).data?._entities[0].projectUser.hourlyRate).not.toBeNull();
    const settings = await t.db.projectSettings.findUniqueOrThrow({ where: { id: d.projectId } });
    await t.db.projectSettings.update({ where: { id: d.projectId }, data: { hideHourlyRateForRoles: JSON.stringify(["pm-active"]) } });
    try {
      expect((await t.gql(query, reps, pm)).data?._entities[0].projectUser.hourlyRate).toBeNull();
    } finally {
      await t.db.projectSettings.update({ where: { id: d.projectId }, data: { hideHourlyRateForRoles: settings.hideHourlyRateForRoles } });
    }
  });

  it("E1/E2: a caller outside the topic gets NOT_FOUND whether the addressed user is a member or not", async () => {
    const outsider = await t.db.user.findFirstOrThrow({
      where: {
        canLogIn: true,
        allowApiTokenAuthentication: true,
        isExternal: false,
        roles: { none: { role: "admin" } },
        chatTopicAssignments: { none: { topicId: d.chatTopicId } },
      },
      orderBy: { id: "asc" },
    });
    const token = await issueToken(t.db, outsider.id);
    const E1 = gql`mutation ($t: ID!, $u: ID!) { updateAssignedChatTopicUser(topicId: $t, userId: $u, input: { isMutedIndefinitely: true }) { id } }`;
    const E2 = gql`mutation ($t: ID!, $u: ID!) { readChatTopic(topicId: $t, userId: $u) { id } }`;
    for (const op of [E1, E2]) {
      const member = await t.gql(op, { t: d.chatTopicId, u: d.userId }, token);
      const nonMember = await t.gql(op, { t: d.chatTopicId, u: d.pmUserId === outsider.id ? d.adminUserId : outsider.id }, token);
      const missingTopic = await t.gql(op, { t: "00000000-0000-4000-8000-000000000000", u: d.userId }, token);
      expect([member, nonMember, missingTopic].map((r) => [codes(r), r.errors?.[0]?.message])).toEqual(
        [0, 1, 2].map(() => [["NOT_FOUND"], "Chat topic membership not found (userId)."]),
      );
    }
  });

  it("department leadership is looked up per request, even while the authentication is cached", async () => {
    const cached = await createTestApp({ AUTH_CACHE_TTL_MS: "60000" });
    try {
      const led = await cached.db.userDepartment.findFirstOrThrow({ where: { userId: d.pmUserId, isLeader: true } });
      const member = await cached.db.userDepartment.findFirstOrThrow({
        where: {
          departmentId: led.departmentId,
          userId: { not: d.pmUserId },
          user: { userDepartments: { every: { departmentId: led.departmentId } } },
        },
      });
      const token = await issueToken(cached.db, d.pmUserId);
      const query = gql`query ($id: [ID!]) { users(filter: { id: $id }) { items { canManage } } }`;
      expect((await cached.gql(query, { id: [member.userId] }, token)).data?.users.items[0].canManage).toBe(true);
      await cached.db.userDepartment.update({ where: { id: led.id }, data: { isLeader: false } });
      expect((await cached.gql(query, { id: [member.userId] }, token)).data?.users.items[0].canManage).toBe(false);
    } finally {
      await cached.close();
    }
  }, 60_000);
});

describe("bad input is BAD_USER_INPUT naming the field, never INTERNAL_SERVER_ERROR", () => {
  const INVOICE = gql`mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`;
  const base = { invoiceType: "Vat", fileGeneratedLanguage: "pl", items: [{ positionName: "X", count: 1, priceUnit: 1, tax: "RATE_23" }] };

  it.each([
    ["exchangeRate", { ...base, exchangeRate: 1e-7 }, "input.exchangeRate"],
    ["alreadyPaid", { ...base, alreadyPaid: 1e-7 }, "input.alreadyPaid"],
    ["toPay", { ...base, toPay: 5e-324 }, "input.toPay"],
    ["count", { ...base, items: [{ ...base.items[0], count: 1e-7 }] }, "input.items.0.count"],
    ["priceUnit", { ...base, items: [{ ...base.items[0], priceUnit: 1e-7 }] }, "input.items.0.priceUnit"],
  ])("a number below 1e-6 in %s", async (_name, input, field) => {
    const r = await t.gql(INVOICE, { input });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual([field]);
    expect(Object.keys(violation(r)[0].constraints)).toEqual(["isDecimal"]);
  });

  it("a lone UTF-16 surrogate in users' search and in E12's token", async () => {
    const users = await t.gql(gql`query ($s: String) { users(filter: { search: $s }) { items { id } } }`, { s: "ab\ud800" }, t.userToken);
    expect(codes(users)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(users)).toEqual(["filter.search"]);
    const comments = await t.gql(
      gql`query ($t: String!) { sharedTaskComments(token: $t) { items { id } } }`,
      { t: "\udc00shr" },
      t.userToken,
    );
    expect(codes(comments)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(comments)).toEqual(["token"]);
  });

  it("a NUL character (PostgreSQL text cannot hold it; found by the fuzz test)", async () => {
    const r = await t.gql(gql`mutation ($id: ID!, $n: String) { updateStage(id: $id, input: { name: $n }) { id } }`, {
      id: d.stageId,
      n: "a\u0000b",
    });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["input.name"]);
  });

  it("timesheetByUser with dateStart 9999-12-31", async () => {
    const r = await t.gql(
      gql`query ($d: DateTime!) { timesheetByUser(dateStart: $d) { seconds } }`,
      { d: "9999-12-31T00:00:00Z" },
      t.userToken,
    );
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["dateStart"]);
  });

  it("more than 50 coercion errors in variables", async () => {
    const r = await t.gql(
      gql`query ($f: UserFilter) { users(filter: $f) { items { id } } }`,
      { f: { hasRole: Array.from({ length: 80 }, (_, i) => i) } },
      t.userToken,
    );
    // one error, listing the first 50 violations (each naming its element), marked truncated
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    const [error] = r.errors!;
    expect(error.extensions).toMatchObject({ truncated: true });
    const violations = error.extensions!.validationErrors as Array<{ field: string }>;
    expect(violations).toHaveLength(50);
    expect(violations[0].field).toBe("filter.hasRole.0");
    expect(violations[49].field).toBe("filter.hasRole.49");
  });
});

describe("contract fixes", () => {
  const SEARCH = gql`query ($s: String) { users(filter: { search: $s }, pagination: false) { items { lastName } paginationInfo { totalCount } } }`;

  it("LIKE wildcards in search are literal", async () => {
    expect((await t.gql(SEARCH, { s: "_" })).data?.users.paginationInfo.totalCount).toBe(0);
    expect((await t.gql(SEARCH, { s: "%" })).data?.users.paginationInfo.totalCount).toBe(0);
    expect((await t.gql(SEARCH, { s: "kowal_k" })).data?.users.paginationInfo.totalCount).toBe(0);
    expect((await t.gql(SEARCH, { s: "kowal" })).data?.users.paginationInfo.totalCount).toBeGreaterThan(0);
    const v = await t.gql(gql`query ($s: String) { vacations(filter: { search: $s }) { paginationInfo { totalCount } } }`, { s: "_" });
    expect(v.data?.vacations.paginationInfo.totalCount).toBe(0);
  });

  it("E7 search covers the description and the calendar user's names and e-mail, not the short code", async () => {
    const vacation = await t.db.vacation.findFirstOrThrow({ where: { id: d.vacationId }, include: { calendarUser: true } });
    const Q = gql`query ($s: String, $u: [ID!]) { vacations(filter: { search: $s, calendarUser: $u }) { paginationInfo { totalCount } } }`;
    const count = async (s: string) => (await t.gql(Q, { s, u: [vacation.calendarUserId] })).data?.vacations.paginationInfo.totalCount;
    const u = vacation.calendarUser;
    expect(await count(u.lastName.toUpperCase())).toBeGreaterThan(0);
    expect(await count(u.email)).toBeGreaterThan(0);
    const text = `${u.firstName} ${u.lastName} ${u.email} ${vacation.description}`.toLowerCase();
    expect(text.includes(u.shortCode.toLowerCase())).toBe(false);
    expect(await count(u.shortCode)).toBe(0);
  });

  it("an upper-case UUID finds the object", async () => {
    const r = await t.gql(gql`query ($id: ID!) { note(id: $id) { id } }`, { id: d.noteId.toUpperCase() });
    expect(r.errors).toBeUndefined();
    expect(r.data?.note).toEqual({ id: d.noteId });
  });

  it("CONFLICT and BAD_USER_INPUT messages name the field and the rule, never the value", async () => {
    const r = await t.gql(gql`mutation { createCurrencyDictionary(input: { name: "Złoty bis", code: "pln", isDefault: false }) { id } }`);
    expect(codes(r)).toEqual(["CONFLICT"]);
    expect(r.errors![0].message).toBe("input.code must be unique: a currency with this code exists already.");
    expect(JSON.stringify(r.errors)).not.toMatch(/pln/i);
    const bad = await t.gql(
      gql`mutation { createShortcut(input: { name: "x", viewUrl: "javascript:alert(1)", isOpenedInNewTab: false }) { id } }`,
    );
    expect(JSON.stringify(bad.errors)).not.toContain("alert");
  });

  it("the field path is the argument's name, whatever the variable is called", async () => {
    const Q = gql`mutation ($i: UpdateStageInput!) { updateStage(id: "${d.stageId}", input: $i) { id } }`;
    const typeError = await t.gql(Q, { i: { dateStart: "not a date" } });
    expect(invalidFields(typeError)).toEqual(["input.dateStart"]);
    const ruleError = await t.gql(Q, { i: { name: "x".repeat(101) } });
    expect(invalidFields(ruleError)).toEqual(["input.name"]);
  });

  it.each([
    ["javascript:alert(1)", false],
    ["JavaScript:alert(1)", false],
    ["data:text/html,x", false],
    ["//evil.example/x", false],
    ["https://docs.example.com/api", true],
    ["http://status.example.com", true],
    ["/project/tasks?assigned=me", true],
  ])("Shortcut viewUrl %s accepted: %s", async (viewUrl, accepted) => {
    const r = await t.gql(
      gql`mutation ($u: String!) { createShortcut(input: { name: "S", viewUrl: $u, isOpenedInNewTab: false }) { viewUrl } }`,
      { u: viewUrl },
      t.userToken,
    );
    if (accepted) expect(r.data?.createShortcut).toEqual({ viewUrl });
    else expect([codes(r), invalidFields(r)]).toEqual([["BAD_USER_INPUT"], ["input.viewUrl"]]);
  });

  it("a budget of 1.005 is stored as 1.01, rounded half-up like invoice amounts", async () => {
    const r = await t.gql(gql`mutation ($input: CreateProjectInput!) { createProject(input: $input) { id budget } }`, {
      input: {
        name: "Budżet",
        dateStartPlanned: "2027-01-04T08:00:00Z",
        dateEndPlanned: "2027-06-30T16:00:00Z",
        isBlameableRemovalEnabled: false,
        status: "open",
        budget: 1.005,
        contractors: [d.contractorId],
      },
    });
    expect(r.data?.createProject.budget).toBe(1.01);
    const stored = await t.db.project.findUniqueOrThrow({ where: { id: r.data!.createProject.id } });
    expect(stored.budget!.toString()).toBe("1.01");
  });
});
