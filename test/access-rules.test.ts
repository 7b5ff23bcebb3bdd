import "reflect-metadata";
import { graphql } from "graphql";
import { Arg, Authorized, Ctx, Query, Resolver, buildSchema } from "type-graphql";
import { assertRulesDeclared, authChecker, policy } from "../src/auth/policy";
import { verifyRequired } from "./support/verify-required";
import { rules } from "../src/auth/rules";
import { RequestAccess } from "../src/auth/access";
import type { Viewer } from "../src/auth/authenticate";
import { ENTITIES, RESOLVERS } from "../src/schema/registry";
import { buildAppSchema } from "../src/schema/build-schema";

/**
 * Where the access rules are declared and enforced (src/auth/policy.ts): the start-up check that
 * every root field and entity declares a rule, and, under tests, the check that a rule the edge
 * left to the subject was required by the service. The rules' answers themselves are the policy
 * matrix's (test/policy-matrix.test.ts).
 */

@Resolver()
class Undeclared {
  @Query(() => String)
  undeclared(): string {
    return "open to anyone";
  }
}

type Caller = { viewer: Viewer; access: RequestAccess };

@Resolver()
class Declared {
  @Query(() => String)
  @Authorized(rules.shortcutOwner)
  required(@Arg("owner") owner: string, @Ctx() ctx: Caller): Promise<string> {
    return policy.require(ctx, rules.shortcutOwner, owner).then(() => "mine");
  }

  @Query(() => String)
  @Authorized(rules.shortcutOwner)
  forgotten(): string {
    return "nobody checked";
  }
}

describe("start-up", () => {
  it("passes with the application's own resolvers and entities", async () => {
    await buildAppSchema();
    expect(() => assertRulesDeclared(RESOLVERS, ENTITIES)).not.toThrow();
  });

  it("stops on a root field without @Authorized(rule) and on an entity without a read rule", async () => {
    await buildSchema({ resolvers: [Undeclared, Declared], authChecker, validate: false });
    expect(() => assertRulesDeclared([Undeclared], [])).toThrow(/No access rule declared for Query\.undeclared:/);
    expect(() => assertRulesDeclared([Declared], [{ typeName: "Secret" }])).toThrow(/No access rule declared for entity Secret:/);
    expect(() => assertRulesDeclared([Declared], [])).not.toThrow();
  });
});

describe("a rule the subject decides", () => {
  const viewer: Viewer = { id: "11111111-1111-4111-8111-111111111111", email: "x@example.com", roles: ["user"], isAdmin: false };

  async function run(query: string) {
    const schema = await buildSchema({ resolvers: [Declared], authChecker, validate: false });
    for (const field of Object.values(schema.getQueryType()!.getFields())) field.resolve = verifyRequired(field.resolve as never) as never;
    // the rules these queries ask never read the database
    return graphql({ schema, source: query, contextValue: { viewer, access: new RequestAccess(null as never, viewer) } });
  }

  it("is checked by the service: its refusal when the subject says no, the answer when it says yes", async () => {
    expect((await run(`{ required(owner: "${viewer.id}") }`)).data).toEqual({ required: "mine" });
    const refused = await run(`{ required(owner: "22222222-2222-4222-8222-222222222222") }`);
    expect(refused.errors?.map((e) => [e.extensions.code, e.message])).toEqual([["FORBIDDEN", "You may not act on this object."]]);
  });

  it("fails under tests when the service never required it", async () => {
    const forgotten = await run("{ forgotten }");
    expect(forgotten.errors?.map((e) => e.message)).toEqual([
      'Query.forgotten declares "its owner only" but its service never required it',
    ]);
  });
});
