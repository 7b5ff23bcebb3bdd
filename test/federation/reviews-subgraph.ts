import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { buildSubgraphSchema } from "@apollo/subgraph";
import type { GraphQLResolverMap } from "@apollo/subgraph/dist/schema-helper";
import { type DocumentNode, type GraphQLSchema, parse } from "graphql";

/**
 * A second subgraph, owned by "another team", that the composition and gateway tests put next
 * to ours. It extends our `User` (karma, kudos received) and `Project` (health) with fields of
 * its own, and has a type of its own (`Kudos`) that points at our `User` and `Project` by key.
 * It also returns `MiniUserRef`, one of our @shareable user summaries, with the same fields.
 */
export const REVIEWS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable"])

  type Query {
    "Every kudos, oldest first."
    kudos: [Kudos!]!
  }

  "Thanks from one person to another, possibly about a project."
  type Kudos @key(fields: "id") {
    id: ID!
    message: String!
    "Who is thanked: resolved by the work-management subgraph."
    to: User!
    "Who says thanks, as a summary this subgraph serves itself."
    author: MiniUserRef!
    "The project it is about, if any."
    project: Project
  }

  type User @key(fields: "id") {
    id: ID!
    "How many kudos the user received."
    karma: Int!
    "The kudos the user received."
    kudosReceived: [Kudos!]!
  }

  type Project @key(fields: "id") {
    id: ID!
    "good when the project collected kudos, quiet otherwise."
    health: String!
  }

  "Same fields as the work-management subgraph's summary: a shared value type."
  type MiniUserRef @shareable {
    id: ID!
    firstName: String!
    lastName: String!
    pictureSm: String!
    pictureLg: String!
  }
`;

export interface KudosRow {
  id: string;
  message: string;
  toUserId: string;
  author: { id: string; firstName: string; lastName: string; pictureSm: string; pictureLg: string };
  projectId: string | null;
}

export interface ReviewsSubgraph {
  typeDefs: DocumentNode;
  schema: GraphQLSchema;
  /** Every reference the gateway asked this subgraph to resolve: proof that a query crossed into it. */
  references: Array<{ typeName: string; id: string }>;
}

export function createReviewsSubgraph(kudos: readonly KudosRow[]): ReviewsSubgraph {
  const references: ReviewsSubgraph["references"] = [];
  const typeDefs = parse(REVIEWS_SDL);
  const receivedBy = (userId: string) => kudos.filter((k) => k.toUserId === userId);
  const resolvers: GraphQLResolverMap<unknown> = {
    Query: { kudos: () => kudos },
    Kudos: {
      __resolveReference: (ref: { id: string }) => kudos.find((k) => k.id === ref.id) ?? null,
      to: (k: KudosRow) => ({ __typename: "User", id: k.toUserId }),
      project: (k: KudosRow) => (k.projectId ? { __typename: "Project", id: k.projectId } : null),
    },
    User: {
      __resolveReference: (ref: { id: string }) => {
        references.push({ typeName: "User", id: ref.id });
        return { id: ref.id };
      },
      karma: (u: { id: string }) => receivedBy(u.id).length,
      kudosReceived: (u: { id: string }) => receivedBy(u.id),
    },
    Project: {
      __resolveReference: (ref: { id: string }) => {
        references.push({ typeName: "Project", id: ref.id });
        return { id: ref.id };
      },
      health: (p: { id: string }) => (kudos.some((k) => k.projectId === p.id) ? "good" : "quiet"),
    },
  } as GraphQLResolverMap<unknown>;
  return { typeDefs, schema: buildSubgraphSchema({ typeDefs, resolvers }), references };
}

/** Serves a schema over HTTP on 127.0.0.1 (a free port); returns its /graphql URL and a stop function. */
export async function serveSubgraph(schema: GraphQLSchema): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = new ApolloServer({ schema });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: "127.0.0.1" } });
  return { url, stop: () => server.stop() };
}
