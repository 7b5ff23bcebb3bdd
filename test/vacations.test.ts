import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { userSearchText, vacationSearchText } from "../src/seed/search-text";
import { codes, createTestApp, demoIds, gql, invalidFields, type TestApp } from "./support/test-app";

/**
 * E7 vacations. Fixture vacations with distinguishing values (years, dates and types no seed
 * uses) are added to the database copy; each filter and each order key is checked against them,
 * so a filter that matched everything (or nothing), or an ignored key, would fail.
 */
let t: TestApp;
const user = { A: randomUUID(), B: randomUUID(), L: randomUUID(), C: randomUUID() };
const type = { T1: randomUUID(), T2: randomUUID() };
const vac = { V1: randomUUID(), V2: randomUUID(), V3: randomUUID(), V4: randomUUID() };
const department = randomUUID();
const mine = [user.A, user.B];
let leaderToken: string;

const d = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso);

const VACATIONS = gql`
  query Vacations($filter: VacationFilter, $order: [VacationOrder!], $page: Int, $itemsPerPage: Int, $pagination: Boolean) {
    vacations(filter: $filter, order: $order, page: $page, itemsPerPage: $itemsPerPage, pagination: $pagination) {
      items {
        id status daysCount description vacationYear issueDate fileGenerated createdAt updatedAt
        calendarUser { id shortCode firstName lastName email phoneNumber pictureSm pictureLg canLogIn isExternal contractorId contractorName jobPositionName decorator }
        vacationType { id name decrementVacation isActive }
        vacationComments { id content createdAt calendarUser { id firstName lastName } }
        vacationDates { id date }
        acceptedBy { id firstName lastName }
        rejectedBy { id firstName lastName }
        permissions { canManage }
      }
      paginationInfo { page itemsPerPage totalCount lastPage hasNextPage }
    }
  }
`;

type Collection = { items: Array<Record<string, any>>; paginationInfo: Record<string, number | boolean> };

async function list(variables: Record<string, unknown>, token?: string | null): Promise<Collection> {
  const result = await t.gql(VACATIONS, variables, token);
  expect(result.errors).toBeUndefined();
  // as a client receives it over HTTP: date-times as ISO strings
  return JSON.parse(JSON.stringify(result.data!.vacations)) as Collection;
}
/** Fixture vacations only: the filter is ANDed with "one of the fixture users". */
const listMine = (filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, token?: string | null) =>
  list({ filter: { calendarUser: mine, ...filter }, ...extra }, token);
const nameOf = (id: string) => Object.entries(vac).find(([, v]) => v === id)?.[0] ?? id;
const names = (c: Collection) => c.items.map((v) => nameOf(v.id));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await db.department.create({ data: { id: department, name: "Fixture Calendar Dept" } });
  const people = [
    { id: user.A, firstName: "Zenobia", lastName: "Quarkowska", shortCode: "VQA", canLogIn: true },
    { id: user.B, firstName: "Bogdan", lastName: "Xylofonik", shortCode: "VQB", canLogIn: false },
    { id: user.L, firstName: "Leszek", lastName: "Lider", shortCode: "VQL", canLogIn: true },
    { id: user.C, firstName: "Celina", lastName: "Masowa", shortCode: "VQC", canLogIn: true },
  ];
  for (const p of people) {
    const email = `${p.shortCode.toLowerCase()}@vacation-fixture.example`;
    await db.user.create({ data: { ...p, email, searchText: userSearchText({ ...p, email }) } });
  }
  // L leads the department A belongs to; B is in no department
  await db.userDepartment.createMany({
    data: [
      { userId: user.A, departmentId: department, isLeader: false },
      { userId: user.L, departmentId: department, isLeader: true },
    ],
  });
  leaderToken = await issueToken(db, user.L, { name: "vacation leader" });
  await db.vacationType.createMany({
    data: [
      { id: type.T1, name: "Aaaa fixture leave", decrementVacation: true, isActive: true },
      { id: type.T2, name: "Zzzz fixture leave", decrementVacation: false, isActive: false },
    ],
  });
  const rows = [
    {
      id: vac.V1,
      calendarUserId: user.A,
      vacationTypeId: type.T1,
      status: "q",
      description: "Wyjazd Kwazarix na Mazury",
      vacationYear: 2091,
      issueDate: d("2091-01-10"),
      firstDate: d("2091-02-02"),
      createdAt: d("2091-01-01T08:00:00Z"),
      updatedAt: d("2091-01-07T08:00:00Z"),
      dates: ["2091-02-03", "2091-02-02"],
    },
    {
      id: vac.V2,
      calendarUserId: user.A,
      vacationTypeId: type.T2,
      status: "accepted",
      description: "Sprawy rodzinne",
      vacationYear: 2092,
      issueDate: d("2091-01-11"),
      firstDate: d("2091-03-01"),
      acceptedById: demoIds.adminUserId,
      fileGenerated: true,
      createdAt: d("2091-01-03T08:00:00Z"),
      updatedAt: d("2091-01-06T08:00:00Z"),
      dates: ["2091-03-01"],
    },
    {
      id: vac.V3,
      calendarUserId: user.B,
      vacationTypeId: type.T1,
      status: "rejected",
      description: "Ślub Żółwia",
      vacationYear: 2094,
      issueDate: d("2091-01-12"),
      firstDate: d("2091-02-10"),
      rejectedById: demoIds.adminUserId,
      createdAt: d("2091-01-02T08:00:00Z"),
      updatedAt: d("2091-01-08T08:00:00Z"),
      dates: ["2091-02-10", "2091-02-11", "2091-02-12"],
    },
    {
      id: vac.V4,
      calendarUserId: user.B,
      vacationTypeId: type.T2,
      status: "cancelled",
      description: "",
      vacationYear: 2093,
      issueDate: d("2091-01-09"),
      firstDate: null,
      createdAt: d("2091-01-04T08:00:00Z"),
      updatedAt: d("2091-01-05T08:00:00Z"),
      dates: [],
    },
  ];
  for (const { dates, ...row } of rows) {
    await db.vacation.create({
      data: { ...row, searchText: vacationSearchText(row), dates: { create: dates.map((day) => ({ date: d(day) })) } },
    });
  }
  await db.vacationComment.createMany({
    data: [
      { vacationId: vac.V1, content: "Proszę o akceptację", calendarUserId: user.A, createdAt: d("2091-01-01T09:00:00Z") },
      { vacationId: vac.V1, content: "Do decyzji po rozmowie", calendarUserId: demoIds.adminUserId, createdAt: d("2091-01-02T09:00:00Z") },
    ],
  });
});
afterAll(() => t.close());

describe("E7 vacations: the Vacation type", () => {
  it("serves every field from stored and derived data", async () => {
    const r = await listMine({}, { order: [{ vacationYear: "ASC" }] });
    const v1 = r.items.find((v) => v.id === vac.V1)!;
    const row = await t.db.vacation.findUniqueOrThrow({
      where: { id: vac.V1 },
      include: { calendarUser: { include: { contractor: true, jobPosition: true } }, vacationType: true, dates: true, comments: true },
    });
    expect(v1).toMatchObject({
      status: "q",
      description: row.description,
      vacationYear: 2091,
      issueDate: "2091-01-10",
      fileGenerated: false,
      createdAt: "2091-01-01T08:00:00.000Z",
      updatedAt: "2091-01-07T08:00:00.000Z",
      acceptedBy: null,
      rejectedBy: null,
      vacationType: { id: type.T1, name: "Aaaa fixture leave", decrementVacation: true, isActive: true },
      calendarUser: {
        id: user.A,
        shortCode: "VQA",
        firstName: "Zenobia",
        lastName: "Quarkowska",
        email: "vqa@vacation-fixture.example",
        canLogIn: true,
        isExternal: false,
        contractorId: null,
        contractorName: null,
        jobPositionName: null,
        decorator: row.calendarUser.decorator,
      },
    });
    // daysCount is the number of stored days, and the days come earliest first
    expect(v1.daysCount).toBe(2);
    expect(v1.vacationDates.map((x: any) => x.date)).toEqual(["2091-02-02", "2091-02-03"]);
    expect(new Set(v1.vacationDates.map((x: any) => x.id))).toEqual(new Set(row.dates.map((x) => x.id)));
    expect(v1.vacationComments.map((c: any) => [c.content, c.calendarUser.id, c.createdAt])).toEqual([
      ["Proszę o akceptację", user.A, "2091-01-01T09:00:00.000Z"],
      ["Do decyzji po rozmowie", demoIds.adminUserId, "2091-01-02T09:00:00.000Z"],
    ]);

    const byName = Object.fromEntries(r.items.map((v) => [nameOf(v.id), v]));
    expect(byName.V2.acceptedBy.id).toBe(demoIds.adminUserId);
    expect(byName.V2.fileGenerated).toBe(true);
    expect(byName.V2.vacationType).toEqual({ id: type.T2, name: "Zzzz fixture leave", decrementVacation: false, isActive: false });
    expect(byName.V3.rejectedBy.id).toBe(demoIds.adminUserId);
    expect(byName.V3.daysCount).toBe(3);
    expect(byName.V4.daysCount).toBe(0);
    expect(byName.V4.vacationDates).toEqual([]);
  });

  it("permissions.canManage: admins manage all; a department leader manages their members' vacations only", async () => {
    const asAdmin = await listMine();
    expect(asAdmin.items.every((v) => v.permissions.canManage === true)).toBe(true);
    const asLeader = await listMine({}, {}, leaderToken);
    const manage = Object.fromEntries(asLeader.items.map((v) => [nameOf(v.id), v.permissions.canManage]));
    expect(manage).toEqual({ V1: true, V2: true, V3: false, V4: false });
    const asUser = await listMine({}, {}, t.userToken);
    expect(asUser.items.map((v) => v.permissions.canManage)).toEqual([false, false, false, false]);
  });

  it("resolves Vacation and VacationType references for the gateway, with the caller's permissions", async () => {
    const r = await t.gql(
      gql`query Refs($reps: [_Any!]!) {
        _entities(representations: $reps) {
          ... on Vacation { id daysCount permissions { canManage } }
          ... on VacationType { id name isActive }
        }
      }`,
      {
        reps: [
          { __typename: "Vacation", id: vac.V1 },
          { __typename: "Vacation", id: vac.V3 },
          { __typename: "VacationType", id: type.T2 },
        ],
      },
      leaderToken,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!._entities).toEqual([
      { id: vac.V1, daysCount: 2, permissions: { canManage: true } },
      { id: vac.V3, daysCount: 3, permissions: { canManage: false } },
      { id: type.T2, name: "Zzzz fixture leave", isActive: false },
    ]);
  });

  it("is open to any authenticated user and refuses a missing token", async () => {
    expect((await listMine({}, {}, t.userToken)).paginationInfo.totalCount).toBe(4);
    const r = await t.gql(VACATIONS, {}, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
    expect(r.data ?? null).toBeNull();
  });
});

describe("E7 vacations: filters", () => {
  it("search matches the description, case-insensitively, Polish letters included", async () => {
    expect(names(await list({ filter: { search: "KWAZARIX" } }))).toEqual(["V1"]);
    expect(names(await list({ filter: { search: "żÓŁw" } }))).toEqual(["V3"]);
  });

  it("search matches the calendar user's names and e-mail", async () => {
    expect(names(await list({ filter: { search: "quarkOWSKA" } }))).toEqual(["V1", "V2"]);
    expect(names(await list({ filter: { search: "Bogdan Xylo" } }))).toEqual(["V4", "V3"]);
    expect(names(await list({ filter: { search: "xylofonik" } }))).toEqual(["V4", "V3"]);
    expect(names(await list({ filter: { search: "vqb@vacation-fixture" } }))).toEqual(["V4", "V3"]);
  });

  it("calendarUser keeps the vacations of the given users", async () => {
    expect(names(await list({ filter: { calendarUser: [user.B] } }))).toEqual(["V4", "V3"]);
    expect(names(await list({ filter: { calendarUser: [user.A, user.B] } }))).toEqual(["V1", "V2", "V4", "V3"]);
  });

  it("vacationYear keeps the given years", async () => {
    expect(names(await list({ filter: { vacationYear: [2092, 2093] } }))).toEqual(["V2", "V4"]);
    expect(names(await list({ filter: { vacationYear: [2094] } }))).toEqual(["V3"]);
  });

  it("status keeps the given states, and refuses a state outside the value set", async () => {
    expect(names(await listMine({ status: ["accepted"] }))).toEqual(["V2"]);
    expect(names(await listMine({ status: ["q", "cancelled"] }))).toEqual(["V1", "V4"]);
    const r = await t.gql(VACATIONS, { filter: { status: ["q", "approved"] } });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["filter.status"]);
  });

  it("vacationType keeps the given types", async () => {
    expect(names(await list({ filter: { vacationType: [type.T2] } }))).toEqual(["V2", "V4"]);
  });

  it("issueDate keeps the vacations issued on the given days", async () => {
    expect(names(await list({ filter: { issueDate: ["2091-01-10"] } }))).toEqual(["V1"]);
    expect(names(await list({ filter: { issueDate: ["2091-01-09", "2091-01-12"] } }))).toEqual(["V4", "V3"]);
    expect(codes(await t.gql(VACATIONS, { filter: { issueDate: ["2091-02-30"] } }))).toEqual(["BAD_USER_INPUT"]);
  });

  it("vacationTypeIsActive keeps the vacations whose type is (in)active", async () => {
    expect(names(await listMine({ vacationTypeIsActive: [false] }))).toEqual(["V2", "V4"]);
    expect(names(await listMine({ vacationTypeIsActive: [true] }))).toEqual(["V1", "V3"]);
    expect(names(await listMine({ vacationTypeIsActive: [true, false] }))).toEqual(["V1", "V2", "V4", "V3"]);
  });

  it("calendarUserCanLogIn keeps the vacations of users who can (not) log in", async () => {
    expect(names(await listMine({ calendarUserCanLogIn: false }))).toEqual(["V4", "V3"]);
    expect(names(await listMine({ calendarUserCanLogIn: true }))).toEqual(["V1", "V2"]);
  });

  it("vacationDatesDate keeps vacations with a day in the range, each bound as named", async () => {
    const range = async (r: Record<string, string>) => names(await listMine({ vacationDatesDate: r }));
    expect(await range({ after: "2091-02-05", before: "2091-02-28" })).toEqual(["V3"]);
    expect(await range({ after: "2091-02-03" })).toEqual(["V1", "V2", "V3"]);
    expect(await range({ strictlyAfter: "2091-02-03" })).toEqual(["V2", "V3"]);
    expect(await range({ before: "2091-02-02" })).toEqual(["V1"]);
    expect(await range({ strictlyBefore: "2091-02-02" })).toEqual([]);
    // V1 has 02-02 and 02-03: each bound alone is met by one of its days, but no single day lies between
    expect(await range({ strictlyAfter: "2091-02-02", strictlyBefore: "2091-02-03" })).toEqual([]);
    expect(await range({ after: "2091-02-03", before: "2091-02-03" })).toEqual(["V1"]);
  });

  it("vacationDatesDate takes calendar days, not moments: no time zone can shift a bound (issue 24)", async () => {
    // a moment is refused, naming the bound: its day would depend on the zone it is read in
    for (const moment of ["2091-02-03T00:00:00+01:00", "2091-02-03T00:00:00Z"]) {
      const r = await t.gql(VACATIONS, { filter: { calendarUser: mine, vacationDatesDate: { after: moment } } });
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(r.errors![0].message).not.toContain(moment);
    }
    const inline = await t.gql(gql`{ vacations(filter: { vacationDatesDate: { before: "2091-02-03T00:00:00+01:00" } }) { items { id } } }`);
    expect(codes(inline)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
    // the schema says so
    const type = await t.gql(gql`{ __type(name: "DateRangeFilter") { inputFields { name type { name } } } }`);
    expect(type.data!.__type.inputFields.map((f: any) => `${f.name}: ${f.type.name}`)).toEqual([
      "before: Date",
      "strictlyBefore: Date",
      "after: Date",
      "strictlyAfter: Date",
    ]);
  });

  it("combines different filters with AND", async () => {
    expect(names(await list({ filter: { calendarUser: [user.A], status: ["q"], vacationYear: [2091] } }))).toEqual(["V1"]);
    expect(names(await list({ filter: { calendarUser: [user.A], status: ["rejected"] } }))).toEqual([]);
  });

  it("checks filter values: search length, ids", async () => {
    expect((await t.gql(VACATIONS, { filter: { search: "x".repeat(200) } })).errors).toBeUndefined();
    const long = await t.gql(VACATIONS, { filter: { search: "x".repeat(201) } });
    expect(codes(long)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(long)).toEqual(["filter.search"]);
    const badId = await t.gql(VACATIONS, { filter: { calendarUser: [user.A, "not-a-uuid"] } });
    expect(codes(badId)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(badId)).toEqual(["filter.calendarUser.1"]);
  });
});

describe("E7 vacations: order and pages", () => {
  const ordered = async (order: Array<Record<string, string>>) => names(await listMine({}, { order }));

  it("defaults to vacation year ascending", async () => {
    expect(await ordered([])).toEqual(["V1", "V2", "V4", "V3"]);
    expect(names(await listMine())).toEqual(["V1", "V2", "V4", "V3"]);
  });

  it("orders by vacationYear", async () => {
    expect(await ordered([{ vacationYear: "DESC" }])).toEqual(["V3", "V4", "V2", "V1"]);
  });

  it("orders by status", async () => {
    expect(await ordered([{ status: "ASC" }])).toEqual(["V2", "V4", "V1", "V3"]);
    expect(await ordered([{ status: "DESC" }])).toEqual(["V3", "V1", "V4", "V2"]);
  });

  it("orders by vacationTypeName, then by the next key, then by id", async () => {
    expect(await ordered([{ vacationTypeName: "ASC" }, { vacationYear: "DESC" }])).toEqual(["V3", "V1", "V4", "V2"]);
    expect(await ordered([{ vacationTypeName: "DESC" }, { vacationYear: "ASC" }])).toEqual(["V2", "V4", "V1", "V3"]);
    // ties on the only key are broken by id, ascending
    const byId = (a: string, b: string) => (vac[a as keyof typeof vac] < vac[b as keyof typeof vac] ? -1 : 1);
    expect(await ordered([{ vacationTypeName: "ASC" }])).toEqual([...["V1", "V3"].sort(byId), ...["V2", "V4"].sort(byId)]);
  });

  it("orders by issueDate", async () => {
    expect(await ordered([{ issueDate: "ASC" }])).toEqual(["V4", "V1", "V2", "V3"]);
    expect(await ordered([{ issueDate: "DESC" }])).toEqual(["V3", "V2", "V1", "V4"]);
  });

  it("orders by createdAt", async () => {
    expect(await ordered([{ createdAt: "ASC" }])).toEqual(["V1", "V3", "V2", "V4"]);
    expect(await ordered([{ createdAt: "DESC" }])).toEqual(["V4", "V2", "V3", "V1"]);
  });

  it("orders by updatedAt", async () => {
    expect(await ordered([{ updatedAt: "ASC" }])).toEqual(["V4", "V2", "V1", "V3"]);
    expect(await ordered([{ updatedAt: "DESC" }])).toEqual(["V3", "V1", "V2", "V4"]);
  });

  it("orders by the earliest vacation day; a vacation without days comes last", async () => {
    expect(await ordered([{ vacationDatesDate: "ASC" }])).toEqual(["V1", "V3", "V2", "V4"]);
    expect(await ordered([{ vacationDatesDate: "DESC" }])).toEqual(["V2", "V3", "V1", "V4"]);
  });

  it("refuses an order element with two keys", async () => {
    const r = await t.gql(VACATIONS, { order: [{ status: "ASC", issueDate: "DESC" }] });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["order.0"]);
  });

  it("pages without overlap or gaps, and reports the totals", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listMine({}, { page, itemsPerPage: 3, order: [{ createdAt: "ASC" }] }));
    expect(pages.map(names)).toEqual([["V1", "V3", "V2"], ["V4"], []]);
    expect(pages[0].paginationInfo).toEqual({ page: 1, itemsPerPage: 3, totalCount: 4, lastPage: 2, hasNextPage: true });
    expect(pages[1].paginationInfo).toEqual({ page: 2, itemsPerPage: 3, totalCount: 4, lastPage: 2, hasNextPage: false });
    const none = await listMine({}, { itemsPerPage: 0 });
    expect(none.items).toEqual([]);
    expect(none.paginationInfo.totalCount).toBe(4);
    const all = await listMine({}, { pagination: false, itemsPerPage: 1 });
    expect(names(all)).toEqual(["V1", "V2", "V4", "V3"]);
  });

  it("pagination: false reports the same page facts when items are not selected (issue 24)", async () => {
    const info = gql`query ($filter: VacationFilter) { vacations(filter: $filter, pagination: false) { paginationInfo { page itemsPerPage totalCount lastPage hasNextPage } } }`;
    const r = await t.gql(info, { filter: { calendarUser: mine } });
    expect(r.errors).toBeUndefined();
    expect(r.data!.vacations.paginationInfo).toEqual({ page: 1, itemsPerPage: 4, totalCount: 4, lastPage: 1, hasNextPage: false });
  });

  it("checks page bounds: itemsPerPage 0..100, page >= 1", async () => {
    expect((await t.gql(VACATIONS, { itemsPerPage: 100 })).errors).toBeUndefined();
    const tooMany = await t.gql(VACATIONS, { itemsPerPage: 101 });
    expect(codes(tooMany)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(tooMany)).toEqual(["itemsPerPage"]);
    expect(invalidFields(await t.gql(VACATIONS, { itemsPerPage: -1 }))).toEqual(["itemsPerPage"]);
    expect(invalidFields(await t.gql(VACATIONS, { page: 0 }))).toEqual(["page"]);
  });
});

describe("E7 vacations: statements", () => {
  it("loads a page in the same number of statements whatever its length and the lists inside", async () => {
    // 25 vacations of C, each with 6 days and 3 comments by different users, accepted by the admin
    for (let i = 0; i < 25; i += 1) {
      const days = Array.from({ length: 6 }, (_, k) => d(`2095-0${1 + (i % 9)}-${String(1 + k + (i % 3) * 7).padStart(2, "0")}`));
      await t.db.vacation.create({
        data: {
          calendarUserId: user.C,
          vacationTypeId: type.T1,
          status: "accepted",
          description: `Masowy urlop ${i}`,
          searchText: `masowy urlop ${i}`,
          vacationYear: 2095,
          issueDate: d("2095-01-02"),
          firstDate: days[0],
          acceptedById: demoIds.adminUserId,
          dates: { create: days.map((date) => ({ date })) },
          comments: { create: [user.A, user.B, user.L].map((calendarUserId, k) => ({ calendarUserId, content: `Komentarz ${k}` })) },
        },
      });
    }
    const small = { filter: { vacationYear: [2094] } };
    const large = { filter: { vacationYear: [2095] }, itemsPerPage: 100 };
    expect((await list(large, leaderToken)).items).toHaveLength(25);
    expect((await list(small, leaderToken)).items).toHaveLength(1);
    for (const token of [undefined, leaderToken]) {
      const auth = await t.countStatements(() => t.gql("{ __typename }", {}, token));
      const smallCount = await t.countStatements(() => t.gql(VACATIONS, small, token));
      const largeCount = await t.countStatements(() => t.gql(VACATIONS, large, token));
      expect(largeCount).toBe(smallCount);
      // the page (people, type, dates, comments, day count and canManage inside it) and its count
      expect(largeCount - auth).toBeLessThanOrEqual(2);
    }
  });
});
