import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from "@apollo/gateway";

/** What the gateway keeps of the incoming request for its subgraph calls. */
export interface GatewayContext {
  authorization?: string;
}

/**
 * The work-management subgraph authenticates every request: the gateway must pass the caller's
 * Authorization header on to it (and to any subgraph that wants it). This is the one piece of
 * gateway code a supergraph including this subgraph needs.
 */
export class AuthForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    // context is empty while the gateway introspects the subgraphs at start-up
    const authorization = (context as GatewayContext | undefined)?.authorization;
    if (authorization) request.http?.headers.set("authorization", authorization);
  }
}

export interface RunningGateway {
  url: string;
  /** POSTs an operation to the gateway as a browser or a service would, with an optional Authorization header. */
  post<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    authorization?: string,
  ): Promise<{
    status: number;
    body: { data?: T | null; errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, any> }> };
  }>;
  stop(): Promise<void>;
}

/**
 * @apollo/gateway over the given subgraphs, composed at start-up from each subgraph's
 * `_service { sdl }` (so this also proves `_service` answers without a token), served on
 * 127.0.0.1 on a free port.
 */
export async function startGateway(subgraphs: Array<{ name: string; url: string }>): Promise<RunningGateway> {
  const gateway = new ApolloGateway({
    supergraphSdl: new IntrospectAndCompose({ subgraphs }),
    buildService: ({ url }) => new AuthForwardingDataSource({ url }),
  });
  const server = new ApolloServer<GatewayContext>({ gateway });
  const { url } = await startStandaloneServer(server, {
    listen: { port: 0, host: "127.0.0.1" },
    context: async ({ req }) => ({ authorization: req.headers.authorization }),
  });
  return { url, post: postTo(url), stop: () => server.stop() };
}

/** RunningGateway.post for a gateway at `url`. */
export function postTo(url: string): RunningGateway["post"] {
  return async (query, variables, authorization) => {
    const response = await fetch(url, {
      method: "POST",
      // application/json: Apollo Server's CSRF prevention refuses "simple" requests
      headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as never };
  };
}
