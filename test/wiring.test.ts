import { buildAppSchema, checkEntityList } from "../src/schema/build-schema";
import { auditFederation } from "../src/federation/schema-audit";
import { ENTITIES } from "../src/schema/registry";
import { createTestApp, demoIds, gql, type TestApp } from "./support/test-app";

/**
 * The explicit wiring of src/schema/registry.ts: the subgraph serves the entities listed there,
 * the list is checked against the schema's `@key` types at start-up, and every mutation answers
 * through the entity's loader (`ctx.loaders.loadWritten`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the written list of entities", () => {
  it("names exactly the schema's @key types, each once", async () => {
    const listed = ENTITIES.map((e) => e.typeName);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(auditFederation((await buildAppSchema()).sdl).entities);
  });

  it("is checked at start-up: a @key type left out of the list, or one listed twice, stops the schema", () => {
    const schema = t.app.schema;
    expect(() => checkEntityList(schema)).not.toThrow();
    expect(() => checkEntityList(schema, ENTITIES.filter((e) => e.typeName !== "Risk"))).toThrow(/missing Risk;/);
    const stage = ENTITIES.find((e) => e.typeName === "Stage")!;
    expect(() => checkEntityList(schema, [...ENTITIES, stage])).toThrow(/repeated Stage/);
  });
});

describe("the answer of a mutation", () => {
  it("is read back after the write, even when the request loaded the object before", async () => {
    const update = (alias: string, description: string) =>
      `${alias}: updateStage(id: $id, input: { description: "${description}" }) { id description }`;
    const r = await t.gql(gql`mutation ($id: ID!) { ${update("first", "First write")} ${update("second", "Second write")} }`, { id: demoIds.stageId });
    expect(r.errors).toBeUndefined();
    expect(r.data).toEqual({
      first: { id: demoIds.stageId, description: "First write" },
      second: { id: demoIds.stageId, description: "Second write" },
    });
  });

  it("is the written object when the write returned it in the loader's shape (E20), one per write", async () => {
    const create = (alias: string, name: string) =>
      `${alias}: createShortcut(input: { name: "${name}", viewUrl: "/${alias}", isOpenedInNewTab: false }) { id name weight }`;
    const r = await t.gql(gql`mutation { ${create("one", "First")} ${create("two", "Second")} }`);
    expect(r.errors).toBeUndefined();
    const { one, two } = r.data as { one: { id: string; name: string; weight: number }; two: { id: string; name: string; weight: number } };
    expect([one.name, two.name]).toEqual(["First", "Second"]);
    expect(two.weight).toBe(one.weight + 1);
    const stored = await t.db.shortcut.findMany({ where: { id: { in: [one.id, two.id] } }, orderBy: { weight: "asc" }, select: { id: true, name: true, weight: true } });
    expect(stored).toEqual([one, two]);
  });
});
