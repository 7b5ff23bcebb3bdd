import "reflect-metadata";
import { once } from "node:events";
import { copyFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import type { GraphQLFormattedError } from "graphql";
import { loadConfig, type Config } from "../../src/config/config";
import type { Db } from "../../src/db/client";
import { openDatabase } from "../../src/db/database";
import type { ReadSide } from "../../src/db/kysely";
import type { Viewer } from "../../src/auth/authenticate";
import { RequestAccess } from "../../src/auth/access";
import { EntityLoaders } from "../../src/loaders/entity-loaders";
import type { AuthedContext } from "../../src/context";
import { buildAppSchema } from "../../src/schema/build-schema";
import { createApp, type App, type AppOptions } from "../../src/server/app";
import pino from "pino";
import { verifyDeclaredRules } from "./verify-required";
import { createHttpServer } from "../../src/server/http-server";
import { issueToken } from "../../src/auth/tokens";
import demoIds from "../../prisma/demo-ids.json";
import { onPostgres, postgresUrl, sqliteTemplatePath, TEMPLATE_DB_NAME, TEST_ADMIN_TOKEN, TEST_SERVER_URL } from "./databases";

export { demoIds, TEST_ADMIN_TOKEN };

export interface GqlResult<T = Record<string, any>> {
  data?: T | null;
  errors?: readonly GraphQLFormattedError[];
}

export interface TestApp {
  db: Db;
  /** The read side (Kysely) the app uses, on the same database. */
  read: ReadSide;
  app: App;
  config: Config;
  databaseUrl: string;
  adminToken: string;
  /** A token of the demo ordinary user (demoIds.userId). */
  userToken: string;
  /** Runs an operation through Apollo (plugins, validation, error formatting) as the admin, or with `token` (null: none). */
  gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<T>>;
  /**
   * A request context for `viewer` (who need not exist, nor hold a token), for calling a service
   * directly; `db` replaces the request's Prisma client (e.g. one that fails on purpose).
   */
  contextOf(viewer: Viewer, db?: Db): Promise<AuthedContext>;
  /** How many SQL statements `fn` sends (Prisma's and the read side's). */
  countStatements(fn: () => Promise<unknown>): Promise<number>;
  /** The SQL statements `fn` sends (Prisma's and the read side's), in order. */
  statementsOf(fn: () => Promise<unknown>): Promise<string[]>;
  /** Base URL of the app served over HTTP on 127.0.0.1 (started on first use). */
  url(): Promise<string>;
  close(): Promise<void>;
}

let cachedSchema: ReturnType<typeof buildAppSchema> | undefined;

/** A fresh copy of the seeded test database behind the real GraphQL server (its request log silent unless `options.logger` is given). */
export async function createTestApp(env: Record<string, string> = {}, options: AppOptions = {}): Promise<TestApp> {
  const databaseUrl = await copyTemplate();
  let statements = 0;
  let recorders: string[][] = [];
  const onQuery = (sql: string) => {
    statements += 1;
    for (const r of recorders) r.push(sql);
  };
  // Prisma and the read side (Kysely) on the same database, their statements counted together
  const database = openDatabase({ url: databaseUrl, onQuery });
  const { prisma: db, read } = database;
  // tests change users and tokens between requests: no authentication cache unless a test asks for one
  const config = loadConfig({ AUTH_CACHE_TTL_MS: "0", ...env, DATABASE_URL: databaseUrl } as NodeJS.ProcessEnv);
  cachedSchema ??= buildAppSchema();
  const schema = verifyDeclaredRules((await cachedSchema).schema);
  const app = await createApp(database, config, schema, { logger: pino({ level: "silent" }), ...options });
  const userToken = await issueToken(db, demoIds.userId, { name: "test" });
  let server: Server | undefined;

  const gql = async <T>(query: string, variables?: Record<string, unknown>, token: string | null = TEST_ADMIN_TOKEN) => {
    const contextValue = await app.context(token ?? undefined);
    const response = await app.apollo.executeOperation({ query, variables }, { contextValue });
    if (response.body.kind !== "single") throw new Error("incremental delivery is not used");
    return response.body.singleResult as GqlResult<T>;
  };

  return {
    db,
    read,
    app,
    config,
    databaseUrl,
    adminToken: TEST_ADMIN_TOKEN,
    userToken,
    gql,
    async contextOf(viewer, replacement) {
      const ctx = await app.context();
      const access = new RequestAccess(ctx.read, viewer);
      // the port is made at first use (an accessor: a spread copies fields only), so it is named
      return {
        ...ctx,
        read: ctx.read,
        db: replacement ?? ctx.db,
        viewer,
        access,
        loaders: new EntityLoaders(ctx.read, { viewer, access }),
      };
    },
    async countStatements(fn) {
      const before = statements;
      await fn();
      return statements - before;
    },
    async statementsOf(fn) {
      const seen: string[] = [];
      recorders = [...recorders, seen];
      try {
        await fn();
      } finally {
        recorders = recorders.filter((r) => r !== seen);
      }
      return seen;
    },
    async url() {
      if (!server) {
        // the server main.ts runs, with the configuration's connection limits
        server = createHttpServer(app, config);
        await once(server.listen(0, "127.0.0.1"), "listening");
      }
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      if (server) await new Promise((resolve) => server!.close(resolve));
      await app.apollo.stop();
      await database.close();
      await dropCopy(databaseUrl);
    },
  };
}

async function copyTemplate(): Promise<string> {
  const name = `wm_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  if (onPostgres) {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB_NAME}`);
    } finally {
      await admin.end();
    }
    return postgresUrl(name);
  }
  const path = join(tmpdir(), `${name}.db`);
  copyFileSync(sqliteTemplatePath(), path);
  return `file:${path}`;
}

async function dropCopy(url: string): Promise<void> {
  if (onPostgres) {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  } else {
    const path = url.slice("file:".length);
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
  }
}

/** The `extensions.code` of each error, for compact assertions. */
export function codes(result: GqlResult): string[] {
  return (result.errors ?? []).map((e) => String(e.extensions?.code));
}

/** The `field`s named by a BAD_USER_INPUT error's validationErrors. */
export function invalidFields(result: GqlResult): string[] {
  const error = result.errors?.find((e) => e.extensions?.code === "BAD_USER_INPUT");
  const list = (error?.extensions?.validationErrors ?? []) as Array<{ field: string }>;
  return list.map((v) => v.field);
}

/** Template tag for GraphQL documents (identity; for editor highlighting). */
export const gql = (strings: TemplateStringsArray, ...values: unknown[]) =>
  strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ""), "");
