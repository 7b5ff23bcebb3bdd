/**
 * The benchmark's reference for the fixed cost of a request (`{ __typename }`): a bare Apollo
 * Server 5, the version the project runs, as its documentation sets one up: `startStandaloneServer`
 * (Apollo's own node:http integration, no Express), default options, no plugins, serving the
 * project's own schema (so the document is parsed and validated against the same types; what is
 * left out is the project's HTTP middleware, authentication, cost and admission plugins, request
 * scope and error formatting). Apollo's defaults stay as they are, pretty-printed answers included.
 *
 *   PORT=4693 node -r @swc-node/register bench/apollo-bare.ts
 */
import "reflect-metadata";
import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { buildAppSchema } from "../src/schema/build-schema";

async function main() {
  const { schema } = await buildAppSchema();
  const { url } = await startStandaloneServer(new ApolloServer({ schema }), {
    listen: { host: "127.0.0.1", port: Number(process.env.PORT ?? 4693) },
  });
  console.log(`bare Apollo Server 5 ready at ${url}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
