import { randomUUID } from "node:crypto";
import { issueToken } from "../src/auth/tokens";
import { userSearchText } from "../src/seed/search-text";
import { codes, createTestApp, demoIds, gql, invalidFields, type GqlResult, type TestApp } from "./support/test-app";

/**
 * E1 updateAssignedChatTopicUser and E2 readChatTopic. A fixture topic has three members: the
 * demo user U (plain member), O (owns the topic) and M (plain member); a second topic holds a
 * message that must not be accepted as read in the first; a third topic has no messages.
 */
let t: TestApp;
const topic = { T: randomUUID(), Other: randomUUID(), Empty: randomUUID() };
const people = { O: randomUUID(), M: randomUUID() };
const U = demoIds.userId;
const message = { m1: randomUUID(), m2: randomUUID(), m3: randomUUID(), elsewhere: randomUUID() };
let ownerToken: string;

const FIELDS = `id lastReadMessage lastReadAt mutedUntil isMutedIndefinitely isTopicOwner isUnread createdAt
  chatUser { id shortCode firstName lastName email phoneNumber pictureSm pictureLg canLogIn contractorId contractorName jobPositionName }`;

const UPDATE = gql`
  mutation Update($topicId: ID!, $userId: ID!, $input: UpdateAssignedChatTopicUserInput!) {
    updateAssignedChatTopicUser(topicId: $topicId, userId: $userId, input: $input) { ${FIELDS} }
  }
`;
const READ = gql`
  mutation Read($topicId: ID!, $userId: ID!, $input: ReadChatTopicInput) {
    readChatTopic(topicId: $topicId, userId: $userId, input: $input) { ${FIELDS} }
  }
`;

/** Runs an operation and returns the answer as a client receives it over HTTP (date-times as ISO strings). */
async function run(query: string, variables: Record<string, unknown>, token?: string | null): Promise<GqlResult> {
  return JSON.parse(JSON.stringify(await t.gql(query, variables, token))) as GqlResult;
}

const membership = (topicId: string, userId: string) =>
  t.db.assignedChatTopicUser.findUniqueOrThrow({ where: { topicId_userId: { topicId, userId } } });

/** Puts a membership back to a known state, so tests do not depend on each other's order. */
async function reset(topicId: string, userId: string): Promise<void> {
  await t.db.assignedChatTopicUser.update({
    where: { topicId_userId: { topicId, userId } },
    data: { mutedUntil: null, isMutedIndefinitely: false, lastReadMessageId: null, lastReadAt: null, isUnread: true },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  for (const [key, id] of Object.entries(people)) {
    const p = {
      id,
      firstName: `Czat${key}`,
      lastName: "Fixture",
      shortCode: `CH${key}`,
      email: `ch${key.toLowerCase()}@chat-fixture.example`,
    };
    await db.user.create({ data: { ...p, searchText: userSearchText(p) } });
  }
  ownerToken = await issueToken(db, people.O, { name: "chat owner" });
  await db.chatTopic.createMany({
    data: [
      { id: topic.T, name: "Fixture topic", createdById: people.O },
      { id: topic.Other, name: "Other fixture topic", createdById: people.O },
      { id: topic.Empty, name: "Empty fixture topic", createdById: people.O },
    ],
  });
  await db.chatMessage.createMany({
    data: [
      { id: message.m1, topicId: topic.T, authorId: people.O, content: "first", createdAt: new Date("2030-05-01T10:00:00Z") },
      { id: message.m3, topicId: topic.T, authorId: people.M, content: "latest", createdAt: new Date("2030-05-01T12:00:00Z") },
      { id: message.m2, topicId: topic.T, authorId: U, content: "middle", createdAt: new Date("2030-05-01T11:00:00Z") },
      {
        id: message.elsewhere,
        topicId: topic.Other,
        authorId: people.O,
        content: "other topic",
        createdAt: new Date("2030-06-01T10:00:00Z"),
      },
    ],
  });
  await db.assignedChatTopicUser.createMany({
    data: [
      { topicId: topic.T, userId: U, createdAt: new Date("2030-04-01T08:00:00Z"), isUnread: true },
      { topicId: topic.T, userId: people.O, isTopicOwner: true },
      { topicId: topic.T, userId: people.M, isUnread: true },
      { topicId: topic.Other, userId: people.O, isTopicOwner: true },
      { topicId: topic.Empty, userId: U, isUnread: true },
    ],
  });
});
afterAll(() => t.close());

describe("E1 updateAssignedChatTopicUser", () => {
  beforeEach(() => reset(topic.T, U));

  it("lets a member mute their own membership, and answers with stored data", async () => {
    const until = "2030-07-01T12:30:00.000Z";
    const r = await run(UPDATE, { topicId: topic.T, userId: U, input: { mutedUntil: until, isMutedIndefinitely: true } }, t.userToken);
    expect(r.errors).toBeUndefined();
    const row = await membership(topic.T, U);
    const user = await t.db.user.findUniqueOrThrow({ where: { id: U }, include: { contractor: true, jobPosition: true } });
    expect(row.mutedUntil?.toISOString()).toBe(until);
    expect(row.isMutedIndefinitely).toBe(true);
    expect(r.data!.updateAssignedChatTopicUser).toEqual({
      id: row.id,
      lastReadMessage: null,
      lastReadAt: null,
      mutedUntil: until,
      isMutedIndefinitely: true,
      isTopicOwner: false,
      isUnread: true,
      createdAt: "2030-04-01T08:00:00.000Z",
      chatUser: {
        id: U,
        shortCode: user.shortCode,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phoneNumber: user.phoneNumber,
        pictureSm: user.pictureSm,
        pictureLg: user.pictureLg,
        canLogIn: true,
        contractorId: user.contractorId,
        contractorName: user.contractor?.name ?? null,
        jobPositionName: user.jobPosition?.name ?? null,
      },
    });
  });

  it("changes only the fields given; mutedUntil: null unmutes", async () => {
    const until = new Date("2030-08-01T00:00:00.000Z");
    await t.db.assignedChatTopicUser.update({ where: { topicId_userId: { topicId: topic.T, userId: U } }, data: { mutedUntil: until } });
    let r = await run(UPDATE, { topicId: topic.T, userId: U, input: { isMutedIndefinitely: true } }, t.userToken);
    expect(r.errors).toBeUndefined();
    expect((await membership(topic.T, U)).mutedUntil?.toISOString()).toBe(until.toISOString());
    expect((await membership(topic.T, U)).isMutedIndefinitely).toBe(true);

    r = await run(UPDATE, { topicId: topic.T, userId: U, input: { mutedUntil: null } }, t.userToken);
    expect(r.data!.updateAssignedChatTopicUser).toMatchObject({ mutedUntil: null, isMutedIndefinitely: true });
    expect((await membership(topic.T, U)).mutedUntil).toBeNull();

    r = await run(UPDATE, { topicId: topic.T, userId: U, input: {} }, t.userToken);
    expect(r.data!.updateAssignedChatTopicUser).toMatchObject({ mutedUntil: null, isMutedIndefinitely: true });
  });

  it("refuses isMutedIndefinitely: null and a malformed date, changing nothing", async () => {
    const before = await membership(topic.T, U);
    const r = await run(UPDATE, { topicId: topic.T, userId: U, input: { mutedUntil: "2030-09-01T00:00:00Z", isMutedIndefinitely: null } });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["input.isMutedIndefinitely"]);
    expect(r.data?.updateAssignedChatTopicUser ?? null).toBeNull();
    expect(codes(await run(UPDATE, { topicId: topic.T, userId: U, input: { mutedUntil: "next tuesday" } }))).toEqual(["BAD_USER_INPUT"]);
    expect(await membership(topic.T, U)).toEqual(before);
  });

  it("lets the topic's owner and an admin change another member; FORBIDDEN to anyone else", async () => {
    const forbidden = await run(UPDATE, { topicId: topic.T, userId: people.M, input: { isMutedIndefinitely: true } }, t.userToken);
    expect(codes(forbidden)).toEqual(["FORBIDDEN"]);
    expect(forbidden.data?.updateAssignedChatTopicUser ?? null).toBeNull();
    expect((await membership(topic.T, people.M)).isMutedIndefinitely).toBe(false);

    const byOwner = await run(UPDATE, { topicId: topic.T, userId: people.M, input: { isMutedIndefinitely: true } }, ownerToken);
    expect(byOwner.errors).toBeUndefined();
    expect((await membership(topic.T, people.M)).isMutedIndefinitely).toBe(true);

    const byAdmin = await run(UPDATE, { topicId: topic.T, userId: people.M, input: { isMutedIndefinitely: false } });
    expect(byAdmin.errors).toBeUndefined();
    expect((await membership(topic.T, people.M)).isMutedIndefinitely).toBe(false);
  });

  it("a plain member may not change the owner's membership either", async () => {
    const r = await run(UPDATE, { topicId: topic.T, userId: people.O, input: { isMutedIndefinitely: true } }, t.userToken);
    expect(codes(r)).toEqual(["FORBIDDEN"]);
    expect((await membership(topic.T, people.O)).isMutedIndefinitely).toBe(false);
  });

  it("owning another topic gives no right over this one", async () => {
    // O owns topics T and Other but is no member of Empty: U's membership there is not O's business,
    // and a caller outside a topic learns nothing about its members (the answer of a missing topic)
    const r = await run(UPDATE, { topicId: topic.Empty, userId: U, input: { isMutedIndefinitely: true } }, ownerToken);
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect((await membership(topic.Empty, U)).isMutedIndefinitely).toBe(false);
  });

  it("is NOT_FOUND for an unknown topic or a user who is not a member", async () => {
    for (const vars of [
      { topicId: randomUUID(), userId: U },
      { topicId: topic.Other, userId: U },
      { topicId: topic.T, userId: randomUUID() },
    ]) {
      const r = await run(UPDATE, { ...vars, input: { isMutedIndefinitely: true } });
      expect(codes(r)).toEqual(["NOT_FOUND"]);
      expect(r.data?.updateAssignedChatTopicUser ?? null).toBeNull();
    }
  });

  it("refuses malformed ids and a missing token", async () => {
    const bad = await run(UPDATE, { topicId: "topic-1", userId: U, input: {} });
    expect(codes(bad)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(bad)).toEqual(["topicId"]);
    expect(invalidFields(await run(UPDATE, { topicId: topic.T, userId: "12", input: {} }))).toEqual(["userId"]);
    const anon = await run(UPDATE, { topicId: topic.T, userId: U, input: { isMutedIndefinitely: true } }, null);
    expect(codes(anon)).toEqual(["UNAUTHENTICATED"]);
    expect((await membership(topic.T, U)).isMutedIndefinitely).toBe(false);
  });
});

describe("AssignedChatTopicUser entity", () => {
  it("resolves references for the gateway", async () => {
    const row = await membership(topic.T, people.O);
    const r = await run(
      gql`query Refs($reps: [_Any!]!) { _entities(representations: $reps) { ... on AssignedChatTopicUser { id isTopicOwner chatUser { id } } } }`,
      {
        reps: [{ __typename: "AssignedChatTopicUser", id: row.id }],
      },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!._entities).toEqual([{ id: row.id, isTopicOwner: true, chatUser: { id: people.O } }]);
  });
});

describe("E2 readChatTopic", () => {
  beforeEach(() => reset(topic.T, U));

  it("without input: the latest message, now, and not unread", async () => {
    const before = Date.now();
    const r = await run(READ, { topicId: topic.T, userId: U }, t.userToken);
    expect(r.errors).toBeUndefined();
    const row = await membership(topic.T, U);
    expect(row.lastReadMessageId).toBe(message.m3);
    expect(row.isUnread).toBe(false);
    expect(row.lastReadAt!.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row.lastReadAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1);
    expect(r.data!.readChatTopic).toMatchObject({
      id: row.id,
      lastReadMessage: message.m3,
      lastReadAt: row.lastReadAt!.toISOString(),
      isUnread: false,
      chatUser: { id: U },
    });
  });

  it("takes the given message, time and isUnread", async () => {
    const at = "2030-05-01T11:05:00.000Z";
    const r = await run(
      READ,
      { topicId: topic.T, userId: U, input: { lastReadMessage: message.m2, lastReadAt: at, isUnread: true } },
      t.userToken,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.readChatTopic).toMatchObject({ lastReadMessage: message.m2, lastReadAt: at, isUnread: true });
    const row = await membership(topic.T, U);
    expect([row.lastReadMessageId, row.lastReadAt?.toISOString(), row.isUnread]).toEqual([message.m2, at, true]);
  });

  it("a topic without messages is read with no last message", async () => {
    const r = await run(READ, { topicId: topic.Empty, userId: U, input: {} }, t.userToken);
    expect(r.errors).toBeUndefined();
    expect(r.data!.readChatTopic).toMatchObject({ lastReadMessage: null, isUnread: false });
    expect((await membership(topic.Empty, U)).isUnread).toBe(false);
  });

  it("applies the mute fields of the body as E1 does", async () => {
    const until = "2031-01-01T00:00:00.000Z";
    const r = await run(READ, { topicId: topic.T, userId: U, input: { mutedUntil: until, isMutedIndefinitely: true } }, t.userToken);
    expect(r.data!.readChatTopic).toMatchObject({ mutedUntil: until, isMutedIndefinitely: true });
    const row = await membership(topic.T, U);
    expect([row.mutedUntil?.toISOString(), row.isMutedIndefinitely]).toEqual([until, true]);
  });

  it("accepts the read-only identity fields when they match, and ignores createdAt", async () => {
    const before = await membership(topic.T, U);
    const r = await run(
      READ,
      { topicId: topic.T, userId: U, input: { id: before.id, chatTopic: topic.T, chatUser: U, createdAt: "2001-01-01T00:00:00Z" } },
      t.userToken,
    );
    expect(r.errors).toBeUndefined();
    expect((await membership(topic.T, U)).createdAt).toEqual(before.createdAt);
    expect(r.data!.readChatTopic.createdAt).toBe(before.createdAt.toISOString());
  });

  it("refuses identity fields that name another membership, changing nothing", async () => {
    const before = await membership(topic.T, U);
    const other = await membership(topic.T, people.M);
    for (const [input, field] of [
      [{ id: other.id }, "input.id"],
      [{ chatTopic: topic.Other }, "input.chatTopic"],
      [{ chatUser: people.M }, "input.chatUser"],
    ] as const) {
      const r = await run(READ, { topicId: topic.T, userId: U, input }, t.userToken);
      expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(r)).toEqual([field]);
    }
    expect(await membership(topic.T, U)).toEqual(before);
  });

  it("refuses a message of another topic on input.lastReadMessage, changing nothing", async () => {
    const before = await membership(topic.T, U);
    const r = await run(
      READ,
      { topicId: topic.T, userId: U, input: { lastReadMessage: message.elsewhere, isMutedIndefinitely: true } },
      t.userToken,
    );
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(r)).toEqual(["input.lastReadMessage"]);
    expect(r.data?.readChatTopic ?? null).toBeNull();
    expect(await membership(topic.T, U)).toEqual(before);
  });

  it("an unknown lastReadMessage is NOT_FOUND naming input.lastReadMessage, changing nothing", async () => {
    const before = await membership(topic.T, U);
    const r = await run(
      READ,
      { topicId: topic.T, userId: U, input: { lastReadMessage: randomUUID(), isMutedIndefinitely: true } },
      t.userToken,
    );
    expect(codes(r)).toEqual(["NOT_FOUND"]);
    expect(r.errors![0].extensions?.field).toBe("input.lastReadMessage");
    expect(r.data?.readChatTopic ?? null).toBeNull();
    const malformed = await run(READ, { topicId: topic.T, userId: U, input: { lastReadMessage: "m-1" } }, t.userToken);
    expect(invalidFields(malformed)).toEqual(["input.lastReadMessage"]);
    expect(await membership(topic.T, U)).toEqual(before);
  });

  it("refuses isUnread: null (it defaults, it is never null)", async () => {
    const r = await run(READ, { topicId: topic.T, userId: U, input: { isUnread: null } }, t.userToken);
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
  });

  it("follows E1's permission rule: the member, the topic's owner or an admin", async () => {
    const forbidden = await run(READ, { topicId: topic.T, userId: people.M }, t.userToken);
    expect(codes(forbidden)).toEqual(["FORBIDDEN"]);
    expect((await membership(topic.T, people.M)).isUnread).toBe(true);
    const byOwner = await run(READ, { topicId: topic.T, userId: people.M, input: { isUnread: false } }, ownerToken);
    expect(byOwner.errors).toBeUndefined();
    expect((await membership(topic.T, people.M)).isUnread).toBe(false);
    const byAdmin = await run(READ, { topicId: topic.T, userId: people.M, input: { isUnread: true } });
    expect(byAdmin.errors).toBeUndefined();
    expect((await membership(topic.T, people.M)).isUnread).toBe(true);
  });

  it("is NOT_FOUND for a non-member, refuses malformed ids and a missing token", async () => {
    const missing = await run(READ, { topicId: topic.Other, userId: U });
    expect(codes(missing)).toEqual(["NOT_FOUND"]);
    expect(missing.data?.readChatTopic ?? null).toBeNull();
    expect(invalidFields(await run(READ, { topicId: "x", userId: U }))).toEqual(["topicId"]);
    const anon = await run(READ, { topicId: topic.T, userId: U }, null);
    expect(codes(anon)).toEqual(["UNAUTHENTICATED"]);
    expect((await membership(topic.T, U)).lastReadMessageId).toBeNull();
  });
});
