import { spawnSync } from "node:child_process";
import { projectRoot } from "../src/config/paths";
import { getNamedType, type GraphQLObjectType } from "graphql";
import { sql } from "kysely";
import { openDatabase, portOf } from "../src/db/database";
import { sqlitePath } from "../src/db/client";
import type { AuthedContext } from "../src/context";
import { Selection } from "../src/services/shared/look-ahead";
import { listVacations } from "../src/services/vacation/vacation.service";
import { onPostgres } from "./support/databases";
import { createTestApp, demoIds, type TestApp } from "./support/test-app";
import { everything } from "./support/full-selection";
import { describeIf, NEEDS_POSTGRES } from "./support/skip";

/**
 * Issue 10: every read answers with at most two SQL statements (a paged list: the page and, where
 * selected, its count; on PostgreSQL one, the count inside it, issue 19), whatever the nesting; a narrow selection costs less than a wide one. Each read is
 * asked for everything its type offers (every field, nested four levels, built from the schema)
 * and for ids only; the statements counted are those beyond what authentication alone sends
 * (the suite runs without the token cache, so a `{ __typename }` request is the baseline).
 */
let t: TestApp;
let base: number;

beforeAll(async () => {
  // the widest selections, wider than the cost limit admits: statement counts, not cost (query-cost.test.ts)
  t = await createTestApp({ MAX_QUERY_COST: "100000000", MAX_RESULT_NODES: "100000000" });
  base = await t.countStatements(() => t.gql("{ __typename }"));
});
afterAll(() => t.close());

const d = demoIds;

function wide(field: string, args: string, depth = 4): string {
  const type = getNamedType(t.app.schema.getQueryType()!.getFields()[field].type) as GraphQLObjectType;
  return `{ ${field}${args} { ${everything(type, depth)} } }`;
}

interface Read {
  name: string;
  wide: () => string;
  narrow: string;
  /** statements beyond authentication, at most */
  max: number;
  token?: () => string;
  /** look-ups the entity's read rule makes for an ordinary user whatever the selection (src/auth/visibility.ts) */
  rule?: number;
  /** the representations `_entities` is asked for (default: 100 users) */
  reps?: () => Array<{ __typename: string; id: string }>;
}

const reads: Read[] = [
  {
    name: "E8 users (page of 30)",
    wide: () => wide("users", "(itemsPerPage: 30)"),
    narrow: "{ users(itemsPerPage: 30) { items { id } } }",
    max: 1,
  },
  {
    name: "E8 users (leaders first)",
    wide: () =>
      wide("users", `(itemsPerPage: 30, filter: { userDepartmentLeaderOrder: { departmentId: "${d.departmentId}", direction: ASC } })`),
    narrow: `{ users(itemsPerPage: 30, filter: { userDepartmentLeaderOrder: { departmentId: "${d.departmentId}", direction: ASC } }) { items { id } } }`,
    max: 1,
  },
  {
    name: "E15 projectGantt with tasks",
    wide: () => wide("projectGantt", `(id: "${d.projectId}", showTasks: true)`),
    narrow: `{ projectGantt(id: "${d.projectId}") { stages { id name } } }`,
    max: 1,
  },
  {
    name: "E7 vacations (page of 30, dated, newest first)",
    wide: () =>
      wide("vacations", `(itemsPerPage: 30, filter: { vacationDatesDate: { after: "2020-01-01" } }, order: [{ vacationDatesDate: DESC }])`),
    narrow: `{ vacations(itemsPerPage: 30, filter: { vacationDatesDate: { after: "2020-01-01" } }, order: [{ vacationDatesDate: DESC }]) { items { id } } }`,
    max: 1,
  },
  {
    name: "E6 taskChecklists",
    wide: () => wide("taskChecklists", `(taskId: "${d.taskId}")`),
    narrow: `{ taskChecklists(taskId: "${d.taskId}") { items { id } } }`,
    max: 1,
  },
  {
    name: "E12 sharedTaskComments (replies, after a cursor)",
    wide: () => wide("sharedTaskComments", `(token: "${d.sharedTaskToken}", repliesTo: "${d.commentWithRepliesId}")`),
    narrow: `{ sharedTaskComments(token: "${d.sharedTaskToken}", repliesTo: "${d.commentWithRepliesId}") { items { id } } }`,
    max: 1,
  },
  {
    name: "E14 note",
    wide: () => wide("note", `(id: "${d.noteId}")`),
    narrow: `{ note(id: "${d.noteId}") { id } }`,
    max: 1,
  },
  {
    name: "E9 projectTemplate",
    wide: () => wide("projectTemplate", `(id: "${d.projectTemplateId}")`),
    narrow: `{ projectTemplate(id: "${d.projectTemplateId}") { id } }`,
    max: 1,
  },
  {
    name: "E16 timesheetByUser",
    wide: () => wide("timesheetByUser", `(dateStart: "2026-10-26T00:00:00Z")`),
    narrow: `{ timesheetByUser(dateStart: "2026-10-26T00:00:00Z") { seconds } }`,
    max: 2,
  },
  {
    name: "_entities of 100 users",
    wide: () => {
      const type = t.app.schema.getType("User") as GraphQLObjectType;
      return `query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { ${everything(type, 3)} } } }`;
    },
    narrow: `query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id } } }`,
    max: 1,
  },
  {
    // an invoice batch brings its correction chains along: invoice, corrects and prevCorrect, at
    // any depth, are answered from the same statement
    name: "_entities of 5 invoices (corrections nested three levels)",
    wide: () => {
      const type = t.app.schema.getType("Invoice") as GraphQLObjectType;
      return `query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Invoice { ${everything(type, 3)} } } }`;
    },
    narrow: `query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Invoice { id } } }`,
    max: 1,
    // an ordinary user: the invoices' projects, then the caller's roles in them
    rule: 2,
    reps: () => invoiceReps,
  },
];

let userReps: Array<{ __typename: string; id: string }>;
let invoiceReps: Array<{ __typename: string; id: string }>;

async function count(query: string, token?: string, reps = userReps): Promise<number> {
  const variables = { reps };
  let errors: unknown;
  const n = await t.countStatements(async () => {
    errors = (await t.gql(query, variables, token)).errors;
  });
  expect(errors).toBeUndefined();
  return n - base;
}

describe("issue 10: statements per read", () => {
  beforeAll(async () => {
    userReps = (await t.db.user.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 100 })).map((u) => ({
      __typename: "User",
      id: u.id,
    }));
    const invoices = await t.db.invoice.findMany({
      select: { id: true },
      where: { id: { not: d.correctionInvoiceId } },
      orderBy: { id: "asc" },
      take: 4,
    });
    invoiceReps = [d.correctionInvoiceId, ...invoices.map((i) => i.id)].map((id) => ({ __typename: "Invoice", id }));
  });

  it.each(reads.map((r) => [r.name, r] as const))("%s: at most the bound, as admin and as an ordinary user", async (_name, read) => {
    for (const token of [t.adminToken, t.userToken]) {
      const wideCount = await count(read.wide(), token, read.reps?.());
      const narrowCount = await count(read.narrow, token, read.reps?.());
      // The access policy may add its own look-ups when a budget or hourly-rate field is selected
      // (src/auth/visibility.ts): the caller's role in the project and the roles the project hides
      // rates from, each once per request; the narrow selection never needs them.
      const policy = 2;
      const rule = token === t.adminToken ? 0 : (read.rule ?? 0);
      expect({ wide: wideCount <= read.max + policy + rule, narrow: narrowCount <= read.max + rule }).toEqual({ wide: true, narrow: true });
      expect(narrowCount).toBeLessThanOrEqual(wideCount);
    }
  });

  it("a narrow users page sends less SQL than a wide one and skips the count it does not show", async () => {
    // what authentication sends is the same for both: leave it out
    const auth = new Set(await t.statementsOf(() => t.gql("{ __typename }")));
    const reads = async (query: string, answer?: (data: any) => void) =>
      (
        await t.statementsOf(async () => {
          const { data } = await t.gql(query);
          answer?.(data);
        })
      ).filter((q) => !auth.has(q));
    const narrowSql = await reads("{ users(itemsPerPage: 30) { items { id } } }");
    const wideSql = await reads(wide("users", "(itemsPerPage: 30)"));
    // the count only for paginationInfo, inside the page's statement (issue 19), beside the JSON page
    expect({ narrow: narrowSql.length, wide: wideSql.length }).toEqual({ narrow: 1, wide: 1 });
    // past the last page too: the count is read beside the (empty) JSON page
    let beyond: any;
    const beyondSql = await reads(wide("users", "(itemsPerPage: 30, page: 99)"), (data) => (beyond = data));
    expect({ statements: beyondSql.length, items: beyond.users.items, total: beyond.users.paginationInfo.totalCount }).toEqual({
      statements: 1,
      items: [],
      total: await t.db.user.count(),
    });
    const counts = (list: string[]) => list.some((q) => /count\(\*\)/i.test(q));
    expect({ narrow: counts(narrowSql), wide: counts(wideSql) }).toEqual({ narrow: false, wide: true });
    const size = (list: string[]) => list.join("\n").length;
    expect(size(wideSql)).toBeGreaterThan(2 * size(narrowSql));
    // the departments are aggregated only when selected
    expect(wideSql.some((q) => /"UserDepartment"/.test(q) && /json/i.test(q))).toBe(true);
    expect(narrowSql.some((q) => /"Department"/.test(q))).toBe(false);
  });
});

describe("narrow and wide gantt", () => {
  it("a gantt asking for stage names only aggregates no boards, tasks, tallies or time", async () => {
    const auth = new Set(await t.statementsOf(() => t.gql("{ __typename }")));
    const reads = async (query: string) => (await t.statementsOf(() => t.gql(query))).filter((q) => !auth.has(q));
    const [narrow] = await reads(`{ projectGantt(id: "${d.projectId}") { stages { id name } } }`);
    const [wideSql] = await reads(wide("projectGantt", `(id: "${d.projectId}", showTasks: true)`));
    for (const table of ["Board", "Task", "ReportedTime", "Milestone", "GanttLink", "StageType"]) {
      expect({ table, narrow: narrow.includes(`"${table}"`), wide: wideSql.includes(`"${table}"`) }).toEqual({
        table,
        narrow: false,
        wide: true,
      });
    }
  });
});

describe("narrow and wide people in a page of vacations", () => {
  it("each person's summary reads only the columns selected of it, with the same values", async () => {
    const auth = new Set(await t.statementsOf(() => t.gql("{ __typename }")));
    const page = (person: string) =>
      `{ vacations(filter: { vacationYear: [2026] }, order: [{ issueDate: DESC }], itemsPerPage: 30) { items { id calendarUser { ${person} } } } }`;
    const read = async (query: string) => {
      let data: any;
      const [statement] = (await t.statementsOf(async () => (data = (await t.gql(query)).data))).filter((q) => !auth.has(q));
      return { statement, items: data.vacations.items as Array<{ id: string; calendarUser: Record<string, unknown> }> };
    };
    const narrow = await read(page("id firstName lastName"));
    const wideRead = await read(page("id firstName lastName email phoneNumber contractorName jobPositionName isExternal"));
    expect(narrow.items.length).toBeGreaterThan(0);
    expect(narrow.items).toEqual(
      wideRead.items.map((v) => ({
        id: v.id,
        calendarUser: { id: v.calendarUser.id, firstName: v.calendarUser.firstName, lastName: v.calendarUser.lastName },
      })),
    );
    for (const part of ['"Contractor"', '"JobPosition"', '"email"', '"phoneNumber"', '"isExternal"']) {
      expect({ part, narrow: narrow.statement.includes(part), wide: wideRead.statement.includes(part) }).toEqual({
        part,
        narrow: false,
        wide: true,
      });
    }
  });
});

describeIf(!onPostgres, "SQLite's own plan: PostgreSQL puts the selected columns off until after the sort by itself")(
  "SQLite reads a page's selected columns for the page's rows only",
  () => {
    /** The steps of SQLite's plan of a vacations page, each with whether it runs inside the keys' subquery (`pk`). */
    async function planOf(filter: string) {
      const auth = new Set(await t.statementsOf(() => t.gql("{ __typename }")));
      const query = `{ vacations(filter: ${filter}, order: [{ issueDate: DESC }], itemsPerPage: 30) {
        paginationInfo { totalCount } items { id calendarUser { id firstName lastName } } } }`;
      const statements = (await t.statementsOf(() => t.gql(query))).filter((q) => !auth.has(q));
      const page = statements.find((q) => q.includes('"calendarUser"'))!;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const Database = require("better-sqlite3");
      const handle = new Database(sqlitePath(t.databaseUrl), { readonly: true });
      try {
        const parameters = Array.from({ length: page.split("?").length - 1 }, () => null);
        const steps = handle.prepare(`EXPLAIN QUERY PLAN ${page}`).all(...parameters) as Array<{
          id: number;
          parent: number;
          detail: string;
        }>;
        const parents = new Map(steps.map((s) => [s.id, s.parent]));
        const inKeys = (step: { parent: number }) => {
          for (let at = step.parent; at !== 0; at = parents.get(at) ?? 0)
            if (/^CO-ROUTINE pk$/.test(steps.find((s) => s.id === at)!.detail)) return true;
          return false;
        };
        return (pattern: RegExp) => steps.filter((s) => pattern.test(s.detail)).map(inKeys);
      } finally {
        handle.close();
      }
    }

    it("a year and a status: the keys windowed first, in the index's order, then each person's summary read for the 30 rows kept", async () => {
      const where = await planOf(`{ vacationYear: [2026], status: ["q", "accepted"] }`);
      // the keys come newest first from the (vacationYear, issueDate, id) index, the year an equality: no row is sorted
      // for them; the summaries' subqueries run outside the keys' subquery, per row of the window
      expect({
        keysFromIndex: where(/USING INDEX Vacation_vacationYear_issueDate_id_idx \(vacationYear=\?\)/),
        sortsInKeys: where(/^USE TEMP B-TREE FOR ORDER BY/).includes(true),
        summariesInKeys: where(/^CORRELATED SCALAR SUBQUERY/),
      }).toEqual({ keysFromIndex: [true], sortsInKeys: false, summariesInKeys: [false] });
    });

    it("one year alone: the page read walking the index newest first, no keys' subquery, no sort of the year's rows", async () => {
      const where = await planOf(`{ vacationYear: [2026] }`);
      expect({
        keys: where(/^CO-ROUTINE pk$/).length,
        fromIndex: where(/USING INDEX Vacation_vacationYear_issueDate_id_idx \(vacationYear=\?\)/),
        sorts: where(/^USE TEMP B-TREE FOR ORDER BY/).length,
      }).toEqual({ keys: 0, fromIndex: [false], sorts: 0 });
    });
  },
);

describeIf(onPostgres, NEEDS_POSTGRES)("PostgreSQL plans each read statement once per connection", () => {
  it("the vacations page (with its count) runs its generic plan, never one planned anew for the values", async () => {
    // one connection, so that every statement below is prepared on the one pg_prepared_statements describes
    const database = openDatabase({ url: t.databaseUrl, poolSize: 1 });
    const { read } = portOf(database);
    try {
      const viewer = { id: d.adminUserId, email: d.adminEmail, roles: ["admin"], isAdmin: true };
      const context = { read, viewer, config: { maxUnpaginatedItems: 1000 } } as AuthedContext;
      const selection = new Selection(
        new Map([
          ["items", Selection.all()],
          ["paginationInfo", Selection.all()],
        ]),
      );
      // PostgreSQL's default would plan these anew on every call: their generic plan looks dearer (LIMIT and a list parameter)
      for (let i = 0; i < 8; i++)
        await listVacations(context, { filter: { vacationYear: [2026] }, itemsPerPage: 30, page: 1 + (i % 2) }, selection);
      const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%from "Vacation" as "v"%' AND statement NOT LIKE '%pg_prepared_statements%'`.execute(
        database.read.db,
      );
      expect(rows).toHaveLength(1); // the page and its count, one statement
      for (const row of rows)
        expect({ generic: Number(row.generic_plans) > 0, custom: Number(row.custom_plans) }).toEqual({ generic: true, custom: 0 });
    } finally {
      await database.close();
    }
  });
});

describe("the read side's table types", () => {
  it("are exactly what scripts/kysely-tables.mjs derives from the PostgreSQL migrations", () => {
    const r = spawnSync(process.execPath, ["scripts/kysely-tables.mjs", "--check"], { cwd: projectRoot, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
