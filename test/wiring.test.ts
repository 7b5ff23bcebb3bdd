import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildAppSchema, checkEntityList } from "../src/schema/build-schema";
import { auditFederation } from "./support/schema-audit";
import { ENTITIES, RESOLVERS } from "../src/schema/registry";
import type { Area } from "../src/resolvers/area";
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
    expect(() =>
      checkEntityList(
        schema,
        ENTITIES.filter((e) => e.typeName !== "Risk"),
      ),
    ).toThrow(/missing Risk;/);
    const stage = ENTITIES.find((e) => e.typeName === "Stage")!;
    expect(() => checkEntityList(schema, [...ENTITIES, stage])).toThrow(/repeated Stage/);
  });
});

describe("the layout by area", () => {
  const services = join(__dirname, "../src/services");
  const areas = readdirSync(services, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "shared")
    .map((d) => d.name);

  it("gives every area one read module, named after it, and a folder of types", () => {
    expect(areas.length).toBeGreaterThanOrEqual(10);
    for (const area of areas) {
      const reads = readdirSync(join(services, area)).filter((f) => f.endsWith(".read.ts"));
      expect({ area, reads }).toEqual({ area, reads: [`${area}.read.ts`] });
      expect(readdirSync(join(__dirname, "../src/types", area)).length).toBeGreaterThan(0);
    }
  });

  it("has an area module per folder of src/resolvers, whose index lists every resolver class of its files; the registry only concatenates them", async () => {
    const root = join(__dirname, "../src/resolvers");
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual([...areas].sort());
    const concatenated: { resolvers: unknown[]; entities: unknown[] } = { resolvers: [], entities: [] };
    for (const folder of folders) {
      const index = (await import(join(root, folder, "index"))) as Record<string, Area>;
      expect(Object.keys(index)).toEqual([`${folder}Area`]);
      const area = index[`${folder}Area`];
      const declared = [];
      for (const file of readdirSync(join(root, folder)).filter((f) => f.endsWith(".resolver.ts"))) {
        declared.push(...Object.values((await import(join(root, folder, file))) as Record<string, unknown>));
      }
      expect(new Set(area.resolvers)).toEqual(new Set(declared));
      concatenated.resolvers.push(...area.resolvers);
      concatenated.entities.push(...area.entities);
    }
    expect(new Set(RESOLVERS)).toEqual(new Set(concatenated.resolvers));
    expect(new Set(ENTITIES)).toEqual(new Set(concatenated.entities));
  });

  it("defines every listed entity in the read module of its area, and entities nowhere else", async () => {
    const definedIn = new Map<unknown, string>();
    for (const area of areas) {
      const module = (await import(join(services, area, `${area}.read`))) as Record<string, unknown>;
      for (const value of Object.values(module)) definedIn.set(value, area);
    }
    const homeless = ENTITIES.filter((e) => !definedIn.has(e)).map((e) => e.typeName);
    expect(homeless).toEqual([]);

    // a definition is a call `defineEntity(X, ` or `entityOf(X, ` (an entity from a read model); the functions
    // themselves are declared with `<T extends`, and entityOf's own call of defineEntity is the read models' machinery
    const src = join(__dirname, "../src");
    const machinery = "/services/shared/read-model.ts";
    const callers = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
        const path = join(dir, d.name);
        if (d.isDirectory()) return callers(path);
        return /\b(defineEntity|entityOf)\(\w+, /.test(readFileSync(path, "utf8")) ? [path.slice(src.length)] : [];
      });
    const found = callers(src);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((path) => path !== machinery && !/^\/services\/(\w+)\/\1\.read\.ts$/.test(path))).toEqual([]);
  });
});

describe("the answer of a mutation", () => {
  it("is read back after the write, even when the request loaded the object before", async () => {
    const update = (alias: string, description: string) =>
      `${alias}: updateStage(id: $id, input: { description: "${description}" }) { id description }`;
    const r = await t.gql(gql`mutation ($id: ID!) { ${update("first", "First write")} ${update("second", "Second write")} }`, {
      id: demoIds.stageId,
    });
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
    const stored = await t.db.shortcut.findMany({
      where: { id: { in: [one.id, two.id] } },
      orderBy: { weight: "asc" },
      select: { id: true, name: true, weight: true },
    });
    expect(stored).toEqual([one, two]);
  });
});
