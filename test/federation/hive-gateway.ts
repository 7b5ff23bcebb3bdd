import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { composeServices } from "@apollo/composition";
import { createGatewayRuntime } from "@graphql-hive/gateway-runtime";
import { parse } from "graphql";
import { postTo, type RunningGateway } from "./gateway";

/**
 * Hive Gateway (The Guild's federation gateway, its runtime as a library) over the given
 * subgraphs: the supergraph composed with @apollo/composition from each subgraph's
 * `_service { sdl }`, the caller's Authorization header propagated to the subgraphs (the one
 * setting a supergraph including this subgraph needs), served on 127.0.0.1 on a free port.
 */
export async function startHiveGateway(subgraphs: Array<{ name: string; url: string }>): Promise<RunningGateway> {
  const services = await Promise.all(
    subgraphs.map(async ({ name, url }) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ _service { sdl } }" }),
      });
      const { data } = (await response.json()) as { data: { _service: { sdl: string } } };
      return { name, url, typeDefs: parse(data._service.sdl) };
    }),
  );
  const composed = composeServices(services);
  if (composed.errors) throw new Error(`composition failed: ${composed.errors.map((e) => e.message).join("; ")}`);
  const runtime = createGatewayRuntime({
    supergraph: composed.supergraphSdl,
    logging: false,
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => {
        const authorization = request.headers.get("authorization");
        return authorization ? { authorization } : {};
      },
    },
  });
  const server = createServer(runtime.requestListener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return {
    url,
    post: postTo(url),
    async stop() {
      await runtime.dispose();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
