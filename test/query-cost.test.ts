import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../src/config/paths";
import { createTestApp, demoIds, type TestApp } from "./support/test-app";
import { fullSelection } from "./support/full-selection";
import { isObjectList, operationCost, STATEMENT_COST } from "../src/server/cost";
import { lightCost } from "../src/server/admission";
import { MAX_CORRECTIONS, PAGED_BY_PARENT } from "../src/domain/list-cost";

/** The declared item bound of a field (the `listBound` of its cost), if any. */
function declaredBound(field: GraphQLField<unknown, unknown>): number | string | undefined {
  const complexity = field.extensions?.complexity as { listBound?: number | string } | undefined;
  if (complexity === PAGED_BY_PARENT) return "page size of the parent field";
  return complexity?.listBound;
}

/**
 * The cost limit (issue 9): a cost that follows the result, checked before any resolver runs,
 * through real HTTP. The two reproducers of the issue are here: nested `corrects` through
 * `_entities` with 20 corrections, and 1,000 aliases of an unpaginated list.
 */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.url();
});
afterAll(() => t.close());

async function post(body: unknown, token: string | null = t.adminToken) {
  const started = performance.now();
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as any;
  return { status: response.status, body: json, ms: performance.now() - started };
}

const limit = () => t.config.maxQueryCost;
const cost = (query: string, variables: Record<string, unknown> = {}) =>
  operationCost(t.app.schema, parse(query), variables, undefined, { maxUnpaginatedItems: t.config.maxUnpaginatedItems, maxFields: 25_000 });

/** A literal of `type` with every required part filled in: argument values never change a cost except page sizes. */
function placeholder(type: GraphQLInputType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return "[]";
  if (isEnumType(inner)) return inner.getValues()[0].name;
  if (isInputObjectType(inner)) {
    const required = Object.values(inner.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return `{ ${required.map((f) => `${f.name}: ${placeholder(f.type)}`).join(", ")} }`;
  }
  const scalars: Record<string, string> = {
    ID: `"${demoIds.projectId}"`,
    Int: "1",
    Float: "1",
    Boolean: "true",
    DateTime: `"2026-01-05T00:00:00Z"`,
  };
  return scalars[inner.name] ?? `"x"`;
}

describe("the cost model", () => {
  it("declares a size for every list of objects in the schema (page size, representations, or a bound)", () => {
    const undeclared: string[] = [];
    for (const type of Object.values(t.app.schema.getTypeMap())) {
      if (type.name.startsWith("__") || !("getFields" in type) || getNamedType(type) !== type) continue;
      for (const field of Object.values((type as { getFields(): Record<string, GraphQLField<unknown, unknown>> }).getFields())) {
        if (!isObjectList(field)) continue;
        const paginated = field.args.some((a) => a.name === "itemsPerPage");
        if (!paginated && field.name !== "_entities" && declaredBound(field) === undefined) undeclared.push(`${type.name}.${field.name}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it("multiplies by the page size asked for, by MAX_UNPAGINATED_ITEMS, and through nesting", () => {
    // the answer's part of the cost: without the root field's statements
    const answer = (query: string, variables?: Record<string, unknown>) => cost(query, variables) - STATEMENT_COST;
    const one = answer(`{ users(itemsPerPage: 1) { items { id } } }`);
    const hundred = answer(`{ users(itemsPerPage: 100) { items { id } } }`);
    const all = answer(`{ users(pagination: false) { items { id } } }`);
    expect(hundred).toBeGreaterThan(50 * one);
    expect(all).toBeGreaterThanOrEqual(t.config.maxUnpaginatedItems * 2);
    // a variable counts like a literal
    expect(answer(`query ($n: Int) { users(itemsPerPage: $n) { items { id } } }`, { n: 100 })).toBe(hundred);
    // a nested list multiplies what it holds: 100 users x up to 20 departments each
    const nested = answer(`{ users(itemsPerPage: 100) { items { id userDepartments { id } } } }`);
    expect(nested).toBeGreaterThan(100 * 20);
  });

  it("counts aliases and fragments like the fields they stand for", () => {
    const inline = cost(
      `{ a: vacations(itemsPerPage: 50) { items { id status } } b: vacations(itemsPerPage: 50) { items { id status } } }`,
    );
    const viaFragments = cost(`
      fragment V on Vacation { id status }
      fragment Page on Query { vacations(itemsPerPage: 50) { items { ...V } } }
      { a: vacations(itemsPerPage: 50) { items { ...V } } ...Page }`);
    expect(viaFragments).toBe(inline);
  });

  it("lets every operation through with its largest page and every field selected", () => {
    const schema = t.app.schema;
    const costs: Record<string, number> = {};
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.values(root.getFields())) {
        if (field.name.startsWith("_")) continue;
        const args = field.args
          .flatMap((a) => {
            if (a.name === "itemsPerPage") return [`itemsPerPage: 100`];
            return isNonNullType(a.type) ? [`${a.name}: ${placeholder(a.type)}`] : [];
          })
          .join(", ");
        const selection = fullSelection(schema, getNamedType(field.type), 4, [root.name]);
        const document = `${root.name === "Query" ? "query" : "mutation"} { ${field.name}${args ? `(${args})` : ""} { ${selection} } }`;
        costs[field.name] = operationCost(schema, parse(document), {}, undefined, {
          maxUnpaginatedItems: t.config.maxUnpaginatedItems,
          maxFields: 25_000,
        });
      }
    }
    expect(Object.keys(costs)).toHaveLength(20);
    const over = Object.entries(costs).filter(([, c]) => c > limit());
    expect(over).toEqual([]);
  });
});

describe("documents over MAX_QUERY_COST", () => {
  // the time bound (under 100 ms) is checked against a real server process in server-limits.test.ts
  it("1,000 aliases of vacations(pagination: false): QUERY_TOO_COMPLEX, HTTP 400, cost and limit", async () => {
    const aliases = (prefix: string) =>
      `{ ${Array.from({ length: 1000 }, (_, i) => `${prefix}${i}: vacations(pagination: false) { items { id } }`).join(" ")} }`;
    // a first document of the same shape warms the connection and the JIT (not Apollo's
    // document cache: the aliases differ, so the measured one is parsed and validated afresh)
    await post({ query: aliases("warm") });
    const query = aliases("a");
    const r = await post({ query });

    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX", cost: expect.any(Number), limit: limit() });
    expect(r.body.errors[0].extensions.cost).toBeGreaterThan(1000 * t.config.maxUnpaginatedItems);
  });

  it("corrects { invoice { corrects ... } } 12 deep through _entities with every correction an invoice takes, as an ordinary user: refused before any statement", async () => {
    const correct = () =>
      t.gql(`mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`, {
        input: { invoiceType: "Kor", invoice: demoIds.invoiceId, fileGeneratedLanguage: "pl", items: [] },
      });
    let made = 0;
    for (let refused = false; !refused; made++) refused = (await correct()).errors !== undefined;
    const corrections = await t.gql(`query ($r: [_Any!]!) { _entities(representations: $r) { ... on Invoice { corrects { id } } } }`, {
      r: [{ __typename: "Invoice", id: demoIds.invoiceId }],
    });
    expect((corrections.data as any)._entities[0].corrects).toHaveLength(MAX_CORRECTIONS);
    expect(made).toBeLessThanOrEqual(MAX_CORRECTIONS + 1);

    // 12 levels deep (6 x corrects { invoice }), under MAX_QUERY_DEPTH: 10^6 invoices if executed
    const nest = (leaf: string) => {
      let nested = leaf;
      for (let i = 0; i < 6; i++) nested = `corrects { invoice { ${nested} } }`;
      return `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Invoice { ${nested} } } }`;
    };
    const query = nest("id");
    const r = await post({ query, variables: { r: [{ __typename: "Invoice", id: demoIds.invoiceId }] } }, t.userToken);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX", cost: expect.any(Number), limit: limit() });
    // checked before any resolver ran: nothing was read
    const statements = await t.countStatements(() =>
      post({ query: nest("isDraft"), variables: { r: [{ __typename: "Invoice", id: demoIds.invoiceId }] } }, t.userToken),
    );
    expect(statements).toBe(0);
  });

  it("counts each _entities representation", () => {
    const reps = (n: number) => Array.from({ length: n }, () => ({ __typename: "Invoice", id: demoIds.invoiceId }));
    const q = `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Invoice { id items { id } } } }`;
    expect(cost(q, { r: reps(100) })).toBeGreaterThan(50 * cost(q, { r: reps(1) }));
  });

  it("refuses without a token too, with 400 and not 500", async () => {
    const query = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: users(pagination: false) { items { id } }`).join(" ")} }`;
    const r = await post({ query }, null);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});

describe("the statements of a document (issue 23, finding 2)", () => {
  it("prices 1,000 aliases of timesheetByUser { seconds } by their statements: refused, nothing runs", async () => {
    const query = `{ ${Array.from({ length: 1000 }, (_, i) => `t${i}: timesheetByUser(dateStart: "2026-10-26T00:00:00Z") { seconds }`).join(" ")} }`;
    const statements = await t.countStatements(async () => {
      const r = await post({ query }, t.userToken);
      expect(r.status).toBe(400);
      expect(r.body.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX", cost: expect.any(Number), limit: limit() });
      expect(r.body.errors[0].extensions.cost).toBeGreaterThan(1000 * STATEMENT_COST);
    });
    expect(statements).toBe(0);
  });
});

describe("list caps", () => {
  it("are real: a list the data holds longer (imported, never written through the API) answers its first items up to the cap", async () => {
    const vacation = await t.db.vacation.findFirstOrThrow({ select: { id: true } });
    await t.db.vacationDate.deleteMany({ where: { vacationId: vacation.id } });
    const dates = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2031, 0, 1 + i)));
    await t.db.vacationDate.createMany({ data: dates.map((date) => ({ vacationId: vacation.id, date })) });
    const field = (t.app.schema.getType("Vacation") as { getFields(): Record<string, GraphQLField<unknown, unknown>> }).getFields()
      .vacationDates;
    expect(declaredBound(field)).toBe(31);
    const r = await t.gql(`query ($r: [_Any!]!) { _entities(representations: $r) { ... on Vacation { vacationDates { date } } } }`, {
      r: [{ __typename: "Vacation", id: vacation.id }],
    });
    expect(r.errors).toBeUndefined();
    const answered = (r.data as any)._entities[0].vacationDates.map((d: { date: string }) => d.date);
    expect(answered).toEqual(dates.slice(0, 31).map((d) => d.toISOString().slice(0, 10)));
  });

  it("are each documented in the README, with the decision that keeps them", () => {
    const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
    const missing: string[] = [];
    for (const type of Object.values(t.app.schema.getTypeMap())) {
      if (type.name.startsWith("__") || !("getFields" in type)) continue;
      for (const field of Object.values((type as { getFields(): Record<string, GraphQLField<unknown, unknown>> }).getFields())) {
        const bound = declaredBound(field);
        if (typeof bound !== "number") continue;
        const row = new RegExp(`^\\| [^|]*\`${type.name}\\.${field.name}\`[^|]* \\| ${bound} \\|`, "m");
        if (!row.test(readme)) missing.push(`${type.name}.${field.name} (${bound})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("admitted documents", () => {
  it("carry extensions.cost { requested, limit }; the README's example costs what it asks", async () => {
    const query = `{ users(itemsPerPage: 3, order: [{ lastName: ASC }]) { items { id firstName lastName email } paginationInfo { totalCount lastPage } } }`;
    const r = await post({ query });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.extensions.cost).toEqual({ requested: cost(query), limit: limit() });
    // the answer (a few fields of 3 users) and the root field's statements
    expect(r.body.extensions.cost.requested).toBeLessThan(100 + STATEMENT_COST);
  });

  it("are light (no admission, no turns, the whole pool) for a page of 30 users with departments, a project's gantt and a page of vacations: the benchmark's reads", async () => {
    const pages = [
      `{ users(order: [{ lastName: ASC }], itemsPerPage: 30) { paginationInfo { totalCount } items { id firstName lastName email userDepartments { isLeader department { id name } } } } }`,
      `query ($id: ID!) { projectGantt(id: $id, showTasks: true) { stages { id name } tasks { id name } } }`,
      `{ vacations(filter: { vacationYear: [2026] }, order: [{ issueDate: DESC }], itemsPerPage: 30) { paginationInfo { totalCount } items { id status issueDate calendarUser { id firstName lastName } } } }`,
    ];
    for (const query of pages) {
      const r = await post({ query, variables: { id: demoIds.projectId } });
      expect(r.body.errors).toBeUndefined();
      expect(r.body.extensions.cost.requested).toBeLessThanOrEqual(lightCost(limit()));
    }
  });

  it("run the list operations with their largest page (100) and every field, over HTTP", async () => {
    const schema = t.app.schema;
    for (const [name, args] of [
      ["users", "itemsPerPage: 100"],
      ["vacations", "itemsPerPage: 100"],
      ["taskChecklists", `taskId: "${demoIds.taskId}", itemsPerPage: 100`],
      ["timesheetByUser", `dateStart: "2026-01-05T00:00:00Z"`],
    ] as const) {
      const field = schema.getQueryType()!.getFields()[name];
      const query = `{ ${name}(${args}) { ${fullSelection(schema, getNamedType(field.type), 4, ["Query"])} } }`;
      const r = await post({ query });
      expect({ name, status: r.status, errors: r.body.errors }).toEqual({ name, status: 200, errors: undefined });
      expect(r.body.extensions.cost.requested).toBeLessThanOrEqual(limit());
    }
  });
});

describe("batched requests (a JSON array of operations)", () => {
  it("answers each operation of a batch up to MAX_BATCH_SIZE, each with its cost", async () => {
    const batch = Array.from({ length: t.config.maxBatchSize }, (_, i) => ({
      query: `{ users(itemsPerPage: ${i + 1}) { items { id } } }`,
    }));
    const r = await post(batch);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(t.config.maxBatchSize);
    r.body.forEach((answer: any, i: number) => {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.users.items).toHaveLength(i + 1);
      expect(answer.extensions.cost.requested).toBe(cost(batch[i].query));
    });
  });

  it("refuses a larger batch with 400 and a clear error, running none of it", async () => {
    const batch = Array.from({ length: t.config.maxBatchSize + 1 }, () => ({ query: `{ users(itemsPerPage: 1) { items { id } } }` }));
    const statements = await t.countStatements(async () => {
      const r = await post(batch);
      expect(r.status).toBe(400);
      expect(r.body.errors[0].extensions).toEqual({ code: "BAD_REQUEST", maxBatchSize: t.config.maxBatchSize });
      expect(r.body.errors[0].message).toContain(String(t.config.maxBatchSize));
    });
    expect(statements).toBe(0);
  });

  it("sums the costs of a batch against the same limit: each under it, together over it, none runs", async () => {
    const one = `{ vacations(pagination: false) { items { id status vacationDates { id } } } }`;
    const each = cost(one);
    expect(each).toBeLessThan(limit());
    const n = Math.floor(limit() / each) + 1;
    expect(n).toBeLessThanOrEqual(t.config.maxBatchSize);
    const statements = await t.countStatements(async () => {
      const r = await post(Array.from({ length: n }, () => ({ query: one })));
      expect(r.status).toBe(400);
      expect(r.body.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX", cost: each * n, limit: limit() });
    });
    expect(statements).toBe(0);
  });
});
