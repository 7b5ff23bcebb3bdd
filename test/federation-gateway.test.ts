import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../src/config/paths";
import { codes, createTestApp, demoIds, type TestApp } from "./support/test-app";
import { createReviewsSubgraph, serveSubgraph, type KudosRow, type ReviewsSubgraph } from "./federation/reviews-subgraph";
import { startGateway, type RunningGateway } from "./federation/gateway";
import { startHiveGateway } from "./federation/hive-gateway";

/**
 * End to end with real federation tooling: our subgraph and a second one over HTTP on
 * 127.0.0.1, @apollo/gateway composing them from their `_service` SDL, queries that cross
 * from each subgraph into the other, and the caller's Authorization header reaching ours.
 */
let t: TestApp;
let reviews: ReviewsSubgraph;
let stopReviews: () => Promise<void>;
let reviewsUrl: string;
let gateway: RunningGateway;
let kudos: KudosRow[];

beforeAll(async () => {
  t = await createTestApp();
  const people = await t.db.user.findMany({
    where: { id: { in: [demoIds.adminUserId, demoIds.userId, demoIds.pmUserId] } },
  });
  const person = (id: string) => people.find((p) => p.id === id)!;
  const summary = (id: string) => {
    const p = person(id);
    return { id: p.id, firstName: p.firstName, lastName: p.lastName, pictureSm: p.pictureSm, pictureLg: p.pictureLg };
  };
  kudos = [
    {
      id: "k1",
      message: "Thanks for the release",
      toUserId: demoIds.userId,
      author: summary(demoIds.adminUserId),
      projectId: demoIds.projectId,
    },
    { id: "k2", message: "Great review", toUserId: demoIds.userId, author: summary(demoIds.pmUserId), projectId: null },
    { id: "k3", message: "Smooth planning", toUserId: demoIds.pmUserId, author: summary(demoIds.userId), projectId: demoIds.projectId },
  ];
  reviews = createReviewsSubgraph(kudos);
  const served = await serveSubgraph(reviews.schema);
  stopReviews = served.stop;
  reviewsUrl = served.url;
  gateway = await startGateway([
    { name: "work", url: `${await t.url()}/graphql` },
    { name: "reviews", url: served.url },
  ]);
});

afterAll(async () => {
  await gateway?.stop();
  await stopReviews?.();
  await t.close();
});

const bearer = () => `Bearer ${t.adminToken}`;
/** What our subgraph says to a request without a token. */
const SUBGRAPH_MESSAGE = "A valid API token is required: send it in the Authorization header.";

describe("a supergraph through @apollo/gateway", () => {
  it("our User, extended by the other subgraph: users from us, karma and kudos from them", async () => {
    const ids = [demoIds.userId, demoIds.pmUserId, demoIds.adminUserId];
    const res = await gateway.post<{
      users: { items: Array<{ id: string; email: string; karma: number; kudosReceived: Array<{ message: string }> }> };
    }>(
      `query ($ids: [ID!]) { users(filter: { id: $ids }, order: [{ firstName: ASC }]) { items { id email karma kudosReceived { message } } } }`,
      { ids },
      bearer(),
    );
    expect(res.body.errors).toBeUndefined();
    const items = res.body.data!.users.items;
    const stored = await t.db.user.findMany({ where: { id: { in: ids } }, orderBy: [{ firstName: "asc" }, { id: "asc" }] });
    expect(items.map((u) => ({ id: u.id, email: u.email }))).toEqual(stored.map((u) => ({ id: u.id, email: u.email })));
    for (const u of items) {
      const received = kudos.filter((k) => k.toUserId === u.id);
      expect({ id: u.id, karma: u.karma, messages: u.kudosReceived.map((k) => k.message) }).toEqual({
        id: u.id,
        karma: received.length,
        messages: received.map((k) => k.message),
      });
    }
    // the gateway asked the other subgraph for exactly these users, by reference
    expect(
      reviews.references
        .filter((r) => r.typeName === "User")
        .map((r) => r.id)
        .sort(),
    ).toEqual(expect.arrayContaining([...ids].sort()));
  });

  it("the other subgraph's Kudos, with our User fields on its `to` and our Project fields on its `project`", async () => {
    const res = await gateway.post<{
      kudos: Array<{
        id: string;
        to: { id: string; firstName: string; lastName: string; email: string; contractorName: string | null };
        author: { firstName: string };
        project: { id: string; name: string; no: string; health: string } | null;
      }>;
    }>(
      `{ kudos { id to { id firstName lastName email contractorName } author { firstName } project { id name no health } } }`,
      {},
      bearer(),
    );
    expect(res.body.errors).toBeUndefined();
    const got = res.body.data!.kudos;
    expect(got.map((k) => k.id)).toEqual(["k1", "k2", "k3"]);
    const users = await t.db.user.findMany({ where: { id: { in: kudos.map((k) => k.toUserId) } }, include: { contractor: true } });
    for (const k of got) {
      const row = users.find((u) => u.id === k.to.id)!;
      expect(k.to).toEqual({
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        contractorName: row.contractor?.name ?? null,
      });
    }
    const project = await t.db.project.findUniqueOrThrow({ where: { id: demoIds.projectId } });
    expect(got[0].project).toEqual({ id: project.id, name: project.name, no: project.no, health: "good" });
    expect(got[1].project).toBeNull();
  });

  it("our Project, created through the gateway, with the other subgraph's health on it", async () => {
    const res = await gateway.post<{ createProject: { id: string; name: string; health: string } | null }>(
      `mutation ($input: CreateProjectInput!) { createProject(input: $input) { id name health } }`,
      {
        input: {
          name: "Federated launch",
          dateStartPlanned: "2026-03-01T08:00:00.000Z",
          dateEndPlanned: "2026-06-30T16:00:00.000Z",
          isBlameableRemovalEnabled: false,
          status: "open",
          contractors: [],
        },
      },
      bearer(),
    );
    expect(res.body.errors).toBeUndefined();
    const created = res.body.data!.createProject!;
    expect(created.name).toBe("Federated launch");
    expect(created.health).toBe("quiet");
    expect(await t.db.project.findUnique({ where: { id: created.id }, select: { name: true } })).toEqual({ name: "Federated launch" });
    expect(reviews.references).toContainEqual({ typeName: "Project", id: created.id });
  });

  it("runs docs/federation.md's crossing queries exactly as written there (issue 24)", async () => {
    const doc = readFileSync(join(projectRoot, "docs", "federation.md"), "utf8");
    const intro = doc.indexOf("Queries that cross the two graphs");
    const block = /```graphql\n([\s\S]*?)```/.exec(doc.slice(intro))![1];
    // the operations of the block, each after its comment line, as text
    const operations = block
      .split(/^#.*$/m)
      .map((op) => op.trim())
      .filter((op) => op.length > 0);
    expect(operations).toHaveLength(3);
    const answers = [];
    for (const operation of operations) {
      const res = await gateway.post<Record<string, any>>(operation, undefined, bearer());
      expect([operation, res.body.errors]).toEqual([operation, undefined]);
      answers.push(res.body.data!);
    }
    expect(answers[0].users.items.map((u: { id: string }) => u.id)).toEqual([demoIds.userId]);
    expect(answers[1].kudos.map((k: { message: string }) => k.message)).toEqual(kudos.map((k) => k.message));
    const created = answers[2].createProject;
    expect(created).toMatchObject({ name: "Federated launch", health: "quiet" });
    expect(await t.db.project.findUnique({ where: { id: created.id }, select: { status: true } })).toEqual({ status: "open" });
  });
});

describe("the Authorization header through the gateway", () => {
  it("is forwarded as sent: a raw token works as well as a Bearer one", async () => {
    const res = await gateway.post(`{ kudos { to { id } } }`, {}, t.adminToken);
    expect(res.body.errors).toBeUndefined();
  });

  it("is needed by our subgraph itself: UNAUTHENTICATED, with HTTP 401 for application/graphql-response+json and 200 for application/json", async () => {
    const refuse = async (accept: string) => {
      const response = await fetch(`${await t.url()}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept },
        body: JSON.stringify({ query: `{ _entities(representations: [{ __typename: "User", id: "${demoIds.userId}" }]) { __typename } }` }),
      });
      const body = (await response.json()) as { errors: Array<{ message: string; extensions: Record<string, unknown> }> };
      return { status: response.status, errors: body.errors.map((e) => [e.message, e.extensions]) };
    };
    const errors = [[SUBGRAPH_MESSAGE, { code: "UNAUTHENTICATED" }]];
    expect(await refuse("application/graphql-response+json, application/json;q=0.9")).toEqual({ status: 401, errors });
    // what Apollo Gateway (any type) and Apollo Router (application/json) ask for
    expect(await refuse("*/*")).toEqual({ status: 200, errors });
    expect(await refuse("application/json")).toEqual({ status: 200, errors });
  });

  it('without it, our root fields fail UNAUTHENTICATED with our message, not the gateway\'s "401: Unauthorized" (issue 24)', async () => {
    const res = await gateway.post(`{ users { items { id } } }`, {});
    expect(res.body.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([[SUBGRAPH_MESSAGE, "UNAUTHENTICATED"]]);
    // nothing of the subgraph's HTTP exchange (its address, the raw answer) reaches the client
    expect(res.body.errors?.[0].extensions?.response).toBeUndefined();
    expect(res.body.data?.users ?? null).toBeNull();
  });

  it("without it, our fields reached from the other subgraph fail UNAUTHENTICATED (our _entities refuses)", async () => {
    const res = await gateway.post(`{ kudos { id to { firstName } } }`, {});
    expect(res.body.errors?.map((e) => [e.message, e.extensions?.code])).toContainEqual([SUBGRAPH_MESSAGE, "UNAUTHENTICATED"]);
    // `to` is non-null: the kudos cannot be completed without our part
    expect(res.body.data?.kudos ?? null).toBeNull();
    // the other subgraph's own fields still answer
    const theirs = await gateway.post<{ kudos: Array<{ id: string }> }>(`{ kudos { id } }`, {});
    expect(theirs.body.errors).toBeUndefined();
    expect(theirs.body.data!.kudos.map((k) => k.id)).toEqual(["k1", "k2", "k3"]);
  });

  it("with a token that is not valid, UNAUTHENTICATED too", async () => {
    const res = await gateway.post(`{ users { items { id } } }`, {}, "Bearer wm_unknown_token");
    expect(res.body.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });

  it("errors of ours pass through with their code: a malformed id is BAD_USER_INPUT", async () => {
    const res = await gateway.post(`{ users(filter: { id: ["nope"] }) { items { id } } }`, {}, bearer());
    expect(res.body.errors?.map((e) => e.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
    // the same request straight to our subgraph agrees
    expect(codes(await t.gql(`{ users(filter: { id: ["nope"] }) { items { id } } }`))).toEqual(["BAD_USER_INPUT"]);
  });
});

/**
 * The other common gateway: Hive Gateway (its runtime), on the same two subgraphs. A missing
 * token must read the same through it (issue 24).
 */
describe("a supergraph through Hive Gateway", () => {
  let hive: RunningGateway;
  beforeAll(async () => {
    hive = await startHiveGateway([
      { name: "work", url: `${await t.url()}/graphql` },
      { name: "reviews", url: reviewsUrl },
    ]);
  });
  afterAll(() => hive?.stop());

  it("answers across both subgraphs with the caller's token", async () => {
    const res = await hive.post<{ kudos: Array<{ id: string; to: { email: string } }> }>(`{ kudos { id to { email } } }`, {}, bearer());
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.kudos.map((k) => k.id)).toEqual(["k1", "k2", "k3"]);
  });

  it("without a token, our root fields fail UNAUTHENTICATED with our message", async () => {
    const res = await hive.post(`{ users { items { id } } }`, {});
    expect(res.body.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([[SUBGRAPH_MESSAGE, "UNAUTHENTICATED"]]);
    expect(res.body.data?.users ?? null).toBeNull();
  });

  it("without a token, our fields reached from the other subgraph fail UNAUTHENTICATED with our message", async () => {
    const res = await hive.post(`{ kudos { id to { firstName } } }`, {});
    expect(res.body.errors?.map((e) => [e.message, e.extensions?.code])).toContainEqual([SUBGRAPH_MESSAGE, "UNAUTHENTICATED"]);
    expect(res.body.data?.kudos ?? null).toBeNull();
  });
});
