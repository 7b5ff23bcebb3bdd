import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { httpGql } from "./support/server-process";
import { createTestApp, demoIds as d, type GqlResult, type TestApp } from "./support/test-app";

/**
 * Property-based test of all twenty operations with hostile variables (fast-check): wrong types,
 * nulls, huge and tiny numbers, long and malformed strings (lone surrogates, LIKE wildcards,
 * scripts), out-of-range dates, long arrays, unknown keys. Whatever is sent: no 5xx, no
 * INTERNAL_SERVER_ERROR, no echo of a submitted string in errors, and a failed mutation leaves
 * the database as it was.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const RUNS_PER_OPERATION = 100; // x 20 operations = 2,000 variable sets

interface Operation {
  name: string;
  query: string;
  base: Record<string, unknown>;
  mutation?: boolean;
}

const item = { positionName: "Wdrożenie", unit: "h", count: 2, priceUnit: 100, tax: "RATE_23" };
const OPERATIONS: Operation[] = [
  {
    name: "E1",
    mutation: true,
    query:
      "mutation ($t: ID!, $u: ID!, $input: UpdateAssignedChatTopicUserInput!) { updateAssignedChatTopicUser(topicId: $t, userId: $u, input: $input) { id } }",
    base: { t: d.chatTopicId, u: d.chatUserId, input: { isMutedIndefinitely: true, mutedUntil: "2027-01-01T00:00:00Z" } },
  },
  {
    name: "E2",
    mutation: true,
    query: "mutation ($t: ID!, $u: ID!, $input: ReadChatTopicInput) { readChatTopic(topicId: $t, userId: $u, input: $input) { id } }",
    base: {
      t: d.chatTopicId,
      u: d.chatUserId,
      input: { lastReadMessage: d.chatMessageId, isUnread: false, lastReadAt: "2026-11-01T10:00:00Z" },
    },
  },
  {
    name: "E3",
    mutation: true,
    query: "mutation ($id: ID!, $input: UpdateStageInput!) { updateStage(id: $id, input: $input) { id } }",
    base: {
      id: d.stageId,
      input: {
        name: "Etap",
        description: "Opis",
        dateStart: "2026-01-01T00:00:00Z",
        dateEnd: "2026-02-01T00:00:00Z",
        stageType: d.stageTypeId,
      },
    },
  },
  {
    name: "E4",
    mutation: true,
    query: "mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }",
    base: {
      input: {
        invoiceType: "Vat",
        fileGeneratedLanguage: "pl",
        isDraft: true,
        buyerId: d.contractorId,
        currencyCode: "PLN",
        exchangeRate: 1.5,
        alreadyPaid: 10,
        toPay: 20,
        issueDate: "2026-11-02",
        items: [item],
      },
    },
  },
  {
    name: "E5",
    mutation: true,
    query: "mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }",
    base: {
      input: {
        name: "Fuzz",
        dateStartPlanned: "2027-01-04T08:00:00Z",
        dateEndPlanned: "2027-06-30T16:00:00Z",
        isBlameableRemovalEnabled: false,
        status: "open",
        budget: 10.5,
        contractors: [d.contractorId],
        category: d.projectCategoryId,
      },
    },
  },
  {
    name: "E6",
    query:
      "query ($id: ID!, $page: Int, $n: Int, $p: Boolean) { taskChecklists(taskId: $id, page: $page, itemsPerPage: $n, pagination: $p) { items { id } } }",
    base: { id: d.taskId, page: 1, n: 10, p: true },
  },
  {
    name: "E7",
    query:
      "query ($f: VacationFilter, $o: [VacationOrder!], $page: Int, $n: Int) { vacations(filter: $f, order: $o, page: $page, itemsPerPage: $n) { items { id } } }",
    base: {
      f: { search: "urlop", vacationYear: [2026], status: ["q"], calendarUser: [d.userId], vacationDatesDate: { after: "2026-01-01" } },
      o: [{ issueDate: "DESC" }],
      page: 1,
      n: 5,
    },
  },
  {
    name: "E8",
    query:
      "query ($f: UserFilter, $o: [UserOrder!], $page: Int, $n: Int) { users(filter: $f, order: $o, page: $page, itemsPerPage: $n) { items { id } } }",
    base: {
      f: { search: "kowal", hasRole: ["pm"], id: [d.userId], department: [d.departmentId] },
      o: [{ lastName: "ASC" }],
      page: 1,
      n: 5,
    },
  },
  { name: "E9", query: "query ($id: ID!) { projectTemplate(id: $id) { id } }", base: { id: d.projectTemplateId } },
  {
    name: "E10",
    mutation: true,
    query: "mutation ($b: ID!, $u: ID!, $input: AssignBoardUserInput) { assignBoardUser(boardId: $b, userId: $u, input: $input) { id } }",
    base: { b: d.boardId, u: d.userId, input: { role: "none" } },
  },
  {
    name: "E11",
    mutation: true,
    query: "mutation ($id: ID!, $input: ReplaceRiskInput!) { replaceRisk(id: $id, input: $input) { id } }",
    base: { id: d.riskId, input: { name: "Ryzyko", probability: 3, project: d.projectId, date: "2026-12-01T00:00:00Z" } },
  },
  {
    name: "E12",
    query:
      "query ($t: String!, $page: Int, $n: Int, $c: ID, $top: Boolean) { sharedTaskComments(token: $t, page: $page, itemsPerPage: $n, cursorId: $c, topLevel: $top) { items { id } } }",
    base: { t: d.sharedTaskToken, page: 1, n: 5, c: null, top: true },
  },
  {
    name: "E13",
    mutation: true,
    query: "mutation ($input: ExternalFileUploadInput!) { uploadExternalFiles(input: $input) { id } }",
    base: {
      input: {
        assignId: d.taskId,
        fileType: "task",
        files: [{ source: "link", path: "https://example.com/a.pdf", displayedName: "A.pdf" }],
      },
    },
  },
  { name: "E14", query: "query ($id: ID!) { note(id: $id) { id } }", base: { id: d.noteId } },
  {
    name: "E15",
    query: "query ($id: ID!, $s: Boolean) { projectGantt(id: $id, showTasks: $s) { id } }",
    base: { id: d.projectId, s: true },
  },
  {
    name: "E16",
    query: "query ($d: DateTime!, $u: [ID!], $p: ID) { timesheetByUser(dateStart: $d, users: $u, project: $p) { seconds } }",
    base: { d: "2026-10-26T00:00:00Z", u: [d.userId], p: d.projectId },
  },
  { name: "E17", query: "query ($id: ID!) { projectSettings(id: $id) { id } }", base: { id: d.projectId } },
  {
    name: "E18",
    mutation: true,
    query: "mutation ($input: CreateCurrencyDictionaryInput!) { createCurrencyDictionary(input: $input) { id } }",
    base: { input: { name: "Korona", code: "PLN", isDefault: false } },
  },
  {
    name: "E19",
    mutation: true,
    query: "mutation ($id: ID!, $input: UpdateTaskTypeInput!) { updateTaskType(id: $id, input: $input) { id } }",
    base: { id: d.taskTypeId, input: { name: "Typ", decorator: "#44a069" } },
  },
  {
    name: "E20",
    mutation: true,
    query: "mutation ($input: CreateShortcutInput!) { createShortcut(input: $input) { id } }",
    base: { input: { name: "Skrót", viewUrl: "/x", isOpenedInNewTab: false } },
  },
];

/** Strings an attacker or a broken client sends; each long enough to be recognised if echoed. */
const hostileString = fc.oneof(
  fc.constantFrom(
    "\ud800",
    "a\udfffb",
    "%_%_\\%",
    "kowal_k",
    "javascript:alert(1)",
    '\'; DROP TABLE "User"; --',
    "../../etc/passwd",
    "<script>x</script>",
    "\u0000nul",
    "9999-12-31T00:00:00Z",
    "0000-01-01",
    "7D4E5F6A-7C8D-4E9F-9A0B-1C2D3E4F5A22",
    "",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constant("x".repeat(100_001)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(1e-7, 5e-324, -0, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 0.000001, 99.99995, 1.005, -1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const hostileDate = fc.constantFrom(
  "9999-12-31T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "2026-02-30",
  "9999-12-31",
  "1000-01-01",
  "2026-13-01T00:00:00Z",
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  hostileDate,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.constant(d.userId), { minLength: 100, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 4 }) },
);

/** Every path to a value of the base variables (objects included, for unknown keys). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => paths(v, [...prefix, i]))];
  if (value && typeof value === "object") return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
  return [prefix];
}

const at = (value: unknown, path: (string | number)[]) =>
  path.reduce<any>((o, k) => (o && typeof o === "object" ? o[k] : undefined), value);
const HOSTILE_STRINGS = [
  "\ud800",
  "a\udfffb",
  "%_%_\\%",
  "_",
  "%",
  "kowal_k",
  "javascript:alert(1)",
  "//evil.example/x",
  '\'; DROP TABLE "User"; --',
  "\u0000nul",
];

/**
 * Mostly a hostile value of the type the field expects (so it passes GraphQL's coercion and
 * reaches the rules and the database), sometimes anything at all (so coercion is tried too).
 */
function hostileFor(base: unknown): fc.Arbitrary<unknown> {
  let typed: fc.Arbitrary<unknown> = hostileValue;
  if (typeof base === "number")
    typed = fc.oneof(fc.constantFrom(1e-7, 5e-324, 1e-300, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 99.99995, 1.005, -1, 0), hostileNumber);
  else if (typeof base === "string" && /^\d{4}-\d\d-\d\d/.test(base)) typed = hostileDate;
  else if (typeof base === "string" && /^[0-9a-f-]{36}$/.test(base))
    typed = fc.constantFrom(base.toUpperCase(), "00000000-0000-0000-0000-000000000000", "not-a-uuid", `${base}\ud800`);
  else if (typeof base === "string") typed = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), hostileString);
  else if (Array.isArray(base))
    typed = fc.oneof(
      fc.constant([]),
      fc.array(fc.constant(base[0] ?? null), { minLength: 100, maxLength: 2000 }),
      fc.array(leaf, { maxLength: 5 }),
    );
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

type Edit = { kind: "set" | "unknownKey" | "delete"; path: (string | number)[]; value: unknown; key: string };

function applyEdits(base: Record<string, unknown>, edits: Edit[]): Record<string, unknown> {
  const vars = structuredClone(base);
  for (const edit of edits) {
    if (edit.path.length === 0) continue;
    const parent = edit.path.slice(0, -1).reduce<any>((o, k) => (o && typeof o === "object" ? o[k] : undefined), vars);
    if (!parent || typeof parent !== "object") continue;
    const last = edit.path[edit.path.length - 1];
    if (edit.kind === "set") parent[last] = edit.value;
    else if (edit.kind === "delete") delete parent[last];
    else if (parent[last] && typeof parent[last] === "object" && !Array.isArray(parent[last])) parent[last][`zz${edit.key}`] = edit.value;
  }
  return vars;
}

/** Strings submitted in the variables that an error must not repeat. */
function submittedStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string" && value.length >= 8) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => submittedStrings(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => submittedStrings(v, out));
  return out;
}

/** What a mutation may have changed: the rows the twenty operations write, counted and hashed. */
async function snapshot(): Promise<string> {
  const db = t.db;
  const parts = await Promise.all([
    db.invoice.count(),
    db.invoiceItem.count(),
    db.project.count(),
    db.currencyDictionary.findMany({ orderBy: { id: "asc" } }),
    db.shortcut.count(),
    db.file.count(),
    db.assignedBoardUser.findMany({ orderBy: { id: "asc" } }),
    db.stage.findUnique({ where: { id: d.stageId } }),
    db.risk.findUnique({ where: { id: d.riskId } }),
    db.taskType.findUnique({ where: { id: d.taskTypeId }, include: { categories: true } }),
    db.assignedChatTopicUser.findMany({ where: { topicId: d.chatTopicId }, orderBy: { id: "asc" } }),
    db.invoiceNumberingCounter.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify(parts);
}

async function run(query: string, variables: Record<string, unknown>): Promise<{ status: number; body: GqlResult }> {
  const contextValue = await t.app.context(t.adminToken);
  const response = await t.app.apollo.executeOperation({ query, variables }, { contextValue });
  if (response.body.kind !== "single") throw new Error("incremental delivery is not used");
  return { status: response.http.status ?? 200, body: response.body.singleResult as GqlResult };
}

describe("hostile variables on all twenty operations", () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: no 5xx, no INTERNAL_SERVER_ERROR, no echo, nothing written by a failure`, async () => {
      const editable = paths(operation.base).filter((p) => p.length > 0);
      const edit = fc.constantFrom(...editable).chain((path) =>
        fc.record({
          kind: fc.constantFrom<Edit["kind"]>("set", "set", "set", "set", "unknownKey", "delete"),
          path: fc.constant(path),
          value: hostileFor(at(operation.base, path)),
          key: fc.string({ maxLength: 6 }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
          const variables = applyEdits(operation.base, edits);
          const before = operation.mutation ? await snapshot() : "";
          const { status, body } = await run(operation.query, variables);
          expect(status).toBeLessThan(500);
          const errors = body.errors ?? [];
          expect(errors.filter((e) => e.extensions?.code === "INTERNAL_SERVER_ERROR")).toEqual([]);
          const text = JSON.stringify(errors);
          for (const s of submittedStrings(variables)) {
            if (!JSON.stringify(operation.base).includes(JSON.stringify(s)))
              expect(text.includes(JSON.stringify(s).slice(1, -1))).toBe(false);
          }
          if (operation.mutation && errors.length > 0) expect(await snapshot()).toBe(before);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }, 300_000);
  }
});

/**
 * A deterministic sweep of the mutations: each value of each mutation's variables in turn
 * replaced by a distinctive one of the same kind (an unknown id, an odd number, a marked string,
 * a well-formed but unknown three-letter code), plus the conflicts a second identical creation
 * meets, sent over HTTP. No BAD_USER_INPUT, NOT_FOUND or CONFLICT answer may repeat what was sent.
 */
describe("no error message echoes a submitted value", () => {
  const ECHO_CODES = new Set(["BAD_USER_INPUT", "NOT_FOUND", "CONFLICT"]);
  let marks = 0;
  /** A distinctive value of the kind `base` is (null: nothing distinctive to send, e.g. a boolean). */
  function distinctive(base: unknown): { value: unknown; mark: string } | null {
    marks += 1;
    if (typeof base === "number") {
      const value = Number.isInteger(base) ? 7_300_000 + marks : 7_300 + marks + 0.123456;
      return { value, mark: String(value) };
    }
    if (typeof base !== "string") return null;
    if (/^[0-9a-f-]{36}$/.test(base)) {
      const value = randomUUID();
      return { value, mark: value };
    }
    if (/^\d{4}-\d\d-\d\dT/.test(base))
      return { value: `2031-0${1 + (marks % 9)}-1${marks % 10}T07:4${marks % 10}:13Z`, mark: `2031-0${1 + (marks % 9)}-1${marks % 10}` };
    if (/^\d{4}-\d\d-\d\d$/.test(base))
      return { value: `2031-0${1 + (marks % 9)}-2${marks % 10}`, mark: `2031-0${1 + (marks % 9)}-2${marks % 10}` };
    // a currency code: three letters, so that it passes the format and meets the dictionary
    if (/^[A-Z]{3}$/.test(base)) {
      const value = `Q${String.fromCharCode(65 + (marks % 26))}Z`;
      return { value, mark: value };
    }
    const value = `Echo${marks}Mark`;
    return { value, mark: value };
  }

  const leaves = (value: unknown) =>
    paths(value).filter((p) => p.length > 0 && (at(value, p) === null || typeof at(value, p) !== "object"));

  function set(base: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
    const vars = structuredClone(base);
    const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], vars);
    parent[path[path.length - 1]] = value;
    return vars;
  }

  it("in BAD_USER_INPUT, NOT_FOUND and CONFLICT answers of every mutation", async () => {
    const url = await t.url();
    const seen: Record<string, number> = {};
    const echoes: string[] = [];
    const check = async (name: string, query: string, variables: Record<string, unknown>, sent: string[]) => {
      const r = await httpGql(url, query, variables, t.adminToken);
      for (const e of r.body.errors ?? []) {
        const code = String(e.extensions?.code);
        if (!ECHO_CODES.has(code)) continue;
        seen[code] = (seen[code] ?? 0) + 1;
        const text = JSON.stringify({ message: e.message, extensions: e.extensions }).toLowerCase();
        for (const mark of sent) if (text.includes(mark.toLowerCase())) echoes.push(`${name}: ${e.message} (${mark})`);
      }
      return r;
    };

    for (const operation of OPERATIONS.filter((o) => o.mutation)) {
      for (const path of leaves(operation.base)) {
        const d = distinctive(at(operation.base, path));
        if (d) await check(`${operation.name} ${path.join(".")}`, operation.query, set(operation.base, path, d.value), [d.mark]);
      }
    }

    // the cases of the issue, and the conflicts of a second identical creation
    const invoice = OPERATIONS.find((o) => o.name === "E4")!;
    const qqz = await check("E4 currencyCode QQZ", invoice.query, set(invoice.base, ["input", "currencyCode"], "QQZ"), ["QQZ"]);
    expect(
      qqz.body.errors?.map((e) => [e.extensions?.code, (e.extensions?.validationErrors as Array<{ field: string }>)?.[0]?.field]),
    ).toEqual([["BAD_USER_INPUT", "input.currencyCode"]]);
    // enum values are submitted values too: a correction of the wrong kind, a numbering of the other direction
    const wrongKind = await check(
      "E4 invoiceType",
      invoice.query,
      { input: { ...(invoice.base.input as object), invoiceType: "KorZal", invoice: d.invoiceId } },
      ["KorZal"],
    );
    expect(wrongKind.body.errors?.map((e) => e.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
    const otherDirection = await check(
      "E4 direction",
      invoice.query,
      { input: { ...(invoice.base.input as object), direction: "cost", numbering: d.invoiceNumberingId } },
      ["cost"],
    );
    expect(otherDirection.body.errors?.map((e) => e.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
    const seconds: Array<[string, Operation, (string | number)[], string]> = [
      ["E18 code", OPERATIONS.find((o) => o.name === "E18")!, ["input", "code"], "QZK"],
      ["E4 no", invoice, ["input", "no"], "FV/ECHO/4711"],
      ["E5 no", OPERATIONS.find((o) => o.name === "E5")!, ["input", "no"], "PRJ-ECHO-4711"],
    ];
    for (const [name, operation, path, value] of seconds) {
      const variables = set(operation.base, path, value);
      // a hand-given invoice number is unique within its numbering
      if (operation.name === "E4")
        Object.assign(variables.input as Record<string, unknown>, { isDraft: false, numbering: d.invoiceNumberingId });
      expect((await check(`${name} (first)`, operation.query, variables, [value])).body.errors).toBeUndefined();
      // a currency code in another letter case is the same code
      const repeated = operation.name === "E18" ? value.toLowerCase() : value;
      const again = await check(`${name} (again)`, operation.query, set(variables, path, repeated), [value]);
      expect([name, again.body.errors?.map((e) => e.extensions?.code)]).toEqual([name, ["CONFLICT"]]);
    }

    expect(echoes).toEqual([]);
    // the sweep met every kind of refusal, many times
    expect(Object.keys(seen).sort()).toEqual(["BAD_USER_INPUT", "CONFLICT", "NOT_FOUND"]);
    expect(seen.BAD_USER_INPUT + seen.NOT_FOUND).toBeGreaterThan(20);
  }, 120_000);
});
