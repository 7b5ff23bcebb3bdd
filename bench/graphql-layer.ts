/**
 * What the GraphQL layer costs per request, apart from the database: the same documents on the
 * same schema and data (SQLite, seed scale 1, in process, one request at a time), run
 *   A. through Apollo Server (executeOperation: its plugins, document cache, formatting), and
 *   B. through bare graphql-js (parse + validate + execute) on the same schema and context,
 *   C. like B with the document parsed and validated once (what Apollo's document cache gives),
 *   D. like C with type-graphql's per-field wrappers of plain fields removed (graphql-js' default
 *      resolver reads the same property), to price type-graphql's basic field resolvers,
 *   E. through a bare Apollo Server on the same schema (no plugins, default options), to price
 *      the project's plugins and error formatting.
 * C and D alternate three times, so that warm-up does not favour either.
 * Prints CPU milliseconds per request (process.cpuUsage: this process does all the work).
 *
 *   node -r @swc-node/register bench/graphql-layer.ts          (BENCH_ITERATIONS, 300 by default)
 */
import "reflect-metadata";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApolloServer } from "@apollo/server";
import { execute, parse, validate, type DocumentNode, type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { loadConfig } from "../src/config/config";
import { prismaClient } from "../src/db/client";
import { openDatabase } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { buildAppSchema } from "../src/schema/build-schema";
import { createApp } from "../src/server/app";
import pino from "pino";
import { seed } from "../src/seed";
import demoIds from "../prisma/demo-ids.json";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const TOKEN = "wm_bench_admin_token_0123456789abcdef";

const documents: Record<string, { query: string; variables?: Record<string, unknown> }> = {
  "{ __typename }": { query: "{ __typename }" },
  "users page of 30 with departments": {
    query: `{ users(order: [{ lastName: ASC }], itemsPerPage: 30) { paginationInfo { totalCount }
      items { id firstName lastName email userDepartments { isLeader department { id name } } } } }`,
  },
  "projectGantt with stages and tasks": {
    query: `query ($id: ID!) { projectGantt(id: $id, showTasks: true) { stages { id name } tasks { id name shortCode columnStatus } } }`,
    variables: { id: demoIds.projectId },
  },
};

const originals = new Map<object, GraphQLFieldResolver<unknown, unknown>>();
/** Counts the fields whose resolver is type-graphql's basic one, and (with `strip`) removes it or (`restore`) puts it back. */
function basicFieldResolvers(schema: GraphQLSchema, strip: boolean, restore = false): number {
  let n = 0;
  if (restore) {
    for (const [field, resolve] of originals) (field as { resolve?: unknown }).resolve = resolve;
    return originals.size;
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || ["Query", "Mutation"].includes(type.name)) continue;
    for (const field of Object.values(type.getFields())) {
      // createBasicFieldResolver's closure: `(root, args, context, info) => applyMiddlewares(..., () => root[fieldMetadata.name])`
      if (
        field.resolve &&
        /applyMiddlewares\)\(container, resolverData, middlewares, \(\) => root\[fieldMetadata\.name\]\)/.test(field.resolve.toString())
      ) {
        n += 1;
        if (strip) {
          originals.set(field, field.resolve);
          field.resolve = undefined;
        }
      }
    }
  }
  return n;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "wm-gql-layer-"));
  const url = `file:${join(dir, "db.db")}`;
  const database = openDatabase({ url });
  const db = database.prisma;
  await migrate(db, "sqlite");
  await seed(db, { scale: 1, adminToken: TOKEN });
  const config = loadConfig({ DATABASE_URL: url, NODE_ENV: "production" } as NodeJS.ProcessEnv);
  const { schema } = await buildAppSchema();
  const app = await createApp(database, config, schema, { logger: pino({ level: "silent" }) });
  console.log(`type-graphql basic field resolvers in the schema: ${basicFieldResolvers(schema, false)}`);

  const cpu = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 30; i++) await fn(); // warm-up
    const start = process.cpuUsage();
    for (let i = 0; i < ITERATIONS; i++) await fn();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / ITERATIONS;
  };
  const check = (r: { errors?: readonly unknown[] }) => {
    if (r.errors?.length) throw new Error(JSON.stringify(r.errors).slice(0, 400));
    return r;
  };

  const results: Record<string, Record<string, number>> = {};
  const parsed = new Map<string, DocumentNode>();
  for (const [name, doc] of Object.entries(documents)) {
    const document = parse(doc.query);
    if (validate(schema, document).length) throw new Error(`${name} does not validate`);
    parsed.set(name, document);
  }
  const bare = new ApolloServer({ schema });
  await bare.start();
  const modes: Record<string, (name: string) => Promise<unknown>> = {
    "E bare Apollo Server": async (name) => {
      const d = documents[name];
      const r = await bare.executeOperation({ query: d.query, variables: d.variables }, { contextValue: await app.context(TOKEN) });
      if (r.body.kind === "single") check(r.body.singleResult);
    },
    "A Apollo Server": async (name) => {
      const d = documents[name];
      const r = await app.apollo.executeOperation({ query: d.query, variables: d.variables }, { contextValue: await app.context(TOKEN) });
      if (r.body.kind === "single") check(r.body.singleResult);
    },
    "B graphql-js parse+validate+execute": async (name) => {
      const d = documents[name];
      const document = parse(d.query);
      validate(schema, document);
      check(await execute({ schema, document, variableValues: d.variables, contextValue: await app.context(TOKEN) }));
    },
    "C graphql-js execute (cached document)": async (name) => {
      check(
        await execute({
          schema,
          document: parsed.get(name)!,
          variableValues: documents[name].variables,
          contextValue: await app.context(TOKEN),
        }),
      );
    },
  };
  for (const [mode, run] of Object.entries(modes)) {
    for (const name of Object.keys(documents)) (results[name] ??= {})[mode] = await cpu(() => run(name));
  }
  const C = "C graphql-js execute (cached document)";
  const D = "D as C, basic field resolvers removed";
  for (let turn = 0; turn < 3; turn++) {
    basicFieldResolvers(schema, true);
    for (const name of Object.keys(documents)) results[name][D] = Math.min(results[name][D] ?? Infinity, await cpu(() => modes[C](name)));
    basicFieldResolvers(schema, false, true);
    for (const name of Object.keys(documents)) results[name][C] = Math.min(results[name][C], await cpu(() => modes[C](name)));
  }
  console.log(`(C and D: the best of 4 and 3 runs)\n`);
  await bare.stop();
  const modeNames = Object.keys(Object.values(results)[0]);
  console.log(`| Document | ${modeNames.join(" | ")} |\n|---|${modeNames.map(() => "---").join("|")}|`);
  for (const [name, r] of Object.entries(results)) console.log(`| ${name} | ${modeNames.map((m) => r[m].toFixed(3)).join(" | ")} |`);
  console.log(`\nCPU ms per request, ${ITERATIONS} sequential requests each, after 30 to warm up.`);

  // Prisma 7's query plan cache: the same read with the cache (default) and without it
  const noCache = prismaClient({ url, queryPlanCacheMaxSize: 0 }).client;
  const read = (client: typeof db) => () =>
    client.user.findMany({
      take: 30,
      orderBy: [{ lastName: "asc" }, { id: "asc" }],
      include: { userDepartments: { include: { department: true } } },
    });
  const cached = await cpu(read(db));
  const uncached = await cpu(read(noCache));
  console.log(
    `\nPrisma query plan cache: users page of 30 with departments (findMany + 2 includes) ${cached.toFixed(3)} ms CPU with it, ${uncached.toFixed(3)} ms without`,
  );
  await noCache.$disconnect();

  await app.apollo.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
