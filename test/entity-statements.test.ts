import type { GraphQLObjectType } from "graphql";
import { createTestApp, demoIds, type TestApp } from "./support/test-app";
import { ENTITIES } from "../src/schema/registry";
import { auditFederation } from "./support/schema-audit";
import { everything } from "./support/full-selection";
import { onPostgres } from "./support/databases";
import { describeIf } from "./support/skip";

/**
 * Issue 10: `_entities` answers a batch of representations of any entity type with at most two
 * SQL statements beyond authentication (one per batch, nested rows as JSON; a field resolver
 * below may add one), whatever the batch's size. Every entity of the registry is tried, so a new
 * entity cannot skip the bound. The access policy may add its own look-ups where a budget or an
 * hourly rate is selected (src/auth/visibility.ts), as in test/read-statements.test.ts.
 */
let t: TestApp;
let base: { admin: number; user: number };

beforeAll(async () => {
  // the widest selections, wider than the cost limit admits: statement counts, not cost (query-cost.test.ts)
  t = await createTestApp({ MAX_QUERY_COST: "100000000", MAX_RESULT_NODES: "100000000" });
  base = {
    admin: await t.countStatements(() => t.gql("{ __typename }")),
    user: await t.countStatements(() => t.gql("{ __typename }", {}, t.userToken)),
  };
});
afterAll(() => t.close());

/** Prisma models whose name is not the type's (settings and gantt share their project's id). */
const MODEL_OF: Record<string, string> = {
  ProjectSettings: "projectSettings",
  ProjectGantt: "project",
  NoteContractor: "contractor",
  AssignedProjectUser: "projectUserAssignment",
  CustomFieldOption: "customFieldSelectOption",
};

const BATCH = 20;
/** What the access policy may add when budget or rate fields are selected: the caller's project role and the project's hidden-rate roles. */
const POLICY = 2;
/** What an entity's read rule may look up for a caller who is not an admin: the objects' projects, the caller's roles in them. */
const READ_RULE = 2;

/** Up to `BATCH` stored ids of the entity (a shortcut is its owner's alone: the admin's, who asks). */
async function storedIds(typeName: string): Promise<string[]> {
  const model = MODEL_OF[typeName] ?? typeName[0].toLowerCase() + typeName.slice(1);
  const delegate = (t.db as unknown as Record<string, { findMany: (a: object) => Promise<Array<{ id: string }>> }>)[model];
  const where = typeName === "Shortcut" ? { userId: demoIds.adminUserId } : {};
  return (await delegate.findMany({ where, select: { id: true }, orderBy: { id: "asc" }, take: BATCH })).map((r) => r.id);
}

async function statements(query: string, reps: object[], token: string, who: "admin" | "user"): Promise<{ n: number; answers: unknown[] }> {
  let answers: unknown[] = [];
  let errors: unknown;
  const n = await t.countStatements(async () => {
    const res = await t.gql<{ _entities: unknown[] }>(query, { reps }, token);
    errors = res.errors;
    answers = res.data?._entities ?? [];
  });
  expect(errors).toBeUndefined();
  return { n: n - base[who], answers };
}

/** The written list of entities (src/schema/registry.ts). */
const typeNames = () => ENTITIES.map((d) => d.typeName).sort();

describe("issue 10: statements per _entities batch, for every entity", () => {
  it("covers every entity the subgraph serves", async () => {
    const res = await t.gql<{ _service: { sdl: string } }>("{ _service { sdl } }", {}, null);
    const served = auditFederation(res.data!._service.sdl).entities.sort();
    expect(served).toEqual(typeNames());
    expect(served.length).toBeGreaterThan(30);
  });

  it("every entity: a batch costs at most 2 statements beyond authentication, the same for 1 and for a batch", async () => {
    const counts: Record<string, { narrow: number; wide: number; user: number }> = {};
    for (const typeName of typeNames()) counts[typeName] = await batchCosts(typeName);
    const overBound = Object.entries(counts)
      .filter(([, c]) => c.narrow > 2 || c.wide > 2 + POLICY)
      .map(([typeName]) => typeName);
    expect(overBound).toEqual([]);
    // the figures, for the report and for anyone tightening the bound
    console.log(
      `_entities statements beyond authentication (batch of up to ${BATCH}):\n${Object.entries(counts)
        .map(([k, v]) => `${k}: ${v.narrow}/${v.wide}/${v.user}`)
        .join("\n")}`,
    );
  }, 120_000);
});

describeIf(!onPostgres, "SQLite's own form of a batch")("SQLite reads an entity's batch as one JSON array", () => {
  it("every entity: the batch read as one JSON array answers what it answers read as rows", async () => {
    const { read, viewer } = await t.contextOf({ ...(await t.app.context(t.adminToken)).viewer! });
    // the same statement's rows, as PostgreSQL's path reads them (SQL still SQLite's: the dialect is the statement builder's)
    const asRows = Object.create(read, { kind: { value: "postgres" } }) as typeof read;
    for (const entity of ENTITIES) {
      const ids = await storedIds(entity.typeName);
      const answers = await entity.loadMany(read, ids, viewer);
      expect(answers.length).toBeGreaterThan(0);
      // toEqual tells a Date from its text and a nested object from its JSON
      expect({ type: entity.typeName, answers }).toEqual({ type: entity.typeName, answers: await entity.loadMany(asRows, ids, viewer) });
    }
  });
});

/** Checks one entity's bounds; returns its counts (admin narrow, admin wide, user wide). */
async function batchCosts(typeName: string): Promise<{ narrow: number; wide: number; user: number }> {
  {
    const ids = await storedIds(typeName);
    expect(ids.length).toBeGreaterThan(0);
    const reps = ids.map((id) => ({ __typename: typeName, id }));
    const type = t.app.schema.getType(typeName) as GraphQLObjectType;
    const wideAt = (depth: number) =>
      `query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on ${typeName} { ${everything(type, depth)} } } }`;
    // three levels deep where the cost limit allows a batch of it, else two
    const tooCostly = (await t.gql(wideAt(3), { reps })).errors?.some((e) => e.extensions?.code === "QUERY_TOO_COMPLEX");
    const wide = wideAt(tooCostly ? 2 : 3);
    const narrow = `query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on ${typeName} { id } } }`;

    // as an admin, for whom the read rule needs no look-up (a shortcut's and a private template's
    // owner are looked up for everyone: that is the one statement of the rule)
    const wideAll = await statements(wide, reps, t.adminToken, "admin");
    const narrowAll = await statements(narrow, reps, t.adminToken, "admin");
    const narrowOne = await statements(narrow, reps.slice(0, 1), t.adminToken, "admin");
    const wideOne = await statements(wide, reps.slice(0, 1), t.adminToken, "admin");
    // every stored row resolves: the batch really loads them
    expect(narrowAll.answers.filter((a) => a !== null)).toHaveLength(ids.length);
    expect(wideAll.answers.filter((a) => a !== null)).toHaveLength(ids.length);
    // as an ordinary user the read rule may first look up the batch's projects and the caller's
    // roles in them (src/auth/visibility.ts, ENTITY_READ): two more, once per batch
    const userAll = await statements(wide, reps, t.userToken, "user");
    // one batch, not one look-up per row: a batch of one costs what the whole batch costs
    expect({ typeName, narrow: narrowAll.n, wide: wideAll.n }).toEqual({ typeName, narrow: narrowOne.n, wide: wideOne.n });
    expect({ typeName, user: userAll.n <= 2 + POLICY + READ_RULE }).toEqual({ typeName, user: true });
    return { narrow: narrowAll.n, wide: wideAll.n, user: userAll.n };
  }
}
