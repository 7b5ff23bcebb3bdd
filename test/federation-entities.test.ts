import { randomUUID } from "node:crypto";
import { codes, createTestApp, demoIds, invalidFields, type TestApp } from "./support/test-app";
import { auditFederation } from "./support/schema-audit";
import { atLeastUsers } from "./federation/more-users";

/**
 * `_entities`, the field a gateway calls to resolve references into this subgraph: batched (one
 * users statement for any number of User representations), null for unknown ids, the same
 * rules as any other field for ids and tokens. `_service` is public.
 */
let t: TestApp;
let userIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  userIds = await atLeastUsers(t.db, 100);
});
afterAll(() => t.close());

const ENTITIES = /* GraphQL */ `
  query Refs($reps: [_Any!]!) {
    _entities(representations: $reps) {
      __typename
      ... on User {
        id
        firstName
        lastName
        email
        jobPositionName
        contractorName
        canManage
        userDepartments { id isLeader department { id name } }
        ssoProviders { id type isUserLinked }
      }
    }
  }
`;

const userReps = (ids: readonly string[]) => ids.map((id) => ({ __typename: "User", id }));

interface UserEntity {
  __typename: string;
  id: string;
  firstName: string;
  email: string;
  canManage: boolean;
  userDepartments: Array<{ id: string; department: { id: string } }>;
  ssoProviders: Array<{ id: string }>;
}

/** Collects the SQL the app sends while `fn` runs (Prisma's and the read side's). */
const statementsOf = (fn: () => Promise<unknown>) => t.statementsOf(fn);

/** Statements that read the User table by a list of ids: the batched entity load. */
const USER_BY_IDS =
  /FROM\s+([`"]\w+[`"]\.)?[`"]User[`"](\s+as\s+"u")?\s+WHERE\s+\(?\s*([`"]\w+[`"]\.)?[`"](User|u)[`"]\.[`"]id[`"]\s+(IN\s*\(|=\s*ANY)/i;
const userByIdStatements = (sql: string[]) => sql.filter((q) => USER_BY_IDS.test(q));

describe("_entities for User", () => {
  it("resolves 100 references in order, with the stored data", async () => {
    const ids = userIds.slice(0, 100);
    const res = await t.gql<{ _entities: UserEntity[] }>(ENTITIES, { reps: userReps(ids) });
    expect(res.errors).toBeUndefined();
    const entities = res.data!._entities;
    expect(entities.map((e) => e.id)).toEqual(ids);
    expect(entities.every((e) => e.__typename === "User")).toBe(true);

    const rows = await t.db.user.findMany({
      where: { id: { in: ids } },
      include: { userDepartments: true, ssoLinks: true },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const e of entities) {
      const row = byId.get(e.id)!;
      expect({ firstName: e.firstName, email: e.email }).toEqual({ firstName: row.firstName, email: row.email });
      expect(e.userDepartments.map((d) => d.department.id).sort()).toEqual(row.userDepartments.map((d) => d.departmentId).sort());
      expect(e.ssoProviders.map((p) => p.id).sort()).toEqual(row.ssoLinks.map((l) => l.ssoProviderId).sort());
    }
    // the nested lists are not all empty: the batch really loads them
    expect(entities.filter((e) => e.userDepartments.length > 0).length).toBeGreaterThan(10);
  });

  it("costs the same number of statements for 10 and for 100 references, for an admin and an ordinary user", async () => {
    for (const token of [t.adminToken, t.userToken]) {
      const small = await t.countStatements(() => t.gql(ENTITIES, { reps: userReps(userIds.slice(0, 10)) }, token));
      const large = await t.countStatements(() => t.gql(ENTITIES, { reps: userReps(userIds.slice(0, 100)) }, token));
      expect({ token: token === t.adminToken ? "admin" : "user", small, large }).toEqual({
        token: token === t.adminToken ? "admin" : "user",
        small: large,
        large,
      });
      // authentication, then one statement: the users with their contractor, job position,
      // departments, SSO links and the caller's canManage inside it
      const auth = await t.countStatements(() => t.gql("{ __typename }", {}, token));
      expect(large - auth).toBe(1);
    }
  });

  it("reads the users of a 100-reference batch with ONE statement", async () => {
    const none = userByIdStatements(await statementsOf(() => t.gql(ENTITIES, { reps: [] })));
    const hundred = userByIdStatements(await statementsOf(() => t.gql(ENTITIES, { reps: userReps(userIds.slice(0, 100)) })));
    // whatever authentication reads of User is in both; the batch adds exactly one statement
    expect(hundred.length - none.length).toBe(1);
  });

  it("reads what the document selects of the users, and their id: a narrow selection is a narrow statement", async () => {
    const narrow = `query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { firstName } } }`;
    const ids = userIds.slice(0, 5);
    let answer: unknown;
    const [sql] = userByIdStatements(await statementsOf(async () => (answer = (await t.gql(narrow, { reps: userReps(ids) })).data)));
    expect(answer).toEqual({
      _entities: await Promise.all(ids.map(async (id) => ({ firstName: (await t.db.user.findUnique({ where: { id } }))!.firstName }))),
    });
    expect(sql).toMatch(/firstName/);
    expect(sql).toMatch(/"id"/);
    for (const unselected of ["email", "lastName", "UserDepartment", "SsoProvider", "JobPosition"]) expect(sql).not.toContain(unselected);
  });

  it("computes canManage for the caller: the ordinary demo user manages no one outside the departments they lead", async () => {
    const ids = userIds.slice(0, 100);
    const asAdmin = await t.gql<{ _entities: UserEntity[] }>(ENTITIES, { reps: userReps(ids) });
    const asUser = await t.gql<{ _entities: UserEntity[] }>(ENTITIES, { reps: userReps(ids) }, t.userToken);
    expect(asAdmin.data!._entities.every((e) => e.canManage)).toBe(true);
    const led = new Set(
      (await t.db.userDepartment.findMany({ where: { userId: demoIds.userId, isLeader: true } })).map((d) => d.departmentId),
    );
    for (const e of asUser.data!._entities) {
      expect({ id: e.id, canManage: e.canManage }).toEqual({
        id: e.id,
        canManage: e.userDepartments.some((d) => led.has(d.department.id)),
      });
    }
  });

  it("resolves an unknown id to null, without an error, and keeps the other positions", async () => {
    const unknown = randomUUID();
    const res = await t.gql<{ _entities: Array<UserEntity | null> }>(ENTITIES, {
      reps: userReps([demoIds.adminUserId, unknown, demoIds.userId]),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!._entities.map((e) => e?.id ?? null)).toEqual([demoIds.adminUserId, null, demoIds.userId]);
  });

  it("refuses a malformed id with BAD_USER_INPUT on that position only", async () => {
    const res = await t.gql<{ _entities: Array<UserEntity | null> }>(ENTITIES, {
      reps: userReps([demoIds.adminUserId, "not-a-uuid", demoIds.userId]),
    });
    expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(res)).toEqual(["representations.1.id"]);
    expect(res.errors![0].path).toEqual(["_entities", 1]);
    expect(res.data!._entities.map((e) => e?.id ?? null)).toEqual([demoIds.adminUserId, null, demoIds.userId]);
  });

  it("refuses a reference without an id, or to a type that is not an entity here, the same way", async () => {
    const res = await t.gql<{ _entities: Array<UserEntity | null> }>(ENTITIES, {
      reps: [{ __typename: "User" }, { __typename: "UserRef", id: demoIds.userId }, { __typename: "User", id: demoIds.userId }],
    });
    expect(codes(res)).toEqual(["BAD_USER_INPUT", "BAD_USER_INPUT"]);
    expect(res.errors!.map((e) => (e.extensions!.validationErrors as Array<{ field: string }>)[0].field)).toEqual([
      "representations.0.id",
      "representations.1.__typename",
    ]);
    expect(res.data!._entities.map((e) => e?.id ?? null)).toEqual([null, null, demoIds.userId]);
  });

  it("requires a token: UNAUTHENTICATED, nothing resolved", async () => {
    const res = await t.gql(ENTITIES, { reps: userReps([demoIds.adminUserId]) }, null);
    expect(codes(res)).toEqual(["UNAUTHENTICATED"]);
    expect(res.data ?? null).toBeNull();
    const wrong = await t.gql(ENTITIES, { reps: userReps([demoIds.adminUserId]) }, "wm_not_a_real_token");
    expect(codes(wrong)).toEqual(["UNAUTHENTICATED"]);
  });
});

describe("_entities for the invoice area", () => {
  it("answers each entity type's batch with ONE statement, whatever the batch size", async () => {
    const [invoices, costs, incomes, numberings, currencies] = await Promise.all([
      t.db.invoice.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 20 }),
      t.db.invoiceCost.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 20 }),
      t.db.invoiceIncome.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 20 }),
      t.db.invoiceNumbering.findMany({ select: { id: true }, orderBy: { id: "asc" } }),
      t.db.currencyDictionary.findMany({ select: { id: true }, orderBy: { id: "asc" } }),
    ]);
    const all = {
      Invoice: invoices,
      InvoiceCost: costs,
      InvoiceIncome: incomes,
      InvoiceNumbering: numberings,
      CurrencyDictionary: currencies,
    };
    const query = `query ($reps: [_Any!]!) { _entities(representations: $reps) {
      ... on Invoice { id no items { order netAmount } prevItems { order } costs { id priceNet } incomes { id priceGross } numbering { id closestCounter }
        createdBy { id contractorName } financeProject { id } financeTask { id } invoice { id items { order } } corrects { id } prevCorrect { id } }
      ... on InvoiceCost { id priceNet } ... on InvoiceIncome { id priceGross } ... on InvoiceNumbering { id closestCounter } ... on CurrencyDictionary { id code }
    } }`;
    const auth = await t.countStatements(() => t.gql("{ __typename }"));
    for (const [typeName, rows] of Object.entries(all)) {
      expect(rows.length).toBeGreaterThan(1);
      const run = (n: number) => t.gql(query, { reps: rows.slice(0, n).map((r) => ({ __typename: typeName, id: r.id })) });
      const answer = await run(rows.length);
      expect({ typeName, errors: answer.errors, ids: answer.data!._entities.map((e: { id: string }) => e.id) }).toEqual({
        typeName,
        errors: undefined,
        ids: rows.map((r) => r.id),
      });
      const one = await t.countStatements(() => run(1));
      const many = await t.countStatements(() => run(rows.length));
      expect({ typeName, one: one - auth, many: many - auth }).toEqual({ typeName, one: 1, many: 1 });
    }
  });
});

describe("_entities for every entity of the subgraph", () => {
  /** Prisma models whose name is not the type's (settings and gantt share their project's id). */
  const MODEL_OF: Record<string, string> = {
    ProjectSettings: "project",
    ProjectGantt: "project",
    NoteContractor: "contractor",
    AssignedProjectUser: "projectUserAssignment",
    CustomFieldOption: "customFieldSelectOption",
  };

  /** The entities as a gateway learns them: from the served SDL. */
  async function servedEntities(): Promise<string[]> {
    const res = await t.gql<{ _service: { sdl: string } }>("{ _service { sdl } }", {}, null);
    return auditFederation(res.data!._service.sdl).entities;
  }

  it("resolves an unknown id of each entity type to null (a registered loader answers, not an echo)", async () => {
    const entities = await servedEntities();
    expect(entities.length).toBeGreaterThan(2);
    const reps = entities.map((typeName) => ({ __typename: typeName, id: randomUUID() }));
    const res = await t.gql<{ _entities: unknown[] }>(`query ($reps: [_Any!]!) { _entities(representations: $reps) { __typename } }`, {
      reps,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!._entities).toEqual(entities.map(() => null));
  });

  it("resolves a stored row of every entity type, by reference", async () => {
    const entities = await servedEntities();
    const checked: string[] = [];
    for (const typeName of entities) {
      const model = MODEL_OF[typeName] ?? typeName[0].toLowerCase() + typeName.slice(1);
      const delegate = (t.db as unknown as Record<string, { findFirst?: (a: object) => Promise<{ id: string } | null> }>)[model];
      if (!delegate?.findFirst) continue;
      // a shortcut is its owner's alone (src/auth/visibility.ts): take one of the admin's, who asks
      const where = typeName === "Shortcut" ? { userId: demoIds.adminUserId } : {};
      const row = await delegate.findFirst({ where, select: { id: true }, orderBy: { id: "asc" } });
      if (!row) continue;
      const res = await t.gql<{ _entities: Array<{ __typename: string; id: string } | null> }>(
        `query ($reps: [_Any!]!) { _entities(representations: $reps) { __typename ... on ${typeName} { id } } }`,
        { reps: [{ __typename: typeName, id: row.id }] },
      );
      expect({ typeName, errors: res.errors, entity: res.data?._entities[0] }).toEqual({
        typeName,
        errors: undefined,
        entity: { __typename: typeName, id: row.id },
      });
      checked.push(typeName);
    }
    expect(checked).toEqual(expect.arrayContaining(["User", "CurrencyDictionary", "Shortcut"]));
    // every entity with a table behind it was tried (a new entity with another table name goes in MODEL_OF)
    expect(entities.filter((e) => !checked.includes(e))).toEqual([]);
  });
});

describe("_service", () => {
  it("serves the subgraph SDL without a token", async () => {
    const res = await t.gql<{ _service: { sdl: string } }>("{ _service { sdl } }", {}, null);
    expect(res.errors).toBeUndefined();
    const sdl = res.data!._service.sdl;
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.7"');
    expect(sdl).toMatch(/type User\s+@key\(fields: "id"\)/);
    expect(sdl).toMatch(/type UserRef\s+@shareable/);
  });

  it("does not open the rest: the same request with _entities next to it needs a token", async () => {
    const res = await t.gql(`{ _service { sdl } _entities(representations: []) { __typename } }`, {}, null);
    expect(codes(res)).toEqual(["UNAUTHENTICATED"]);
  });
});
