import { buildSubgraphSchema } from "@apollo/subgraph";
import { printSchemaWithDirectives } from "@graphql-tools/utils";
import { type GraphQLSchema, introspectionFromSchema, isObjectType, parse } from "graphql";
import { buildAppSchema, buildTypeGraphqlSchema, subgraphSdl } from "../src/schema/build-schema";
import { applyDeadlines } from "../src/server/request-scope";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The served schema is type-graphql's schema extended with what @apollo/subgraph adds, built
 * once (src/schema/build-schema.ts), instead of printing it and letting `buildSubgraphSchema`
 * rebuild it from the SDL. These tests hold it to what `buildSubgraphSchema` builds from the same
 * SDL, so an upgrade of @apollo/subgraph that changes its additions fails here.
 */
describe("the served schema equals what @apollo/subgraph builds from the SDL", () => {
  let served: GraphQLSchema;
  let reference: GraphQLSchema;
  let typeGraphql: GraphQLSchema;
  let t: TestApp;

  beforeAll(async () => {
    served = (await buildAppSchema()).schema;
    typeGraphql = await buildTypeGraphqlSchema();
    reference = buildSubgraphSchema({ typeDefs: parse(subgraphSdl(typeGraphql)) });
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it("prints the same SDL, directives and federation types included", () => {
    expect(printSchemaWithDirectives(served)).toBe(printSchemaWithDirectives(reference));
  });

  it("answers introspection identically (same types, fields, directives, in the same order)", () => {
    expect(JSON.stringify(introspectionFromSchema(served))).toBe(JSON.stringify(introspectionFromSchema(reference)));
  });

  it("serves `_service.sdl` exactly as @apollo/subgraph prints it", async () => {
    const expected = (reference.getQueryType()!.getFields()._service.resolve as () => { sdl: string })().sdl;
    const { data, errors } = await t.gql<{ _service: { sdl: string } }>("{ _service { sdl } }", undefined, null);
    expect(errors).toBeUndefined();
    expect(data!._service.sdl).toBe(expected);
    expect(data!._service.sdl).toMatch(/type User\s+@key\(fields: "id"\)/);
  });

  it("keeps each field's declared cost (type-graphql's complexity extension) for the cost limit", () => {
    let declared = 0;
    for (const type of Object.values(typeGraphql.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      const servedFields = (served.getType(type.name) as typeof type).getFields();
      for (const field of Object.values(type.getFields())) {
        if (field.extensions.complexity === undefined) continue;
        declared += 1;
        expect(servedFields[field.name].extensions.complexity).toBe(field.extensions.complexity);
      }
    }
    expect(declared).toBeGreaterThan(20);
  });

  it("leaves plain fields to graphql-js's default resolver; visibility rules, field resolvers and list caps keep theirs, the deadline wraps objects", async () => {
    const fields = (name: string) => (served.getType(name) as import("graphql").GraphQLObjectType).getFields();
    // type-graphql's own resolver of a plain field (its middleware chain) is gone, scalar or object
    expect(fields("User").firstName.resolve).toBeUndefined();
    expect(fields("UserDepartment").isLeader.resolve).toBeUndefined();
    expect(fields("UserDepartment").department.resolve).toBeUndefined();
    // a rule on the field (@VisibleTo), a @FieldResolver, a capped list: resolved as before
    expect(fields("User").phoneNumber.resolve).toEqual(expect.any(Function));
    expect(fields("Invoice").corrects.resolve).toEqual(expect.any(Function));
    expect(fields("User").userDepartments.resolve).toEqual(expect.any(Function));
    // as the server applies it: a field leading to an object gets the deadline (and a heavy request's turns), a scalar nothing
    applyDeadlines(served);
    const department = fields("UserDepartment").department;
    const stop = new Error("stopped");
    const ctx = { request: { stopped: stop } };
    const answer = department.resolve!({ department: { id: "d" } }, {}, ctx, {} as never);
    await expect(answer).rejects.toBe(stop);
    expect(department.resolve!({ department: { id: "d" } }, {}, {}, { fieldName: "department" } as never)).toEqual({ id: "d" });
    expect(fields("User").firstName.resolve).toBeUndefined();
  });

  it("resolves `_entities` through the entity loaders", async () => {
    const { data, errors } = await t.gql<{ _entities: Array<{ id: string; __typename: string }> }>(
      `query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on User { id } } }`,
      { r: [{ __typename: "User", id: (await t.db.user.findFirstOrThrow({ orderBy: { id: "asc" } })).id }] },
    );
    expect(errors).toBeUndefined();
    expect(data!._entities).toHaveLength(1);
    expect(data!._entities[0].__typename).toBe("User");
  });
});
