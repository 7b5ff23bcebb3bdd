import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { userSearchText } from "../src/seed/search-text";
import { codes, createTestApp, gql, invalidFields, type TestApp } from "./support/test-app";

/**
 * E8 users. Fixture users with distinguishing values are added to the database copy, and each
 * filter is checked against them: a filter that matched everything (or nothing) would fail.
 */
let t: TestApp;
const ids = { A: randomUUID(), B: randomUUID(), C: randomUUID(), D: randomUUID(), E: randomUUID() };
const dep = { D1: randomUUID(), D2: randomUUID() };
const job = { J1: randomUUID(), J2: randomUUID() };
const con = { C1: randomUUID(), C2: randomUUID() };
const sso = { P1: randomUUID(), P2: randomUUID() };
const all = Object.values(ids);
let leaderToken: string;

const USERS = gql`
  query Users($filter: UserFilter, $order: [UserOrder!], $page: Int, $itemsPerPage: Int, $pagination: Boolean) {
    users(filter: $filter, order: $order, page: $page, itemsPerPage: $itemsPerPage, pagination: $pagination) {
      items {
        id firstName lastName email shortCode phoneNumber pictureSm pictureLg jobPosition jobPositionName
        contractorId contractorName canLogIn allowApiTokenAuthentication isExternal canManage isUsingMobile
        twoFactorAuth lastActivity lastActivityMobile hoursPerWorkDay tasksPerWorkday tasksPerWorkDay
        ssoProviders { id tenantId tenantName type isUserLinked }
        userDepartments { id isLeader department { id name } }
      }
      paginationInfo { page itemsPerPage totalCount lastPage hasNextPage }
    }
  }
`;

async function list(filter: Record<string, unknown>, extra: Record<string, unknown> = {}, token?: string | null) {
  const result = await t.gql(USERS, { filter: { id: all, ...filter }, ...extra }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.users as { items: Array<Record<string, any>>; paginationInfo: Record<string, number | boolean> };
}
const idsOf = (r: { items: Array<Record<string, any>> }) => r.items.map((u) => u.id);
const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)![0];
const namesOf = (r: { items: Array<Record<string, any>> }) => idsOf(r).map(name);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await db.department.createMany({
    data: [
      { id: dep.D1, name: "Fixture Dept One" },
      { id: dep.D2, name: "Fixture Dept Two" },
    ],
  });
  await db.jobPosition.createMany({
    data: [
      { id: job.J1, name: "Fixture Tester" },
      { id: job.J2, name: "Fixture Analyst" },
    ],
  });
  await db.contractor.createMany({
    data: [
      { id: con.C1, name: "Fixture Sp. z o.o.", shortCode: "FIXC1" },
      { id: con.C2, name: "Fixture GmbH", shortCode: "FIXC2" },
    ],
  });
  await db.ssoProvider.createMany({
    data: [
      { id: sso.P1, tenantId: "t1", tenantName: "Tenant One", type: "microsoft" },
      { id: sso.P2, tenantId: "t2", tenantName: "Tenant Two", type: "google" },
    ],
  });
  const people = [
    {
      id: ids.A,
      firstName: "Zenon",
      lastName: "Qaz",
      shortCode: "QZA",
      isUsingMobile: true,
      isExternal: false,
      canLogIn: true,
      jobPositionId: job.J1,
      contractorId: con.C1,
      createdAt: new Date("2020-01-05T00:00:00Z"),
      updatedAt: new Date("2021-01-02T00:00:00Z"),
    },
    {
      id: ids.B,
      firstName: "Ewa",
      lastName: "Qbc",
      shortCode: "QBB",
      isUsingMobile: false,
      isExternal: true,
      canLogIn: false,
      jobPositionId: job.J2,
      contractorId: null,
      createdAt: new Date("2020-01-01T00:00:00Z"),
      updatedAt: new Date("2021-01-05T00:00:00Z"),
    },
    {
      id: ids.C,
      firstName: "Adam",
      lastName: "Qcd",
      shortCode: "QCC",
      isUsingMobile: false,
      isExternal: false,
      canLogIn: true,
      jobPositionId: null,
      contractorId: con.C2,
      createdAt: new Date("2020-01-03T00:00:00Z"),
      updatedAt: new Date("2021-01-01T00:00:00Z"),
    },
    {
      id: ids.D,
      firstName: "Ola",
      lastName: "Qde",
      shortCode: "QDD",
      isUsingMobile: true,
      isExternal: true,
      canLogIn: true,
      jobPositionId: null,
      contractorId: null,
      createdAt: new Date("2020-01-02T00:00:00Z"),
      updatedAt: new Date("2021-01-04T00:00:00Z"),
    },
    {
      id: ids.E,
      firstName: "Łucja",
      lastName: "Qżółć",
      shortCode: "QEE",
      isUsingMobile: false,
      isExternal: false,
      canLogIn: true,
      jobPositionId: job.J1,
      contractorId: null,
      createdAt: new Date("2020-01-04T00:00:00Z"),
      updatedAt: new Date("2021-01-03T00:00:00Z"),
    },
  ];
  for (const p of people) {
    const email = `${p.shortCode.toLowerCase()}@fixture.example`;
    await db.user.create({ data: { ...p, email, searchText: userSearchText({ ...p, email }) } });
  }
  const roles: Record<string, string[]> = { A: ["user", "pm"], B: ["user"], C: ["user", "pm", "hr"], D: [], E: ["admin"] };
  for (const [k, rs] of Object.entries(roles))
    for (const role of rs) await db.userRole.create({ data: { userId: ids[k as keyof typeof ids], role } });
  await db.userDepartment.createMany({
    data: [
      { userId: ids.A, departmentId: dep.D1, isLeader: true },
      { userId: ids.B, departmentId: dep.D1, isLeader: false },
      { userId: ids.C, departmentId: dep.D2, isLeader: true },
      { userId: ids.E, departmentId: dep.D2, isLeader: false },
    ],
  });
  await db.userSsoProvider.createMany({
    data: [
      { userId: ids.A, ssoProviderId: sso.P1 },
      { userId: ids.C, ssoProviderId: sso.P2, isUserLinked: false },
    ],
  });
  leaderToken = await issueToken(db, ids.A);
});
afterAll(() => t.close());

describe("E8 users: the User type", () => {
  it("serves every field from stored data", async () => {
    const r = await list({ id: [ids.A] });
    expect(r.items).toHaveLength(1);
    const u = r.items[0];
    expect(u).toMatchObject({
      id: ids.A,
      firstName: "Zenon",
      lastName: "Qaz",
      email: "qza@fixture.example",
      shortCode: "QZA",
      jobPosition: job.J1,
      jobPositionName: "Fixture Tester",
      contractorId: con.C1,
      contractorName: "Fixture Sp. z o.o.",
      canLogIn: true,
      allowApiTokenAuthentication: true,
      isExternal: false,
      isUsingMobile: true,
      twoFactorAuth: false,
      hoursPerWorkDay: 8,
      tasksPerWorkday: 0,
      tasksPerWorkDay: 0,
      lastActivity: null,
      ssoProviders: [{ id: sso.P1, tenantId: "t1", tenantName: "Tenant One", type: "microsoft", isUserLinked: true }],
      userDepartments: [{ isLeader: true, department: { id: dep.D1, name: "Fixture Dept One" } }],
    });
  });

  it("lists the seeded users with pagination info", async () => {
    const r = await t.gql(USERS, { itemsPerPage: 5 });
    const users = r.data!.users;
    const total = await t.db.user.count();
    expect(users.items).toHaveLength(5);
    expect(users.paginationInfo).toEqual({
      page: 1,
      itemsPerPage: 5,
      totalCount: total,
      lastPage: Math.ceil(total / 5),
      hasNextPage: true,
    });
  });
});

describe("E8 users: filters", () => {
  it("search: case-insensitive substring of names, e-mail and short code, Polish letters included", async () => {
    expect(namesOf(await list({ search: "QAZ" }))).toEqual(["A"]);
    expect(namesOf(await list({ search: "ewa" }))).toEqual(["B"]);
    expect(namesOf(await list({ search: "qcc@fixture" }))).toEqual(["C"]);
    expect(namesOf(await list({ search: "ŻÓŁĆ" }))).toEqual(["E"]);
    expect(namesOf(await list({ search: "fixture.example" })).sort()).toEqual(["A", "B", "C", "D", "E"]);
  });
  it("boolean filters", async () => {
    expect(namesOf(await list({ isUsingMobile: true }))).toEqual(["A", "D"]);
    expect(namesOf(await list({ isUsingMobile: false }))).toEqual(["B", "C", "E"]);
    expect(namesOf(await list({ isExternal: true }))).toEqual(["B", "D"]);
    expect(namesOf(await list({ canLogIn: false }))).toEqual(["B"]);
  });
  it("hasRole matches any, hasRoleSet needs every role", async () => {
    expect(namesOf(await list({ hasRole: ["pm", "admin"] }))).toEqual(["A", "C", "E"]);
    expect(namesOf(await list({ hasRoleSet: ["pm", "hr"] }))).toEqual(["C"]);
    expect(namesOf(await list({ hasRoleSet: ["user", "pm"] }))).toEqual(["A", "C"]);
  });
  it("jobPosition and contractorId", async () => {
    expect(namesOf(await list({ jobPosition: [job.J1] }))).toEqual(["A", "E"]);
    expect(namesOf(await list({ jobPosition: [job.J1, job.J2] }))).toEqual(["A", "B", "E"]);
    expect(namesOf(await list({ contractorId: [con.C2] }))).toEqual(["C"]);
  });
  it("id and excludeIds", async () => {
    expect(namesOf(await list({ id: [ids.B, ids.D] }))).toEqual(["B", "D"]);
    expect(namesOf(await list({ excludeIds: [ids.A, ids.E] }))).toEqual(["B", "C", "D"]);
  });
  it("department and excludeDepartmentIds", async () => {
    expect(namesOf(await list({ department: [dep.D1] }))).toEqual(["A", "B"]);
    expect(namesOf(await list({ excludeDepartmentIds: [dep.D1] }))).toEqual(["C", "D", "E"]);
  });
  it("existsUserDepartments and existsSsoProvider", async () => {
    expect(namesOf(await list({ existsUserDepartments: false }))).toEqual(["D"]);
    expect(namesOf(await list({ existsUserDepartments: true }))).toEqual(["A", "B", "C", "E"]);
    expect(namesOf(await list({ existsSsoProvider: true }))).toEqual(["A", "C"]);
    expect(namesOf(await list({ existsSsoProvider: false }))).toEqual(["B", "D", "E"]);
  });
  it("ssoProviderIds", async () => {
    expect(namesOf(await list({ ssoProviderIds: [sso.P2] }))).toEqual(["C"]);
  });
  it("filters combine with AND", async () => {
    expect(namesOf(await list({ isExternal: false, hasRole: ["pm"], department: [dep.D2] }))).toEqual(["C"]);
  });
  it("an unknown id in a list filter matches nothing rather than failing", async () => {
    expect(namesOf(await list({ id: [randomUUID()] }))).toEqual([]);
  });
});

describe("E8 users: order", () => {
  it("defaults to last name ascending", async () => {
    expect(namesOf(await list({}))).toEqual(["A", "B", "C", "D", "E"]);
  });
  it("each key in both directions", async () => {
    expect(namesOf(await list({}, { order: [{ lastName: "DESC" }] }))).toEqual(["E", "D", "C", "B", "A"]);
    expect(namesOf(await list({}, { order: [{ firstName: "ASC" }] }))).toEqual(["C", "B", "D", "A", "E"]);
    expect(namesOf(await list({}, { order: [{ firstName: "DESC" }] }))).toEqual(["E", "A", "D", "B", "C"]);
    expect(namesOf(await list({}, { order: [{ createdAt: "ASC" }] }))).toEqual(["B", "D", "C", "E", "A"]);
    expect(namesOf(await list({}, { order: [{ createdAt: "DESC" }] }))).toEqual(["A", "E", "C", "D", "B"]);
    expect(namesOf(await list({}, { order: [{ updatedAt: "ASC" }] }))).toEqual(["C", "A", "E", "D", "B"]);
  });
  it("several keys apply in list order", async () => {
    expect(namesOf(await list({}, { order: [{ firstName: "ASC" }, { lastName: "DESC" }] }))).toEqual(["C", "B", "D", "A", "E"]);
    await t.db.user.update({ where: { id: ids.D }, data: { firstName: "Adam" } });
    try {
      expect(namesOf(await list({}, { order: [{ firstName: "ASC" }, { lastName: "DESC" }] }))).toEqual(["D", "C", "B", "A", "E"]);
      expect(namesOf(await list({}, { order: [{ firstName: "ASC" }, { lastName: "ASC" }] }))).toEqual(["C", "D", "B", "A", "E"]);
    } finally {
      await t.db.user.update({ where: { id: ids.D }, data: { firstName: "Ola" } });
    }
  });
  it("userDepartmentLeaderOrder puts the department's leaders first or last, paging across both segments", async () => {
    const asc = { userDepartmentLeaderOrder: { departmentId: dep.D2, direction: "ASC" } };
    expect(namesOf(await list(asc, { order: [{ lastName: "DESC" }] }))).toEqual(["C", "E", "D", "B", "A"]);
    const desc = { userDepartmentLeaderOrder: { departmentId: dep.D2, direction: "DESC" } };
    expect(namesOf(await list(desc))).toEqual(["A", "B", "D", "E", "C"]);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(namesOf(await list(asc, { order: [{ lastName: "DESC" }], itemsPerPage: 2, page })));
    expect(pages).toEqual([["C", "E"], ["D", "B"], ["A"]]);
    const info = (await list(asc, { itemsPerPage: 2, page: 3 })).paginationInfo;
    expect(info).toEqual({ page: 3, itemsPerPage: 2, totalCount: 5, lastPage: 3, hasNextPage: false });
  });
  it("an order element must set exactly one key", async () => {
    const r = await t.gql(USERS, { order: [{ lastName: "ASC", firstName: "ASC" }] });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["order.0"]);
    const r2 = await t.gql(USERS, { order: [{}] });
    expect(invalidFields(r2)).toEqual(["order.0"]);
  });
});

describe("E8 users: pagination", () => {
  it("pages never overlap or skip", async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) seen.push(...idsOf(await list({}, { itemsPerPage: 2, page })));
    expect(seen.map(name)).toEqual(["A", "B", "C", "D", "E"]);
  });
  it("itemsPerPage 0 returns no items and the true totalCount; 100 passes; 101 and -1 fail", async () => {
    const zero = await list({}, { itemsPerPage: 0 });
    expect(zero.items).toEqual([]);
    expect(zero.paginationInfo).toMatchObject({ totalCount: 5, itemsPerPage: 0, hasNextPage: false });
    expect((await list({}, { itemsPerPage: 100 })).items).toHaveLength(5);
    for (const bad of [101, -1]) {
      const r = await t.gql(USERS, { itemsPerPage: bad });
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(r)).toEqual(["itemsPerPage"]);
    }
  });
  it("page starts at 1", async () => {
    const r = await t.gql(USERS, { page: 0 });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["page"]);
    const beyond = await list({}, { page: 9, itemsPerPage: 2 });
    expect(beyond.items).toEqual([]);
    expect(beyond.paginationInfo).toMatchObject({ page: 9, totalCount: 5, lastPage: 3, hasNextPage: false });
  });
  it("explicit nulls take the defaults", async () => {
    const r = await list({}, { page: null, itemsPerPage: null, pagination: null });
    expect(r.paginationInfo).toMatchObject({ page: 1, itemsPerPage: 30 });
  });
  it("pagination: false returns every match, up to the server bound", async () => {
    const r = await list({}, { pagination: false, itemsPerPage: 1, page: 4 });
    expect(r.items).toHaveLength(5);
    expect(r.paginationInfo).toEqual({ page: 1, itemsPerPage: 5, totalCount: 5, lastPage: 1, hasNextPage: false });
    const total = await t.db.user.count();
    const everyone = await t.gql(USERS, { pagination: false });
    expect(everyone.data!.users.items).toHaveLength(Math.min(total, t.config.maxUnpaginatedItems));
  });
  it("pagination: false reports the same page facts when items are not selected (issue 24)", async () => {
    const info = gql`query ($filter: UserFilter) { users(filter: $filter, pagination: false) { paginationInfo { page itemsPerPage totalCount lastPage hasNextPage } } }`;
    const mine = await t.gql(info, { filter: { id: all } });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.users.paginationInfo).toEqual({ page: 1, itemsPerPage: 5, totalCount: 5, lastPage: 1, hasNextPage: false });
    const total = await t.db.user.count();
    const everyone = await t.gql(info, {});
    expect(everyone.data!.users.paginationInfo).toEqual({
      page: 1,
      itemsPerPage: Math.min(total, t.config.maxUnpaginatedItems),
      totalCount: total,
      lastPage: 1,
      hasNextPage: total > t.config.maxUnpaginatedItems,
    });
  });
});

describe("E8 users: canManage is about the caller", () => {
  it("an admin manages everyone", async () => {
    const r = await list({});
    expect(r.items.every((u) => u.canManage === true)).toBe(true);
  });
  it("a department leader manages the members of their department only", async () => {
    const r = await list({}, {}, leaderToken);
    const byName = Object.fromEntries(r.items.map((u) => [name(u.id), u.canManage]));
    expect(byName).toEqual({ A: true, B: true, C: false, D: false, E: false });
  });
});

describe("E8 users: errors and cost", () => {
  it("needs a token", async () => {
    const r = await t.gql(USERS, {}, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
    expect(r.data ?? null).toBeNull();
  });
  it("rejects a malformed id in a list filter, naming its path", async () => {
    const r = await t.gql(USERS, { filter: { id: [ids.A, "not-a-uuid"], department: ["x"] } });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r).sort()).toEqual(["filter.department.0", "filter.id.1"]);
  });
  it("search longer than 200 characters is refused", async () => {
    expect(invalidFields(await t.gql(USERS, { filter: { search: "x".repeat(201) } }))).toEqual(["filter.search"]);
    expect((await t.gql(USERS, { filter: { search: "x".repeat(200) } })).errors).toBeUndefined();
  });
  it("costs the same number of statements for 2 and 100 users", async () => {
    const auth = await t.countStatements(() => t.gql("{ __typename }"));
    const small = await t.countStatements(() => t.gql(USERS, { itemsPerPage: 2 }));
    const large = await t.countStatements(() => t.gql(USERS, { itemsPerPage: 100 }));
    expect(large).toBe(small);
    // the page (departments, SSO providers and canManage inside it) and its count
    expect(large - auth).toBeLessThanOrEqual(2);
    const leaderSmall = await t.countStatements(() =>
      t.gql(USERS, { itemsPerPage: 2, filter: { userDepartmentLeaderOrder: { departmentId: dep.D1, direction: "ASC" } } }),
    );
    const leaderLarge = await t.countStatements(() =>
      t.gql(USERS, { itemsPerPage: 100, filter: { userDepartmentLeaderOrder: { departmentId: dep.D1, direction: "ASC" } } }),
    );
    expect(leaderLarge).toBe(leaderSmall);
    expect(leaderLarge - auth).toBeLessThanOrEqual(2);
  });
});
