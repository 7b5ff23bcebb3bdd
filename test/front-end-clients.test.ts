import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApolloClient, HttpLink, InMemoryCache, gql as agql } from "@apollo/client";
import { createTestApp, demoIds, type TestApp } from "./support/test-app";
import { frontEndProject, readmeBlock } from "./support/front-end-project";
import { projectRoot } from "../src/config/paths";
import { loadExamples } from "../src/server/examples";

/**
 * What a front-end developer does with the README's "For front-end developers" section, against
 * the real server over HTTP: the codegen config runs clean with strict scalars, the Apollo
 * Client 4 and urql modules run as written (the twenty examples, no cache warning, a refused
 * token recognised), Apollo Client with the README's typePolicies pages correctly, and the
 * stale-gantt reproducer answers the tasks.
 */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = `${await t.url()}/graphql`;
});
afterAll(() => t.close());

const client = (token: string | null = t.adminToken, typePolicies = {}) =>
  new ApolloClient({
    link: new HttpLink({ uri: url, headers: token ? { authorization: `Bearer ${token}` } : {}, fetch }),
    cache: new InMemoryCache({ typePolicies }),
  });

describe("GraphQL Code Generator with the README's config", () => {
  // asynchronously: the server answering codegen's introspection runs in this very process
  const exec = promisify(execFile);
  /** Runs a program; a failure carries its output, so the assertion message shows what codegen or tsc said. */
  const run = (file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout: number }) =>
    exec(file, args, options).catch((e: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
    });

  it("generates typed documents for the twenty examples with strict scalars, against introspection, and they compile", async () => {
    // a front-end project: the README's codegen.ts, the examples as its documents
    const dir = frontEndProject();
    try {
      await run(join(projectRoot, "node_modules", ".bin", "graphql-codegen"), ["--config", "codegen.ts"], {
        cwd: dir,
        env: { ...process.env, GRAPHQL_URL: url },
        timeout: 120_000,
      });
      const types = readFileSync(join(dir, "src", "gql", "graphql.ts"), "utf8");
      // calendar days are strings, value sets are unions
      expect(types).toContain("vacationDates: Array<{ id: string, date: string }>");
      expect(types).toMatch(/export type TaxRate =[\s\S]*?\| 'RATE_23'/);
      expect(types).toContain("E04CreateInvoiceMutation");
      // a use of the generated types: a typo in an enum value no longer compiles
      writeFileSync(
        join(dir, "src", "use.ts"),
        `import type { InvoiceItemInput, TaxRate } from "./gql/graphql";
         export const item: InvoiceItemInput = { positionName: "A", count: 1, priceUnit: 1, tax: "RATE_23" };
         // @ts-expect-error not a VAT rate
         export const wrong: TaxRate = "23";\n`,
      );
      await run(
        process.execPath,
        [
          join(projectRoot, "node_modules", "typescript", "bin", "tsc"),
          "--noEmit",
          "--strict",
          "--skipLibCheck",
          "--target",
          "ES2022",
          "--moduleResolution",
          "node",
          "--module",
          "commonjs",
          "src/use.ts",
          "src/gql/index.ts",
        ],
        {
          cwd: dir,
          timeout: 120_000,
        },
      );

      // the federation scalars' mappings are what makes strict scalars pass against introspection
      const withoutFederation = readmeBlock("codegen.ts")
        .split("\n")
        .filter((line) => !/^\s*(_Any|link__Import|federation__\w+):/.test(line))
        .join("\n");
      writeFileSync(join(dir, "codegen.ts"), withoutFederation);
      rmSync(join(dir, "src", "gql"), { recursive: true, force: true });
      await run(join(projectRoot, "node_modules", ".bin", "graphql-codegen"), ["--config", "codegen.ts"], {
        cwd: dir,
        env: { ...process.env, GRAPHQL_URL: url },
        timeout: 120_000,
      }).catch(() => undefined);
      expect(() => readFileSync(join(dir, "src", "gql", "graphql.ts"))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe("the README's client modules (Apollo Client 4, urql with Graphcache), run as written", () => {
  const exec = promisify(execFile);
  const examples = loadExamples();
  /** The driver: each module's createClient runs every example, then meets a refused token and a refusal of another kind. */
  const DRIVER = `
import { readFileSync } from "node:fs";
import { parse } from "graphql";
import { gql } from "@apollo/client";
import * as apollo from "./apollo-client.mjs";
import * as urql from "./urql-client.mjs";
const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const run = {
  apollo: async (client, query, variables) => {
    const document = gql(query);
    const operation = parse(query).definitions[0].operation;
    try {
      const r = operation === "mutation" ? await client.mutate({ mutation: document, variables }) : await client.query({ query: document, variables });
      return { data: r.data };
    } catch (error) {
      return { error };
    }
  },
  urql: async (client, query, variables) => {
    const operation = parse(query).definitions[0].operation;
    const r = await (operation === "mutation" ? client.mutation(query, variables) : client.query(query, variables)).toPromise();
    return r.error ? { error: r.error } : { data: r.data };
  },
};
const out = {};
for (const [name, module] of Object.entries({ apollo, urql })) {
  const { url, adminToken, userToken } = input[name];
  const admin = module.createClient(url, adminToken);
  const user = module.createClient(url, userToken);
  const answers = {};
  for (const example of input.examples) {
    const r = await run[name](example.asUser ? user : admin, example.query, example.variables);
    answers[example.id] = r.error ? { error: String(r.error.message) } : { fields: Object.keys(r.data).filter((k) => r.data[k] !== null) };
  }
  const refused = {};
  for (const [label, token] of [["no token", ""], ["unknown token", "wm_not_a_token_at_all_0000000000"]]) {
    const r = await run[name](module.createClient(url, token), "{ users { items { id } } }", {});
    refused[label] = { failed: !!r.error, signedOut: module.isSignedOut(r.error) };
  }
  // an ordinary user may not update a stage: FORBIDDEN, not a reason to sign out
  const forbidden = await run[name](user, "mutation ($id: ID!) { updateStage(id: $id, input: { name: \\"X\\" }) { id } }", { id: input.stageId });
  refused.forbidden = { failed: !!forbidden.error, signedOut: module.isSignedOut(forbidden.error) };
  out[name] = { answers, refused };
}
process.stdout.write(JSON.stringify(out));
`;
  let apps: TestApp[] = [];
  beforeAll(async () => {
    // one database per client: the examples' mutations (E18 adds the currency NOK) run once on each
    apps = [await createTestApp(), await createTestApp()];
  });
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  /** Runs the driver on the README's modules (with `edit` applied to the urql one); the answers and what was printed to stderr. */
  async function runModules(edit: (urqlModule: string) => string = (m) => m) {
    const dir = mkdtempSync(join(tmpdir(), "wm-clients-"));
    try {
      symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
      writeFileSync(join(dir, "apollo-client.mjs"), readmeBlock("apollo-client.mjs"));
      writeFileSync(join(dir, "urql-client.mjs"), edit(readmeBlock("urql-client.mjs")));
      writeFileSync(join(dir, "driver.mjs"), DRIVER);
      const side = async (app: TestApp) => ({ url: `${await app.url()}/graphql`, adminToken: app.adminToken, userToken: app.userToken });
      writeFileSync(
        join(dir, "input.json"),
        JSON.stringify({
          apollo: await side(apps[0]),
          urql: await side(apps[1]),
          stageId: demoIds.stageId,
          // E1 and E2 act on the demo user's own chat membership
          examples: examples.map((e) => ({ id: e.id, query: e.query, variables: e.variables, asUser: e.id === "E1" || e.id === "E2" })),
        }),
      );
      // development mode, where both libraries print their warnings
      const env = { ...process.env, NODE_ENV: "development" };
      const { stdout, stderr } = await exec(process.execPath, ["driver.mjs", "input.json"], { cwd: dir, env, timeout: 120_000 });
      return {
        out: JSON.parse(stdout) as Record<
          "apollo" | "urql",
          { answers: Record<string, any>; refused: Record<string, { failed: boolean; signedOut: boolean }> }
        >,
        stderr,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("both answer the twenty examples, print no warning, and tell a refused token from other refusals", async () => {
    const { out, stderr } = await runModules();
    expect(stderr).toBe("");
    for (const name of ["apollo", "urql"] as const) {
      expect(Object.keys(out[name].answers)).toEqual(examples.map((e) => e.id));
      for (const [id, answer] of Object.entries(out[name].answers))
        expect([name, id, answer]).toEqual([name, id, { fields: [expect.any(String)] }]);
      expect(out[name].refused).toEqual({
        "no token": { failed: true, signedOut: true },
        "unknown token": { failed: true, signedOut: true },
        forbidden: { failed: true, signedOut: false },
      });
    }
  }, 180_000);

  it("urql's keys name every object type without an id (the warnings appear without them)", async () => {
    const types = await apps[0].gql(`{ __schema { types { name kind fields { name } } } }`);
    const withoutId = types
      .data!.__schema.types.filter(
        (ty: any) => ty.kind === "OBJECT" && !ty.name.startsWith("__") && !["Query", "Mutation", "_Service"].includes(ty.name),
      )
      .filter((ty: any) => !ty.fields.some((f: any) => f.name === "id"))
      .map((ty: any) => ty.name)
      .sort();
    const keys = [...readmeBlock("urql-client.mjs").matchAll(/^ {2}(\w+): embedded,$/gm)].map((m) => m[1]);
    expect(keys).toEqual(withoutId);
    // the check above can fail: without the keys, Graphcache warns about these very types
    const { stderr } = await runModules((m) => m.replace(/export const keys = \{[\s\S]*?\n\};/, "export const keys = {};"));
    expect(stderr).toContain("Invalid key");
    for (const type of ["PaginationInfo", "UserCollection", "TimesheetEntry"]) expect(stderr).toContain(type);
  }, 180_000);
});

describe("Apollo Client against the server over HTTP", () => {
  const GANTT = agql`query Gantt($id: ID!, $showTasks: Boolean) { projectGantt(id: $id, showTasks: $showTasks) { id budget tasks { id name } } }`;

  it("stale-gantt reproducer: a cache-first read after showTasks: false still answers the tasks", async () => {
    const tasks = await t.db.task.count({ where: { projectId: demoIds.projectId } });
    expect(tasks).toBeGreaterThan(0);
    const c = client();
    const first = await c.query<any>({ query: GANTT, variables: { id: demoIds.projectId, showTasks: false } });
    expect(first.data.projectGantt.tasks).toHaveLength(tasks);
    const second = await c.query<any>({ query: GANTT, variables: { id: demoIds.projectId, showTasks: true }, fetchPolicy: "cache-first" });
    expect(second.data.projectGantt.tasks).toHaveLength(tasks);
    // the normalised entry itself holds the tasks, whatever the argument
    const cached = c.cache.extract() as Record<string, any>;
    expect(cached[`ProjectGantt:${demoIds.projectId}`].tasks).toHaveLength(tasks);
    const fromCache = await c.query<any>({
      query: GANTT,
      variables: { id: demoIds.projectId, showTasks: false },
      fetchPolicy: "cache-only",
    });
    expect(fromCache.data.projectGantt.tasks.map((x: any) => x.id)).toEqual(second.data.projectGantt.tasks.map((x: any) => x.id));
  });

  it("pages a collection with the README's typePolicies and fetchMore", async () => {
    const typePolicies = new Function(`${readmeBlock("apollo-type-policies")}\nreturn typePolicies;`)();
    const c = client(t.adminToken, typePolicies);
    const USERS = agql`query Users($page: Int, $n: Int) { users(page: $page, itemsPerPage: $n, order: [{ lastName: ASC }]) { items { id lastName } paginationInfo { page totalCount hasNextPage } } }`;
    const page1 = await c.query<any>({ query: USERS, variables: { page: 1, n: 5 } });
    expect(page1.data.users.items).toHaveLength(5);
    // a component's watched query (served from the cache), then "load more"
    const watched = c.watchQuery({ query: USERS, variables: { page: 1, n: 5 } });
    // Apollo Client 4 delivers a watched query's results asynchronously: wait for each one
    const waiting: Array<{ length: number; resolve: (ids: string[]) => void }> = [];
    const shown = (length: number) => new Promise<string[]>((resolve) => waiting.push({ length, resolve }));
    const firstPage = shown(5);
    const subscription = watched.subscribe({
      next: (r: any) => {
        const ids = (r.data?.users?.items ?? []).map((u: any) => u.id);
        for (const w of waiting.filter((x) => x.length === ids.length)) w.resolve(ids);
      },
    });
    await firstPage;
    const [merged] = await Promise.all([shown(10), watched.fetchMore({ variables: { page: 2 } })]);
    subscription.unsubscribe();
    const all = await t.gql(`{ users(itemsPerPage: 10, order: [{ lastName: ASC }]) { items { id } } }`);
    expect(merged).toEqual(all.data!.users.items.map((u: any) => u.id));
  });
});
