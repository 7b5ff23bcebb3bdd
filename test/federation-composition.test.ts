import { composeServices } from "@apollo/composition";
import { type ObjectTypeDefinitionNode, Kind, parse, print } from "graphql";
import { buildAppSchema } from "../src/schema/build-schema";
import { USER_SUMMARY_TYPES } from "./support/value-types";
import { REVIEWS_SDL } from "./federation/reviews-subgraph";

/**
 * Composition with Apollo's own composer (the one Rover and GraphOS use): our subgraph SDL next
 * to a second team's subgraph that extends our entities and shares our value types.
 */
let ourSdl: string;

beforeAll(async () => {
  ourSdl = (await buildAppSchema()).sdl;
});

function compose(work: string, other: string) {
  return composeServices([
    { name: "work", typeDefs: parse(work), url: "http://work.invalid/graphql" },
    { name: "reviews", typeDefs: parse(other), url: "http://reviews.invalid/graphql" },
  ]);
}

function errorReport(errors: readonly { message: string; extensions?: Readonly<Record<string, unknown>> }[] | undefined): string {
  return (errors ?? []).map((e) => `${String(e.extensions?.code)}: ${e.message}`).join("\n");
}

describe("composition with @apollo/composition", () => {
  it("composes our SDL with a subgraph extending User (and Project once it is ours) with 0 errors", () => {
    const result = compose(ourSdl, REVIEWS_SDL);
    expect(errorReport(result.errors)).toBe("");
    const supergraph = result.supergraphSdl!;
    // User is one entity owned by both graphs: its fields come from each
    expect(supergraph).toMatch(/type User\s+@join__type\(graph: REVIEWS, key: "id"\)\s+@join__type\(graph: WORK, key: "id"\)/);
    expect(supergraph).toMatch(/karma: Int! @join__field\(graph: REVIEWS\)/);
    expect(supergraph).toMatch(/firstName: String! @join__field\(graph: WORK\)/);
    // Kudos.to points at our User: the planner will fetch its fields from us by reference
    expect(supergraph).toMatch(/type Kudos[\s\S]*?to: User!/);
  });

  it("merges Project from both graphs when our Project is in the schema", () => {
    if (!/^type Project @key\(fields: "id"\)/m.test(ourSdl)) {
      // Until Project is served by a root field of ours, it is the other graph's type alone.
      expect(compose(ourSdl, REVIEWS_SDL).supergraphSdl).toMatch(/type Project\s+@join__type\(graph: REVIEWS, key: "id"\)\s*\{/);
      return;
    }
    const supergraph = compose(ourSdl, REVIEWS_SDL).supergraphSdl!;
    expect(supergraph).toMatch(/type Project\s+@join__type\(graph: REVIEWS, key: "id"\)\s+@join__type\(graph: WORK, key: "id"\)/);
    expect(supergraph).toMatch(/health: String! @join__field\(graph: REVIEWS\)/);
    expect(supergraph).toMatch(/type Project[\s\S]*?name: String! @join__field\(graph: WORK\)/);
  });

  describe("user summaries: @shareable value types", () => {
    const summaries = () =>
      parse(ourSdl).definitions.filter(
        (d): d is ObjectTypeDefinitionNode =>
          d.kind === Kind.OBJECT_TYPE_DEFINITION && (USER_SUMMARY_TYPES as readonly string[]).includes(d.name.value),
      );
    /** A subgraph that serves every summary of ours, field for field, as another team would. */
    const sharingSubgraph = () =>
      [
        'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable"])',
        `type Query { summaries: [${summaries()[0].name.value}!]! }`,
        ...summaries().map((d) => print(d)),
      ].join("\n");

    it("are in the schema, without @key and with @shareable", () => {
      expect(summaries().length).toBeGreaterThan(0);
      for (const d of summaries()) {
        const directives = (d.directives ?? []).map((x) => x.name.value);
        expect({ type: d.name.value, directives }).toEqual({ type: d.name.value, directives: ["shareable"] });
      }
    });

    it("compose when another subgraph serves the same summary types", () => {
      expect(errorReport(compose(ourSdl, sharingSubgraph()).errors)).toBe("");
    });

    it("would not compose without @shareable (the decision is what makes sharing legal)", () => {
      const withoutShareable = ourSdl.replace(/ @shareable(?= \{)/g, "");
      const codes = (compose(withoutShareable, sharingSubgraph()).errors ?? []).map((e) => e.extensions?.code);
      expect(codes).toContain("INVALID_FIELD_SHARING");
    });
  });
});
