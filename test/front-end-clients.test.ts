import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApolloClient, HttpLink, InMemoryCache, gql as agql, type ServerError } from "@apollo/client/core";
import { createTestApp, demoIds, type TestApp } from "./support/test-app";
import { projectRoot } from "../src/config/paths";

/**
 * What a front-end developer does with the README's "For front-end developers" section, against
 * the real server over HTTP: the codegen config runs clean with strict scalars, Apollo Client
 * with the README's typePolicies pages correctly, the stale-gantt reproducer answers the tasks,
 * and a 401 surfaces as the README says.
 */
const README = readFileSync(join(projectRoot, "README.md"), "utf8");
/** The code block the README marks with `<!-- test: name -->`. */
function readmeBlock(name: string): string {
  const match = new RegExp(`<!-- test: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(README);
  if (!match) throw new Error(`README has no block marked <!-- test: ${name} -->`);
  return match[1];
}

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
    const dir = mkdtempSync(join(tmpdir(), "wm-codegen-"));
    try {
      // a front-end project: the README's codegen.ts, the examples as its documents
      symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
      writeFileSync(join(dir, "codegen.ts"), readmeBlock("codegen.ts"));
      mkdirSync(join(dir, "src"));
      cpSync(join(projectRoot, "examples"), join(dir, "src", "operations"), { recursive: true, filter: (f) => !f.endsWith(".json") });
      await run(join(projectRoot, "node_modules", ".bin", "graphql-codegen"), ["--config", "codegen.ts"], {
        cwd: dir,
        env: { ...process.env, GRAPHQL_URL: url },
        timeout: 120_000,
      });
      const types = readFileSync(join(dir, "src", "gql", "graphql.ts"), "utf8");
      // calendar days are strings, value sets are unions
      expect(types).toContain("vacationDates: Array<{ date: string }>");
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
      await run(process.execPath, [join(projectRoot, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "--strict", "--skipLibCheck", "--target", "ES2022", "--moduleResolution", "node", "--module", "commonjs", "src/use.ts", "src/gql/index.ts"], {
        cwd: dir,
        timeout: 120_000,
      });

      // the federation scalars' mappings are what makes strict scalars pass against introspection
      const withoutFederation = readmeBlock("codegen.ts")
        .split("\n")
        .filter((line) => !/^\s*(_Any|link__Import|federation__\w+):/.test(line))
        .join("\n");
      writeFileSync(join(dir, "codegen.ts"), withoutFederation);
      rmSync(join(dir, "src", "gql"), { recursive: true, force: true });
      await run(join(projectRoot, "node_modules", ".bin", "graphql-codegen"), ["--config", "codegen.ts"], { cwd: dir, env: { ...process.env, GRAPHQL_URL: url }, timeout: 120_000 }).catch(() => undefined);
      expect(() => readFileSync(join(dir, "src", "gql", "graphql.ts"))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe("Apollo Client against the server over HTTP", () => {
  const GANTT = agql`query Gantt($id: ID!, $showTasks: Boolean) { projectGantt(id: $id, showTasks: $showTasks) { id budget tasks { id name } } }`;

  it("stale-gantt reproducer: a cache-first read after showTasks: false still answers the tasks", async () => {
    const tasks = await t.db.task.count({ where: { projectId: demoIds.projectId } });
    expect(tasks).toBeGreaterThan(0);
    const c = client();
    const first = await c.query({ query: GANTT, variables: { id: demoIds.projectId, showTasks: false } });
    expect(first.data.projectGantt.tasks).toHaveLength(tasks);
    const second = await c.query({ query: GANTT, variables: { id: demoIds.projectId, showTasks: true }, fetchPolicy: "cache-first" });
    expect(second.data.projectGantt.tasks).toHaveLength(tasks);
    // the normalised entry itself holds the tasks, whatever the argument
    const cached = c.cache.extract() as Record<string, any>;
    expect(cached[`ProjectGantt:${demoIds.projectId}`].tasks).toHaveLength(tasks);
    const fromCache = await c.query({ query: GANTT, variables: { id: demoIds.projectId, showTasks: false }, fetchPolicy: "cache-only" });
    expect(fromCache.data.projectGantt.tasks.map((x: any) => x.id)).toEqual(second.data.projectGantt.tasks.map((x: any) => x.id));
  });

  it("pages a collection with the README's typePolicies and fetchMore", async () => {
    const typePolicies = new Function(`${readmeBlock("apollo-type-policies")}\nreturn typePolicies;`)();
    const c = client(t.adminToken, typePolicies);
    const USERS = agql`query Users($page: Int, $n: Int) { users(page: $page, itemsPerPage: $n, order: [{ lastName: ASC }]) { items { id lastName } paginationInfo { page totalCount hasNextPage } } }`;
    const page1 = await c.query({ query: USERS, variables: { page: 1, n: 5 } });
    expect(page1.data.users.items).toHaveLength(5);
    // a component's watched query (served from the cache), then "load more"
    const watched = c.watchQuery({ query: USERS, variables: { page: 1, n: 5 } });
    const subscription = watched.subscribe({});
    await watched.fetchMore({ variables: { page: 2 } });
    const merged = watched.getCurrentResult().data.users.items.map((u: any) => u.id);
    subscription.unsubscribe();
    const all = await t.gql(`{ users(itemsPerPage: 10, order: [{ lastName: ASC }]) { items { id } } }`);
    expect(merged).toEqual(all.data!.users.items.map((u: any) => u.id));
  });

  it("a missing or revoked token surfaces as a network error with status 401 and UNAUTHENTICATED in its body", async () => {
    for (const token of [null, "wm_not_a_token_at_all_0000000000"]) {
      const error = await client(token)
        .query({ query: GANTT, variables: { id: demoIds.projectId } })
        .then(() => null, (e: any) => e);
      expect(error).not.toBeNull();
      const network = error.networkError as ServerError;
      expect(network.statusCode).toBe(401);
      expect((network.result as any).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    }
  });
});
