import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import express, { type Express } from "express";
import type { GraphQLSchema } from "graphql";
import type { Config } from "../config/config";
import type { Db } from "../db/client";
import { buildContext, type Context } from "../context";
import { createFormatError } from "../errors/format-error";
import { authPlugin, complexityPlugin } from "./plugins";
import { playgroundPlugin, playgroundRouter } from "./playground";
import { corsMiddleware } from "./cors";
import { checkDatabase } from "../db/health";
import { AuthCache } from "../auth/auth-cache";

export interface App {
  express: Express;
  apollo: ApolloServer<Context>;
  schema: GraphQLSchema;
  /** Builds the context a request with this Authorization header gets (tests call operations with it). */
  context(authorization?: string): Promise<Context>;
}

export function createApollo(schema: GraphQLSchema, config: Config, log: (e: unknown) => void): ApolloServer<Context> {
  return new ApolloServer<Context>({
    schema,
    introspection: true,
    includeStacktraceInErrorResponses: config.debugErrors,
    formatError: createFormatError({ debug: config.debugErrors, log }),
    plugins: [
      authPlugin(),
      complexityPlugin({ maxDepth: config.maxQueryDepth, maxFields: config.maxQueryFields }),
      playgroundPlugin(),
      // federated tracing is for Apollo's hosted studio, which this deployment does not report to
      ApolloServerPluginInlineTraceDisabled(),
      // no HTTP caching of GraphQL answers; its per-field hook costs on every response
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
}

/** The HTTP application: GraphQL at /graphql, a health check at /health. */
export async function createApp(db: Db, config: Config, schema: GraphQLSchema, log: (e: unknown) => void = defaultLog): Promise<App> {
  const apollo = createApollo(schema, config, log);
  await apollo.start();
  const auth = new AuthCache(db, config.authCacheTtlMs);
  const context = (authorization?: string) => buildContext(db, config, auth, authorization);

  const app = express();
  app.disable("x-powered-by");
  app.get("/health", async (_req, res) => {
    const ok = await checkDatabase(db);
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable", database: ok ? "up" : "down" });
  });
  // CORS first: it must answer preflights before any router (express answers OPTIONS for its routes)
  app.use("/graphql", corsMiddleware(config.corsOrigins));
  if (config.playground) app.use(playgroundRouter());
  app.use(
    "/graphql",
    express.json({ limit: "1mb" }),
    expressMiddleware(apollo, { context: async ({ req }) => context(req.headers.authorization) }),
  );
  return { express: app, apollo, schema, context };
}

function defaultLog(error: unknown): void {
  console.error("[graphql] unexpected error:", error);
}
