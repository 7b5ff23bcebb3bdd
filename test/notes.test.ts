import { randomUUID } from "node:crypto";
import { userSearchText } from "../src/seed/search-text";
import { codes, createTestApp, demoIds, gql, invalidFields, type TestApp } from "./support/test-app";

/**
 * E14 note. A fixture contractor K1 has every kind of custom field, attendants (the demo user
 * among them), industry branches and tags; K2 has none of the demo user; BIG has many of each, to
 * show the statement count does not grow with the lists.
 */
let t: TestApp;
const id = {
  N1: randomUUID(),
  N2: randomUUID(),
  Bare: randomUUID(),
  Big: randomUUID(),
  K1: randomUUID(),
  K2: randomUUID(),
  BIG: randomUUID(),
  S: randomUUID(),
  X: randomUUID(),
  Y: randomUUID(),
  Dep: randomUUID(),
  IB1: randomUUID(),
  IB2: randomUUID(),
  Tag1: randomUUID(),
  Tag2: randomUUID(),
  DefText: randomUUID(),
  DefFloat: randomUUID(),
  DefDate: randomUUID(),
  DefSelect: randomUUID(),
  DefUsers: randomUUID(),
  DefDep: randomUUID(),
  OptA: randomUUID(),
  OptB: randomUUID(),
  OptC: randomUUID(),
};

const NOTE = gql`
  query Note($id: ID!) {
    note(id: $id) {
      id name content createdAt updatedAt deadline
      createdBy { id firstName lastName email pictureSm pictureLg isExternal contractorId contractorName canLogIn phoneNumber jobPositionName }
      assignedUser { id firstName lastName email pictureSm pictureLg isExternal contractorId contractorName canLogIn phoneNumber jobPositionName }
      status { id name createdAt updatedAt decorator }
      contractor {
        id name fullName pictureSm pictureLg email phoneNumber defaultLocation shortCode canManage vatId
        attendants { id firstName lastName email pictureSm pictureLg }
        industryBranches { id name }
        tags { id name }
        customFields {
          id valueId name description dataType valueText valueFloat valueDateTime
          valueSelectOptions { id value weight decorator }
          valueSelectUsers { id firstName lastName email pictureSm }
          valueDepartment { id name }
        }
      }
    }
  }
`;

async function note(noteId: string, token?: string | null): Promise<Record<string, any>> {
  const r = await t.gql(NOTE, { id: noteId }, token);
  expect(r.errors).toBeUndefined();
  // as a client receives it over HTTP: date-times as ISO strings
  return JSON.parse(JSON.stringify(r.data!.note)) as Record<string, any>;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const users = [
    {
      id: id.X,
      firstName: "Xawery",
      lastName: "Notatkowy",
      shortCode: "NTX",
      isExternal: true,
      phoneNumber: "+48 600 100 200",
      pictureSm: "https://img.example/x-sm.png",
      pictureLg: "https://img.example/x-lg.png",
    },
    {
      id: id.Y,
      firstName: "Anna",
      lastName: "Adamska",
      shortCode: "NTY",
      isExternal: false,
      phoneNumber: "",
      pictureSm: "",
      pictureLg: "",
    },
  ];
  for (const u of users) {
    const email = `${u.shortCode.toLowerCase()}@note-fixture.example`;
    await db.user.create({ data: { ...u, email, contractorId: null, searchText: userSearchText({ ...u, email }) } });
  }
  await db.department.create({ data: { id: id.Dep, name: "Fixture Sales" } });
  await db.noteStatus.create({
    data: {
      id: id.S,
      name: "Do zrobienia",
      decorator: "#d32f2f",
      createdAt: new Date("2030-01-01T00:00:00Z"),
      updatedAt: new Date("2030-01-02T00:00:00Z"),
    },
  });
  await db.contractor.createMany({
    data: [
      {
        id: id.K1,
        name: "Notex",
        fullName: "Notex Sp. z o.o.",
        shortCode: "NOTEXK1",
        email: "biuro@notex.example",
        phoneNumber: "+48 22 100 20 30",
        pictureSm: "https://img.example/k1-sm.png",
        pictureLg: "https://img.example/k1-lg.png",
        defaultLocation: "Kraków, ul. Długa 1",
        vatId: "6761234567",
      },
      { id: id.K2, name: "Othex", shortCode: "NOTEXK2" },
      { id: id.BIG, name: "Bigex", shortCode: "NOTEXBIG" },
    ],
  });
  await db.contractorAttendant.createMany({
    data: [
      { contractorId: id.K1, userId: id.X },
      { contractorId: id.K1, userId: demoIds.userId },
      { contractorId: id.K1, userId: id.Y },
      // K2 is looked after by three people, none of them the demo user
      { contractorId: id.K2, userId: id.X },
      { contractorId: id.K2, userId: id.Y },
      { contractorId: id.K2, userId: demoIds.adminUserId },
    ],
  });
  await db.industryBranch.createMany({
    data: [
      { id: id.IB1, name: "Zbrojeniówka fixture" },
      { id: id.IB2, name: "Budownictwo fixture" },
    ],
  });
  await db.contractorIndustryBranch.createMany({
    data: [
      { contractorId: id.K1, industryBranchId: id.IB1 },
      { contractorId: id.K1, industryBranchId: id.IB2 },
    ],
  });
  await db.tag.createMany({
    data: [
      { id: id.Tag1, name: "zz-fixture-vip" },
      { id: id.Tag2, name: "aa-fixture-lead" },
    ],
  });
  await db.contractorTag.createMany({
    data: [
      { contractorId: id.K1, tagId: id.Tag1 },
      { contractorId: id.K1, tagId: id.Tag2 },
    ],
  });
  const def = (defId: string, name: string, dataType: string, weight: number) => ({
    id: defId,
    name,
    dataType,
    weight,
    scope: "contractor",
    description: `${name} of the client`,
  });
  await db.customFieldDefinition.createMany({
    data: [
      def(id.DefUsers, "Opiekunowie", "users", 5),
      def(id.DefText, "Segment", "text", 1),
      def(id.DefDep, "Dział", "department", 6),
      def(id.DefFloat, "Obrót", "float", 2),
      def(id.DefSelect, "Branża", "select", 4),
      def(id.DefDate, "Odnowienie", "datetime", 3),
    ],
  });
  await db.customFieldSelectOption.createMany({
    data: [
      { id: id.OptA, definitionId: id.DefSelect, value: "IT", weight: 2, decorator: "#44a069" },
      { id: id.OptB, definitionId: id.DefSelect, value: "Retail", weight: 1, decorator: "#2490e3" },
      { id: id.OptC, definitionId: id.DefSelect, value: "Unused", weight: 3 },
    ],
  });
  const k1Values = [
    { definitionId: id.DefText, valueText: "Enterprise" },
    { definitionId: id.DefFloat, valueFloat: "1234567.125" },
    { definitionId: id.DefDate, valueDateTime: new Date("2031-03-31T10:00:00Z") },
    { definitionId: id.DefSelect },
    { definitionId: id.DefUsers },
    { definitionId: id.DefDep, valueDepartmentId: id.Dep },
  ];
  for (const v of k1Values) {
    const created = await db.customFieldValue.create({ data: { ...v, contractorId: id.K1 } });
    if (v.definitionId === id.DefSelect) {
      await db.customFieldValueSelectOption.createMany({
        data: [
          { valueId: created.id, optionId: id.OptA },
          { valueId: created.id, optionId: id.OptB },
        ],
      });
    }
    if (v.definitionId === id.DefUsers) {
      await db.customFieldValueUser.createMany({
        data: [
          { valueId: created.id, userId: id.X },
          { valueId: created.id, userId: id.Y },
        ],
      });
    }
  }
  await db.note.createMany({
    data: [
      {
        id: id.N1,
        name: "Zadzwonić w sprawie umowy",
        content: "Omówić aneks",
        createdById: demoIds.adminUserId,
        assignedUserId: id.X,
        contractorId: id.K1,
        statusId: id.S,
        deadline: new Date("2030-02-01T09:00:00Z"),
        createdAt: new Date("2030-01-05T08:00:00Z"),
        updatedAt: new Date("2030-01-06T08:00:00Z"),
      },
      { id: id.N2, name: "Othex follow-up", createdById: id.Y, contractorId: id.K2 },
      { id: id.Bare, name: "Bez kontrahenta", createdById: id.Y },
      { id: id.Big, name: "Big contractor", createdById: id.Y, contractorId: id.BIG },
    ],
  });
});
afterAll(() => t.close());

describe("E14 note", () => {
  it("serves the note, its people and status from stored data", async () => {
    const n = await note(id.N1);
    const admin = await t.db.user.findUniqueOrThrow({
      where: { id: demoIds.adminUserId },
      include: { contractor: true, jobPosition: true },
    });
    expect(n).toMatchObject({
      id: id.N1,
      name: "Zadzwonić w sprawie umowy",
      content: "Omówić aneks",
      createdAt: "2030-01-05T08:00:00.000Z",
      updatedAt: "2030-01-06T08:00:00.000Z",
      deadline: "2030-02-01T09:00:00.000Z",
      status: {
        id: id.S,
        name: "Do zrobienia",
        decorator: "#d32f2f",
        createdAt: "2030-01-01T00:00:00.000Z",
        updatedAt: "2030-01-02T00:00:00.000Z",
      },
      createdBy: {
        id: admin.id,
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        pictureSm: admin.pictureSm,
        pictureLg: admin.pictureLg,
        isExternal: admin.isExternal,
        contractorId: admin.contractorId,
        contractorName: admin.contractor?.name ?? null,
        canLogIn: admin.canLogIn,
        phoneNumber: admin.phoneNumber,
        jobPositionName: admin.jobPosition?.name ?? null,
      },
      assignedUser: {
        id: id.X,
        firstName: "Xawery",
        lastName: "Notatkowy",
        email: "ntx@note-fixture.example",
        pictureSm: "https://img.example/x-sm.png",
        pictureLg: "https://img.example/x-lg.png",
        isExternal: true,
        contractorId: null,
        contractorName: null,
        canLogIn: true,
        phoneNumber: "+48 600 100 200",
        jobPositionName: null,
      },
    });
  });

  it("serves the contractor with attendants, industry branches and tags, in name order", async () => {
    const c = (await note(id.N1)).contractor;
    expect(c).toMatchObject({
      id: id.K1,
      name: "Notex",
      fullName: "Notex Sp. z o.o.",
      pictureSm: "https://img.example/k1-sm.png",
      pictureLg: "https://img.example/k1-lg.png",
      email: "biuro@notex.example",
      phoneNumber: "+48 22 100 20 30",
      defaultLocation: "Kraków, ul. Długa 1",
      shortCode: "NOTEXK1",
      vatId: "6761234567",
    });
    const demo = await t.db.user.findUniqueOrThrow({ where: { id: demoIds.userId } });
    const expected = [
      { id: id.Y, firstName: "Anna", lastName: "Adamska", email: "nty@note-fixture.example", pictureSm: "", pictureLg: "" },
      {
        id: demo.id,
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        pictureSm: demo.pictureSm,
        pictureLg: demo.pictureLg,
      },
      {
        id: id.X,
        firstName: "Xawery",
        lastName: "Notatkowy",
        email: "ntx@note-fixture.example",
        pictureSm: "https://img.example/x-sm.png",
        pictureLg: "https://img.example/x-lg.png",
      },
    ].sort((a, b) => (a.lastName === b.lastName ? (a.firstName < b.firstName ? -1 : 1) : a.lastName < b.lastName ? -1 : 1));
    expect(c.attendants).toEqual(expected);
    expect(c.industryBranches).toEqual([
      { id: id.IB2, name: "Budownictwo fixture" },
      { id: id.IB1, name: "Zbrojeniówka fixture" },
    ]);
    expect(c.tags).toEqual([
      { id: id.Tag2, name: "aa-fixture-lead" },
      { id: id.Tag1, name: "zz-fixture-vip" },
    ]);
  });

  it("serves each custom field with its definition and value, by the fields' weight", async () => {
    const fields = (await note(id.N1)).contractor.customFields as Array<Record<string, any>>;
    const values = await t.db.customFieldValue.findMany({ where: { contractorId: id.K1 } });
    const valueIdOf = (definitionId: string) => values.find((v) => v.definitionId === definitionId)!.id;
    expect(fields.map((f) => f.id)).toEqual([id.DefText, id.DefFloat, id.DefDate, id.DefSelect, id.DefUsers, id.DefDep]);
    for (const f of fields) expect(f.valueId).toBe(valueIdOf(f.id));
    const empty = {
      valueText: null,
      valueFloat: null,
      valueDateTime: null,
      valueSelectOptions: [],
      valueSelectUsers: [],
      valueDepartment: null,
    };
    expect(fields[0]).toEqual({
      ...empty,
      id: id.DefText,
      valueId: fields[0].valueId,
      name: "Segment",
      description: "Segment of the client",
      dataType: "text",
      valueText: "Enterprise",
    });
    expect(fields[1]).toMatchObject({ dataType: "float", valueFloat: "1234567.125", valueText: null });
    expect(fields[2]).toMatchObject({ dataType: "datetime", valueDateTime: "2031-03-31T10:00:00.000Z" });
    expect(fields[3]).toMatchObject({
      dataType: "select",
      valueSelectOptions: [
        { id: id.OptB, value: "Retail", weight: 1, decorator: "#2490e3" },
        { id: id.OptA, value: "IT", weight: 2, decorator: "#44a069" },
      ],
    });
    expect(fields[4]).toMatchObject({
      dataType: "users",
      valueSelectUsers: [
        { id: id.Y, firstName: "Anna", lastName: "Adamska", email: "nty@note-fixture.example", pictureSm: "" },
        {
          id: id.X,
          firstName: "Xawery",
          lastName: "Notatkowy",
          email: "ntx@note-fixture.example",
          pictureSm: "https://img.example/x-sm.png",
        },
      ],
    });
    expect(fields[5]).toMatchObject({ dataType: "department", valueDepartment: { id: id.Dep, name: "Fixture Sales" } });
  });

  it("contractor.canManage: admins and the contractor's attendants", async () => {
    expect((await note(id.N1)).contractor.canManage).toBe(true);
    expect((await note(id.N1, t.userToken)).contractor.canManage).toBe(true);
    expect((await note(id.N2)).contractor.canManage).toBe(true);
    expect((await note(id.N2, t.userToken)).contractor.canManage).toBe(false);
  });

  it("leaves contractor, status, assignee and deadline null when the note has none", async () => {
    const n = await note(id.Bare, t.userToken);
    expect(n).toMatchObject({ name: "Bez kontrahenta", content: "", contractor: null, status: null, assignedUser: null, deadline: null });
    expect(n.createdBy.id).toBe(id.Y);
  });

  it("serves the demo note as stored", async () => {
    const row = await t.db.note.findUniqueOrThrow({ where: { id: demoIds.noteId } });
    const n = await note(demoIds.noteId);
    expect(n).toMatchObject({ id: row.id, name: row.name, content: row.content, createdBy: { id: row.createdById } });
    expect(n.contractor?.id ?? null).toBe(row.contractorId);
    expect(n.status?.id ?? null).toBe(row.statusId);
    expect(n.assignedUser?.id ?? null).toBe(row.assignedUserId);
  });

  it("is NOT_FOUND (null) for an unknown id, BAD_USER_INPUT for a malformed one, and needs a token", async () => {
    const missing = await t.gql(NOTE, { id: randomUUID() });
    expect(codes(missing)).toEqual(["NOT_FOUND"]);
    expect(missing.data?.note ?? null).toBeNull();
    const malformed = await t.gql(NOTE, { id: "note-1" });
    expect(codes(malformed)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(malformed)).toEqual(["id"]);
    const anon = await t.gql(NOTE, { id: id.N1 }, null);
    expect(codes(anon)).toEqual(["UNAUTHENTICATED"]);
    expect(anon.data ?? null).toBeNull();
  });

  it("resolves Note references for the gateway in one batch", async () => {
    const r = await t.gql(
      gql`
      query Refs($reps: [_Any!]!) { _entities(representations: $reps) { ... on Note { id name contractor { id } } } }
    `,
      {
        reps: [
          { __typename: "Note", id: id.N1 },
          { __typename: "Note", id: id.Bare },
        ],
      },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!._entities).toEqual([
      { id: id.N1, name: "Zadzwonić w sprawie umowy", contractor: { id: id.K1 } },
      { id: id.Bare, name: "Bez kontrahenta", contractor: null },
    ]);
  });

  it("loads the contractor's lists in the same number of statements whatever their length", async () => {
    const db = t.db;
    const many = 12; // more than a contractor usually has, within the caps of its lists (20 and 30)
    const people = Array.from({ length: many }, (_, i) => {
      const p = {
        id: randomUUID(),
        firstName: `Masowy${i}`,
        lastName: `Opiekun${i}`,
        shortCode: `NTM${i}`,
        email: `ntm${i}@note-fixture.example`,
      };
      return { ...p, searchText: userSearchText(p) };
    });
    await db.user.createMany({ data: people });
    await db.contractorAttendant.createMany({ data: people.map((p) => ({ contractorId: id.BIG, userId: p.id })) });
    const branches = Array.from({ length: many }, (_, i) => ({ id: randomUUID(), name: `Branża masowa ${i}` }));
    await db.industryBranch.createMany({ data: branches });
    await db.contractorIndustryBranch.createMany({ data: branches.map((b) => ({ contractorId: id.BIG, industryBranchId: b.id })) });
    const tags = Array.from({ length: many }, (_, i) => ({ id: randomUUID(), name: `fixture-mass-tag-${i}` }));
    await db.tag.createMany({ data: tags });
    await db.contractorTag.createMany({ data: tags.map((tag) => ({ contractorId: id.BIG, tagId: tag.id })) });
    for (let i = 0; i < many; i += 1) {
      const defId = randomUUID();
      await db.customFieldDefinition.create({
        data: { id: defId, name: `Pole ${i}`, dataType: i % 2 ? "select" : "users", scope: "contractor", weight: 10 + i },
      });
      const value = await db.customFieldValue.create({ data: { definitionId: defId, contractorId: id.BIG } });
      if (i % 2) {
        const options = Array.from({ length: 4 }, (_, k) => ({ id: randomUUID(), definitionId: defId, value: `Opcja ${k}`, weight: k }));
        await db.customFieldSelectOption.createMany({ data: options });
        await db.customFieldValueSelectOption.createMany({ data: options.map((o) => ({ valueId: value.id, optionId: o.id })) });
      } else {
        await db.customFieldValueUser.createMany({ data: people.slice(0, 4).map((p) => ({ valueId: value.id, userId: p.id })) });
      }
    }
    const big = await note(id.Big);
    expect(big.contractor.attendants).toHaveLength(many);
    expect(big.contractor.customFields).toHaveLength(many);
    const auth = await t.countStatements(() => t.gql("{ __typename }"));
    const small = await t.countStatements(() => t.gql(NOTE, { id: id.N1 }));
    const large = await t.countStatements(() => t.gql(NOTE, { id: id.Big }));
    expect(large).toBe(small);
    // one statement beyond authentication: the note with its people, status and contractor inside it
    expect(large - auth).toBe(1);
  });
});
