import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { Prisma } from "../src/db/client";
import { codes, createTestApp, demoIds, gql, invalidFields, type TestApp } from "./support/test-app";

/**
 * E9 projectTemplate. A fixture template carries one saved value of every data type, with
 * definitions, options and users whose weights and names run against their creation order.
 */
let t: TestApp;
let otherToken: string;
const fx = {
  categoryId: randomUUID(),
  departmentId: randomUUID(),
  userA: randomUUID(),
  userB: randomUUID(),
  otherUser: randomUUID(),
  defs: {
    text: randomUUID(),
    float: randomUUID(),
    datetime: randomUUID(),
    select: randomUUID(),
    users: randomUUID(),
    department: randomUUID(),
  },
  options: { low: randomUUID(), high: randomUUID() },
};

const TEMPLATE = gql`
  query Template($id: ID!) {
    projectTemplate(id: $id) {
      id name description
      projectCategory { id name }
      dateStart dateEnd stageDatesRelativeToProject isBlameableRemovalEnabled isPublic isSimple
      createdBy { id shortCode firstName lastName email pictureSm pictureLg contractorName jobPositionName canLogIn isExternal }
      savedCustomFieldValues {
        definition { id name weight description scope dataType floatDisplayType floatDecimalPlaces floatCurrencyCode }
        valueText valueFloat valueDateTime
        valueSelectOptions { id value weight decorator }
        valueSelectUsers { id firstName lastName email pictureSm }
        valueDepartment { id name }
      }
    }
  }
`;

interface TemplateOptions {
  isPublic?: boolean;
  createdById?: string;
  /** how many times the set of six values (one per data type) is saved */
  copies?: number;
  /** options and users chosen per select/users value */
  choices?: number;
}

/** A template with `copies` values of each of the six data types. */
async function createTemplate(o: TemplateOptions = {}): Promise<string> {
  const id = randomUUID();
  await t.db.projectTemplate.create({
    data: {
      id,
      name: `Template ${id.slice(0, 8)}`,
      description: "A template for fixture projects",
      projectCategoryId: fx.categoryId,
      dateStart: new Date("2026-01-05T08:00:00.000Z"),
      dateEnd: new Date("2026-04-30T16:00:00.000Z"),
      stageDatesRelativeToProject: false,
      isBlameableRemovalEnabled: true,
      isPublic: o.isPublic ?? true,
      isSimple: true,
      createdById: o.createdById ?? fx.userA,
    },
  });
  const copies = o.copies ?? 1;
  const choices = o.choices ?? 2;
  const optionIds = choices <= 2 ? [fx.options.low, fx.options.high].slice(0, choices) : await extraOptions(choices);
  const userIds = choices <= 2 ? [fx.userA, fx.userB].slice(0, choices) : await extraUsers(choices);
  for (let c = 0; c < copies; c += 1) {
    const base = { projectTemplateId: id };
    await t.db.customFieldValue.create({ data: { ...base, definitionId: fx.defs.text, valueText: "Umowa 12/2026" } });
    await t.db.customFieldValue.create({ data: { ...base, definitionId: fx.defs.float, valueFloat: new Prisma.Decimal("125000.500000") } });
    await t.db.customFieldValue.create({
      data: { ...base, definitionId: fx.defs.datetime, valueDateTime: new Date("2026-02-01T10:30:00.000Z") },
    });
    await t.db.customFieldValue.create({
      data: { ...base, definitionId: fx.defs.select, valueSelectOptions: { create: optionIds.map((optionId) => ({ optionId })) } },
    });
    await t.db.customFieldValue.create({
      data: { ...base, definitionId: fx.defs.users, valueSelectUsers: { create: userIds.map((userId) => ({ userId })) } },
    });
    await t.db.customFieldValue.create({ data: { ...base, definitionId: fx.defs.department, valueDepartmentId: fx.departmentId } });
  }
  return id;
}

async function extraOptions(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.customFieldSelectOption.createMany({
    data: ids.map((id, i) => ({ id, definitionId: fx.defs.select, value: `Extra ${i}`, weight: 100 + i })),
  });
  return ids;
}

async function extraUsers(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.user.createMany({
    data: ids.map((id, i) => ({
      id,
      email: `tpl-x-${id}@fixture.example`,
      firstName: `Extra${i}`,
      lastName: "Chosen",
      shortCode: `TX${id.slice(0, 8)}`,
    })),
  });
  return ids;
}

async function run(id: string, token?: string | null) {
  return t.gql(TEMPLATE, { id }, token);
}

async function ok(id: string, token?: string | null) {
  const r = await run(id, token);
  expect(r.errors).toBeUndefined();
  // as on the wire: DateTime values become ISO strings
  return JSON.parse(JSON.stringify(r.data!.projectTemplate)) as Record<string, any>;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await db.projectCategory.create({ data: { id: fx.categoryId, name: "Fixture category" } });
  await db.department.create({ data: { id: fx.departmentId, name: "Fixture department" } });
  const job = await db.jobPosition.create({ data: { name: "Template author" } });
  const contractor = await db.contractor.create({ data: { name: "Template Co", shortCode: `TPL${fx.userA.slice(0, 6)}` } });
  // userB sorts before userA by last name although created after it
  await db.user.create({
    data: {
      id: fx.userA,
      email: `tpl-a-${fx.userA}@fixture.example`,
      firstName: "Anna",
      lastName: "Zawadzka",
      shortCode: `TA${fx.userA.slice(0, 6)}`,
      pictureSm: "https://cdn.example/a-sm.png",
      pictureLg: "https://cdn.example/a-lg.png",
      jobPositionId: job.id,
      contractorId: contractor.id,
      isExternal: true,
    },
  });
  await db.user.create({
    data: {
      id: fx.userB,
      email: `tpl-b-${fx.userB}@fixture.example`,
      firstName: "Bartosz",
      lastName: "Adamczyk",
      shortCode: `TB${fx.userB.slice(0, 6)}`,
    },
  });
  await db.user.create({
    data: {
      id: fx.otherUser,
      email: `tpl-o-${fx.otherUser}@fixture.example`,
      firstName: "Olga",
      lastName: "Other",
      shortCode: `TO${fx.otherUser.slice(0, 6)}`,
    },
  });
  otherToken = await issueToken(db, fx.otherUser);
  // definitions: weights descend as they are created, so creation order is the reverse of the answer's
  const defs = [
    { id: fx.defs.text, dataType: "text", weight: 60 },
    { id: fx.defs.float, dataType: "float", weight: 50, floatDisplayType: "currency", floatDecimalPlaces: 2, floatCurrencyCode: "PLN" },
    { id: fx.defs.datetime, dataType: "datetime", weight: 40 },
    { id: fx.defs.select, dataType: "select", weight: 30 },
    { id: fx.defs.users, dataType: "users", weight: 20 },
    { id: fx.defs.department, dataType: "department", weight: 10 },
  ];
  for (const d of defs) {
    await db.customFieldDefinition.create({
      data: { ...d, name: `Fixture ${d.dataType}`, description: `A ${d.dataType} field`, scope: "project" },
    });
  }
  await db.customFieldSelectOption.create({
    data: { id: fx.options.low, definitionId: fx.defs.select, value: "Low", weight: 2, decorator: "#44a069" },
  });
  await db.customFieldSelectOption.create({
    data: { id: fx.options.high, definitionId: fx.defs.select, value: "High", weight: 1, decorator: "#d32f2f" },
  });
});
afterAll(() => t.close());

describe("E9 projectTemplate", () => {
  it("serves the template, its category, author and saved values with definitions", async () => {
    const id = await createTemplate();
    const r = await ok(id);
    const row = await t.db.projectTemplate.findUniqueOrThrow({ where: { id } });
    expect(r).toMatchObject({
      id,
      name: row.name,
      description: "A template for fixture projects",
      projectCategory: { id: fx.categoryId, name: "Fixture category" },
      dateStart: "2026-01-05T08:00:00.000Z",
      dateEnd: "2026-04-30T16:00:00.000Z",
      stageDatesRelativeToProject: false,
      isBlameableRemovalEnabled: true,
      isPublic: true,
      isSimple: true,
    });
    expect(r.createdBy).toEqual({
      id: fx.userA,
      shortCode: `TA${fx.userA.slice(0, 6)}`,
      firstName: "Anna",
      lastName: "Zawadzka",
      email: `tpl-a-${fx.userA}@fixture.example`,
      pictureSm: "https://cdn.example/a-sm.png",
      pictureLg: "https://cdn.example/a-lg.png",
      contractorName: "Template Co",
      jobPositionName: "Template author",
      canLogIn: true,
      isExternal: true,
    });
    const values = r.savedCustomFieldValues as Array<Record<string, any>>;
    // by definition weight: department (10) first, text (60) last
    expect(values.map((v) => v.definition.dataType)).toEqual(["department", "users", "select", "datetime", "float", "text"]);
    const byType = Object.fromEntries(values.map((v) => [v.definition.dataType, v]));
    expect(byType.float.definition).toEqual({
      id: fx.defs.float,
      name: "Fixture float",
      weight: 50,
      description: "A float field",
      scope: "project",
      dataType: "float",
      floatDisplayType: "currency",
      floatDecimalPlaces: 2,
      floatCurrencyCode: "PLN",
    });
    expect(byType.text).toMatchObject({
      valueText: "Umowa 12/2026",
      valueFloat: null,
      valueDateTime: null,
      valueSelectOptions: [],
      valueSelectUsers: [],
      valueDepartment: null,
    });
    expect(byType.float.valueFloat).toBe("125000.5");
    expect(byType.datetime.valueDateTime).toBe("2026-02-01T10:30:00.000Z");
    expect(byType.select.valueSelectOptions).toEqual([
      { id: fx.options.high, value: "High", weight: 1, decorator: "#d32f2f" },
      { id: fx.options.low, value: "Low", weight: 2, decorator: "#44a069" },
    ]);
    expect(byType.users.valueSelectUsers).toEqual([
      { id: fx.userB, firstName: "Bartosz", lastName: "Adamczyk", email: `tpl-b-${fx.userB}@fixture.example`, pictureSm: "" },
      {
        id: fx.userA,
        firstName: "Anna",
        lastName: "Zawadzka",
        email: `tpl-a-${fx.userA}@fixture.example`,
        pictureSm: "https://cdn.example/a-sm.png",
      },
    ]);
    expect(byType.department.valueDepartment).toEqual({ id: fx.departmentId, name: "Fixture department" });
  });

  it("serves the demo templates as stored", async () => {
    const r = await ok(demoIds.projectTemplateId);
    const row = await t.db.projectTemplate.findUniqueOrThrow({ where: { id: demoIds.projectTemplateId } });
    expect(r.name).toBe(row.name);
    expect(r.isPublic).toBe(row.isPublic);
    expect(r.createdBy.id).toBe(row.createdById);
    expect(r.projectCategory?.id ?? null).toBe(row.projectCategoryId);
    const values = await t.db.customFieldValue.findMany({
      where: { projectTemplateId: demoIds.projectTemplateId },
      include: { definition: true },
      orderBy: [{ definition: { weight: "asc" } }, { id: "asc" }],
    });
    expect(values.length).toBeGreaterThan(0);
    expect(r.savedCustomFieldValues.map((v: any) => [v.definition.id, v.valueText, v.valueFloat])).toEqual(
      values.map((v) => [v.definitionId, v.valueText, v.valueFloat === null ? null : v.valueFloat.toFixed()]),
    );
    expect((await ok(demoIds.privateProjectTemplateId)).isPublic).toBe(false);
    const owner = (await t.db.projectTemplate.findUniqueOrThrow({ where: { id: demoIds.privateProjectTemplateId } })).createdById;
    const ownerToken = await issueToken(t.db, owner);
    expect((await ok(demoIds.privateProjectTemplateId, ownerToken)).createdBy.id).toBe(owner);
  });

  it("shows a public template to any user", async () => {
    const id = await createTemplate({ createdById: fx.userA });
    expect((await ok(id, otherToken)).id).toBe(id);
    expect((await ok(id, t.userToken)).id).toBe(id);
  });

  it("shows a private template to its author and to admins", async () => {
    const id = await createTemplate({ isPublic: false, createdById: fx.otherUser });
    expect((await ok(id, otherToken)).isPublic).toBe(false);
    expect((await ok(id)).id).toBe(id);
  });

  it("a private template is FORBIDDEN to anyone else", async () => {
    const id = await createTemplate({ isPublic: false, createdById: fx.userA });
    const r = await run(id, otherToken);
    expect(codes(r)).toEqual(["FORBIDDEN"]);
    expect(r.data?.projectTemplate).toBeNull();
    const demoUser = await run(id, t.userToken);
    expect(codes(demoUser)).toEqual(["FORBIDDEN"]);
  });

  it("resolves federation references only to templates the caller may see", async () => {
    const visible = await createTemplate({ isPublic: true });
    const hidden = await createTemplate({ isPublic: false, createdById: fx.userA });
    const q = gql`query Refs($r: [_Any!]!) { _entities(representations: $r) { ... on ProjectTemplate { id name } } }`;
    const representations = [visible, hidden].map((id) => ({ __typename: "ProjectTemplate", id }));
    const asOther = await t.gql(q, { r: representations }, otherToken);
    expect(asOther.errors).toBeUndefined();
    expect((asOther.data!._entities as any[]).map((e) => e?.id ?? null)).toEqual([visible, null]);
    const asAdmin = await t.gql(q, { r: representations });
    expect((asAdmin.data!._entities as any[]).map((e) => e.id)).toEqual([visible, hidden]);
  });

  it("resolves custom field definitions and options as federation entities", async () => {
    const q = gql`query Refs($r: [_Any!]!) { _entities(representations: $r) {
      ... on CustomFieldDefinition { id name dataType floatCurrencyCode }
      ... on CustomFieldOption { id value weight decorator } } }`;
    const r = await t.gql(q, {
      r: [
        { __typename: "CustomFieldDefinition", id: fx.defs.float },
        { __typename: "CustomFieldOption", id: fx.options.low },
        { __typename: "CustomFieldOption", id: randomUUID() },
      ],
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!._entities).toEqual([
      { id: fx.defs.float, name: "Fixture float", dataType: "float", floatCurrencyCode: "PLN" },
      { id: fx.options.low, value: "Low", weight: 2, decorator: "#44a069" },
      null,
    ]);
  });

  it("an unknown template is NOT_FOUND", async () => {
    const r = await run(randomUUID());
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.data?.projectTemplate).toBeNull();
  });

  it("a malformed id is BAD_USER_INPUT", async () => {
    const r = await run("12345");
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["id"]);
  });

  it("needs a token", async () => {
    const r = await run(demoIds.projectTemplateId, null);
    expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
  });

  it("loads a template with many values in as many statements as one with few", async () => {
    const small = await createTemplate({ copies: 1, choices: 1 });
    // as many values and choices as the caps let a template answer (150 values, 20 choices each)
    const large = await createTemplate({ copies: 25, choices: 20 });
    let smallResult: any;
    let largeResult: any;
    const auth = await t.countStatements(() => t.gql("{ __typename }"));
    const smallCount = await t.countStatements(async () => (smallResult = await ok(small)));
    const largeCount = await t.countStatements(async () => (largeResult = await ok(large)));
    expect(smallResult.savedCustomFieldValues).toHaveLength(6);
    expect(largeResult.savedCustomFieldValues).toHaveLength(150);
    const select = largeResult.savedCustomFieldValues.find((v: any) => v.definition.dataType === "select");
    const users = largeResult.savedCustomFieldValues.find((v: any) => v.definition.dataType === "users");
    expect(select.valueSelectOptions).toHaveLength(20);
    expect(users.valueSelectUsers).toHaveLength(20);
    expect(largeCount).toBe(smallCount);
    // one statement beyond authentication: the template with its category, author and values inside
    expect(largeCount - auth).toBe(1);
  });
});
