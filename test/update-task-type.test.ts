import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { TASK_TYPE_DECORATORS } from "../src/inputs/task/update-task-type.input";
import { codes, createTestApp, gql, invalidFields, type TestApp } from "./support/test-app";
import { httpGql } from "./support/server-process";

/** E19 updateTaskType, on fixture task types and categories (the demo dictionaries stay as seeded). */
let t: TestApp;
let pmRoleToken: string;
const id = () => randomUUID();
const fx = { type: id(), other: id(), pmUser: id(), categories: Array.from({ length: 12 }, () => id()) };
const catName = (i: number) => `Kategoria ${String(i).padStart(2, "0")}`;

const UPDATE = gql`
  mutation Update($id: ID!, $input: UpdateTaskTypeInput!) {
    updateTaskType(id: $id, input: $input) { id name decorator categories { id name } }
  }
`;

const run = (typeId: string, input: Record<string, unknown>, token?: string | null) => t.gql(UPDATE, { id: typeId, input }, token);

async function ok(typeId: string, input: Record<string, unknown>, token?: string | null) {
  const r = await run(typeId, input, token);
  expect(r.errors).toBeUndefined();
  return r.data!.updateTaskType as { id: string; name: string; decorator: string; categories: { id: string; name: string }[] };
}

const stored = async (typeId = fx.type) => {
  const row = await t.db.taskType.findUniqueOrThrow({ where: { id: typeId }, include: { categories: true } });
  return { name: row.name, decorator: row.decorator, categories: row.categories.map((c) => c.categoryId).sort() };
};

async function expectRejected(input: Record<string, unknown>, field: string) {
  const before = await stored();
  const r = await run(fx.type, input);
  expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
  expect(invalidFields(r)).toEqual([field]);
  expect(r.data?.updateTaskType).toBeNull();
  expect(await stored()).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.projectCategory.createMany({ data: fx.categories.map((cid, i) => ({ id: cid, name: catName(i) })) });
  await t.db.taskType.create({
    data: { id: fx.type, name: "Błąd", decorator: "#d32f2f", categories: { create: [{ categoryId: fx.categories[0] }] } },
  });
  await t.db.taskType.create({ data: { id: fx.other, name: "Spotkanie", decorator: "#987284" } });
  await t.db.user.create({
    data: {
      id: fx.pmUser,
      email: `${fx.pmUser}@tasktype.example`,
      firstName: "Paweł",
      lastName: "Typ",
      shortCode: `TT${fx.pmUser.slice(0, 8)}`,
    },
  });
  await t.db.userRole.create({ data: { userId: fx.pmUser, role: "pm" } });
  pmRoleToken = await issueToken(t.db, fx.pmUser);
});
afterAll(() => t.close());

describe("E19 updateTaskType", () => {
  it("changes name, colour and categories and answers from the stored rows", async () => {
    const r = await ok(fx.type, { name: "Usterka", decorator: "#f57f17", categories: [fx.categories[2], fx.categories[1]] });
    expect(await stored()).toEqual({ name: "Usterka", decorator: "#f57f17", categories: [fx.categories[1], fx.categories[2]].sort() });
    // categories come ordered by name
    expect(r).toEqual({
      id: fx.type,
      name: "Usterka",
      decorator: "#f57f17",
      categories: [
        { id: fx.categories[1], name: catName(1) },
        { id: fx.categories[2], name: catName(2) },
      ],
    });
  });

  it("keeps absent fields", async () => {
    await ok(fx.type, { name: "Usterka", decorator: "#f57f17", categories: [fx.categories[3]] });
    expect(await ok(fx.type, { name: "Tylko nazwa" })).toMatchObject({
      name: "Tylko nazwa",
      decorator: "#f57f17",
      categories: [{ id: fx.categories[3] }],
    });
    expect(await ok(fx.type, { decorator: "#2490e3" })).toMatchObject({
      name: "Tylko nazwa",
      decorator: "#2490e3",
      categories: [{ id: fx.categories[3] }],
    });
    expect(await ok(fx.type, {})).toMatchObject({ name: "Tylko nazwa", decorator: "#2490e3" });
    expect(await stored()).toEqual({ name: "Tylko nazwa", decorator: "#2490e3", categories: [fx.categories[3]] });
  });

  it("replaces the category set: repeats count once, [] removes all", async () => {
    const r = await ok(fx.type, { categories: [fx.categories[4], fx.categories[4], fx.categories[5]] });
    expect(r.categories.map((c) => c.id)).toEqual([fx.categories[4], fx.categories[5]]);
    expect((await stored()).categories).toEqual([fx.categories[4], fx.categories[5]].sort());
    expect((await ok(fx.type, { categories: [] })).categories).toEqual([]);
    expect((await stored()).categories).toEqual([]);
    // another task type's links are not touched
    await t.db.taskTypeCategory.create({ data: { taskTypeId: fx.other, categoryId: fx.categories[6] } });
    await ok(fx.type, { categories: [fx.categories[6]] });
    expect((await stored(fx.other)).categories).toEqual([fx.categories[6]]);
  });

  it("accepts each of the ten colours and nothing else", async () => {
    for (const colour of TASK_TYPE_DECORATORS) expect((await ok(fx.type, { decorator: colour })).decorator).toBe(colour);
    for (const colour of ["#ffffff", "#78909C", "red", ""]) await expectRejected({ decorator: colour }, "input.decorator");
  });

  it("checks name at its bounds", async () => {
    expect((await ok(fx.type, { name: "n".repeat(100) })).name).toHaveLength(100);
    await expectRejected({ name: "n".repeat(101) }, "input.name");
    await expectRejected({ name: "" }, "input.name");
  });

  it("refuses null for every field (categories: [] clears)", async () => {
    for (const field of ["name", "decorator", "categories"]) await expectRejected({ [field]: null }, `input.${field}`);
  });

  it("bounds the category list at 100", async () => {
    await expectRejected({ categories: Array.from({ length: 101 }, () => fx.categories[0]) }, "input.categories");
  });

  it("refuses categories that do not exist, changing nothing", async () => {
    await ok(fx.type, { name: "Przed", categories: [fx.categories[7]] });
    const before = await stored();
    const r = await run(fx.type, { name: "Po", categories: [fx.categories[8], randomUUID()] });
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.data?.updateTaskType).toBeNull();
    expect(await stored()).toEqual(before);
  });

  it("answers NOT_FOUND for an unknown task type and BAD_USER_INPUT for malformed ids", async () => {
    const missing = await run(randomUUID(), { name: "x" });
    expect(codes(missing)).toEqual(["NOT_FOUND"]);
    expect(missing.data?.updateTaskType).toBeNull();
    const malformed = await run("42", { name: "x" });
    expect(codes(malformed)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(malformed)).toEqual(["id"]);
    await expectRejected({ categories: [fx.categories[0], "nope"] }, "input.categories.1");
  });

  it("needs a token, and the admin or pm role", async () => {
    const before = await stored();
    expect(codes(await run(fx.type, { name: "Anonim" }, null))).toEqual(["UNAUTHENTICATED"]);
    const forbidden = await run(fx.type, { name: "Zwykły użytkownik" }, t.userToken);
    expect(codes(forbidden)).toEqual(["FORBIDDEN"]);
    expect(forbidden.data?.updateTaskType).toBeNull();
    expect(await stored()).toEqual(before);
    expect((await ok(fx.type, { name: "Przez PM" }, pmRoleToken)).name).toBe("Przez PM");
  });

  it("costs the same number of statements for one category and for twelve", async () => {
    const one = await t.countStatements(() => ok(fx.type, { categories: [fx.categories[0]] }));
    const twelve = await t.countStatements(() => ok(fx.type, { categories: fx.categories }));
    expect((await stored()).categories).toHaveLength(12);
    expect(one).toBeGreaterThan(0);
    expect(twelve).toBe(one);
    console.log(`updateTaskType statements: ${one}/${twelve}`);
  });

  it("resolves as a federation entity", async () => {
    const r = await t.gql(
      gql`query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on TaskType { id name decorator categories { id } } } }`,
      {
        reps: [{ __typename: "TaskType", id: fx.other }],
      },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!._entities).toEqual([{ id: fx.other, name: "Spotkanie", decorator: "#987284", categories: [{ id: fx.categories[6] }] }]);
  });

  it("50 concurrent updates of one task type's categories, over HTTP: each succeeds or is CONFLICT, and one submitted set wins whole", async () => {
    const url = await t.url();
    // 50 different sets, each of 1-4 categories, several sharing categories (the unique pair of a link)
    const sets = Array.from({ length: 50 }, (_, i) =>
      [0, 1, 2, 3].slice(0, 1 + (i % 4)).map((k) => fx.categories[(i + k * 3) % fx.categories.length]),
    );
    const results = await Promise.all(
      sets.map((categories, i) => httpGql(url, UPDATE, { id: fx.type, input: { name: `Wyścig ${i}`, categories } }, t.adminToken)),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const failures = results.flatMap((r) => r.body.errors ?? []).map((e) => e.extensions?.code);
    expect(failures.filter((c) => c !== "CONFLICT")).toEqual([]);
    expect(results.filter((r) => !r.body.errors).length).toBeGreaterThan(0);
    // the stored state is exactly one of the submitted updates: its name with its set of categories
    const final = await stored();
    const winner = Number(final.name.replace("Wyścig ", ""));
    expect([...new Set(sets[winner])].sort()).toEqual(final.categories);
  });
});
