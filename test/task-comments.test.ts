import { randomUUID } from "node:crypto";
import { codes, createTestApp, demoIds, gql, invalidFields, type GqlResult, type TestApp } from "./support/test-app";
import { createProjectTree, uniqueCode } from "./support/project-tree-fixture";

let t: TestApp;

/** Runs an operation and returns what a client receives over HTTP (dates as ISO strings). */
async function q(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<any>> {
  return JSON.parse(JSON.stringify(await t.gql(query, variables, token)));
}

const QUERY = gql`
  query Comments($token: String!, $page: Int, $itemsPerPage: Int, $cursorId: ID, $topLevel: Boolean, $repliesTo: ID, $order: SortDirection) {
    sharedTaskComments(token: $token, page: $page, itemsPerPage: $itemsPerPage, cursorId: $cursorId, topLevel: $topLevel, repliesTo: $repliesTo, order: $order) {
      items {
        id isEmoji content createdAt updatedAt createdBySource repliesTo repliesCount
        createdBy { id firstName lastName pictureSm pictureLg }
        files {
          id type project taskComment displayedName extension size source previewImageUrl downloadUrl downloadType createdAt
          createdBy { id firstName lastName pictureSm pictureLg }
          task { id name shortCode no project projectShortCode projectName projectIsSimple stage stageName board boardShortCode boardName }
          fileCategory { id name }
        }
        taskCommentMentions { id user { id firstName lastName } }
        taskCommentReactions { id reactionType user { id firstName } }
      }
      paginationInfo { page itemsPerPage totalCount lastPage hasNextPage }
    }
  }
`;

const T0 = new Date("2031-02-03T09:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

interface Fixture {
  token: string;
  taskId: string;
  projectId: string;
  /** top-level comments in (createdAt, id) order */
  top: string[];
  /** replies to top[0], in (createdAt, id) order */
  replies: string[];
  /** every comment of the task in (createdAt, id) order */
  all: string[];
  otherTaskCommentId: string;
  linkFileId: string;
  internalFileId: string;
}

let f: Fixture;

/**
 * A shared task with four top-level comments (two written at the same instant, so the id
 * breaks the tie), two replies to the first, and mentions, reactions and files on the first.
 */
async function buildFixture(): Promise<Fixture> {
  const tree = await createProjectTree(t.db, { tasksPerBoard: 2 });
  const [taskId, otherTaskId] = tree.taskIds;
  const token = `shr_${uniqueCode("")}`;
  await t.db.task.update({ where: { id: taskId }, data: { shareToken: token } });

  const tieIds = [randomUUID(), randomUUID()].sort();
  const c = { first: randomUUID(), second: randomUUID(), tieA: tieIds[0], tieB: tieIds[1], r1: randomUUID(), r2: randomUUID() };
  const row = (id: string, at: Date, by: string, extra: object = {}) => ({
    id,
    taskId,
    content: `comment ${id.slice(0, 4)}`,
    createdById: by,
    createdAt: at,
    updatedAt: at,
    ...extra,
  });
  await t.db.taskComment.createMany({
    data: [
      row(c.first, minutes(0), demoIds.adminUserId),
      row(c.second, minutes(1), demoIds.userId, { isEmoji: true, content: "👍", createdBySource: "email" }),
      row(c.tieA, minutes(3), demoIds.pmUserId),
      row(c.tieB, minutes(3), demoIds.pmUserId),
      row(c.r1, minutes(2), demoIds.userId, { repliesToId: c.first }),
      row(c.r2, minutes(4), demoIds.pmUserId, { repliesToId: c.first }),
    ],
  });
  const otherTaskCommentId = randomUUID();
  await t.db.taskComment.create({
    data: { id: otherTaskCommentId, taskId: otherTaskId, content: "elsewhere", createdById: demoIds.adminUserId, createdAt: minutes(1) },
  });

  await t.db.taskCommentMention.createMany({
    data: [
      { commentId: c.first, userId: demoIds.userId },
      { commentId: c.first, userId: demoIds.pmUserId },
    ],
  });
  await t.db.taskCommentReaction.createMany({
    data: [
      { commentId: c.first, userId: demoIds.userId, reactionType: "like" },
      { commentId: c.first, userId: demoIds.pmUserId, reactionType: "heart" },
    ],
  });
  const linkFileId = randomUUID();
  const internalFileId = randomUUID();
  await t.db.file.createMany({
    data: [
      {
        id: linkFileId,
        type: "task-comment",
        taskCommentId: c.first,
        displayedName: "Spec.pdf",
        extension: "pdf",
        source: "link",
        path: "https://docs.example.com/spec.pdf",
        downloadType: "link",
        createdById: demoIds.userId,
        createdAt: minutes(0),
        fileCategoryId: demoIds.fileCategoryId,
      },
      {
        id: internalFileId,
        type: "task-comment",
        taskCommentId: c.first,
        taskId,
        projectId: tree.projectId,
        displayedName: "photo.png",
        extension: "png",
        size: 2048,
        path: "storage/ab/cd/photo.png",
        createdById: demoIds.adminUserId,
        createdAt: minutes(1),
      },
    ],
  });
  return {
    token,
    taskId,
    projectId: tree.projectId,
    top: [c.first, c.second, c.tieA, c.tieB],
    replies: [c.r1, c.r2],
    all: [c.first, c.second, c.r1, c.tieA, c.tieB, c.r2],
    otherTaskCommentId,
    linkFileId,
    internalFileId,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFixture();
});
afterAll(() => t.close());

const ids = (res: { data?: any }) => (res.data?.sharedTaskComments.items as Array<{ id: string }>).map((c) => c.id);

describe("E12 sharedTaskComments", () => {
  it("lists the shared task's comments oldest first, ties by id, with everything a comment carries", async () => {
    const res = await q(QUERY, { token: f.token });
    expect(res.errors).toBeUndefined();
    expect(ids(res)).toEqual(f.all);
    expect(res.data!.sharedTaskComments.paginationInfo).toEqual({
      page: 1,
      itemsPerPage: 30,
      totalCount: 6,
      lastPage: 1,
      hasNextPage: false,
    });

    const stored = await t.db.taskComment.findMany({ where: { taskId: f.taskId }, include: { createdBy: true } });
    const byId = new Map(stored.map((c) => [c.id, c]));
    for (const item of res.data!.sharedTaskComments.items) {
      const row = byId.get(item.id)!;
      expect(item.content).toBe(row.content);
      expect(item.isEmoji).toBe(row.isEmoji);
      expect(item.createdBySource).toBe(row.createdBySource);
      expect(new Date(item.createdAt).getTime()).toBe(row.createdAt.getTime());
      expect(item.repliesTo).toBe(row.repliesToId);
      expect(item.createdBy).toEqual({
        id: row.createdBy.id,
        firstName: row.createdBy.firstName,
        lastName: row.createdBy.lastName,
        pictureSm: row.createdBy.pictureSm,
        pictureLg: row.createdBy.pictureLg,
      });
    }
    const second = res.data!.sharedTaskComments.items[1];
    expect(second).toMatchObject({ isEmoji: true, content: "👍", createdBySource: "email" });

    const first = res.data!.sharedTaskComments.items[0];
    expect(first.repliesCount).toBe(2);
    expect(res.data!.sharedTaskComments.items.find((c: any) => c.id === f.top[1]).repliesCount).toBe(0);

    const mentions = await t.db.taskCommentMention.findMany({ where: { commentId: f.top[0] }, include: { user: true } });
    expect(first.taskCommentMentions.map((m: any) => m.id).sort()).toEqual(mentions.map((m) => m.id).sort());
    expect(first.taskCommentMentions.map((m: any) => m.user.id).sort()).toEqual([demoIds.userId, demoIds.pmUserId].sort());
    const mentioned = mentions
      .map((m) => m.user)
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
    expect(first.taskCommentMentions.map((m: any) => m.user.lastName)).toEqual(mentioned.map((u) => u.lastName));

    // reactions by kind: heart before like
    expect(first.taskCommentReactions.map((r: any) => [r.reactionType, r.user.id])).toEqual([
      ["heart", demoIds.pmUserId],
      ["like", demoIds.userId],
    ]);
  });

  it("shows a comment's files with a short author, their task and where to download them", async () => {
    const res = await q(QUERY, { token: f.token, itemsPerPage: 1 });
    const files = res.data!.sharedTaskComments.items[0].files;
    expect(files.map((x: any) => x.id)).toEqual([f.linkFileId, f.internalFileId]);
    const task = await t.db.task.findUniqueOrThrow({ where: { id: f.taskId }, include: { board: true, stage: true, project: true } });
    const taskSummary = {
      id: task.id,
      name: task.name,
      shortCode: task.shortCode,
      no: task.no,
      project: task.projectId,
      projectShortCode: task.project.shortCode,
      projectName: task.project.name,
      projectIsSimple: task.project.isSimple,
      stage: task.stageId,
      stageName: task.stage!.name,
      board: task.boardId,
      boardShortCode: task.board.shortCode,
      boardName: task.board.name,
    };
    const user = await t.db.user.findUniqueOrThrow({ where: { id: demoIds.userId } });
    const category = await t.db.fileCategory.findUniqueOrThrow({ where: { id: demoIds.fileCategoryId } });
    // the link row names only its comment: its task and project are found through the comment
    expect(files[0]).toEqual({
      id: f.linkFileId,
      type: "task_comment",
      project: f.projectId,
      taskComment: f.top[0],
      displayedName: "Spec.pdf",
      extension: "pdf",
      size: 0,
      source: "link",
      previewImageUrl: "",
      downloadUrl: "https://docs.example.com/spec.pdf",
      downloadType: "link",
      createdAt: "2031-02-03T09:00:00.000Z",
      createdBy: { id: user.id, firstName: user.firstName, lastName: user.lastName, pictureSm: user.pictureSm, pictureLg: user.pictureLg },
      task: taskSummary,
      fileCategory: { id: category.id, name: category.name },
    });
    // a stored file's path is a storage key, not an address
    expect(files[1]).toMatchObject({
      size: 2048,
      source: "internal",
      downloadUrl: null,
      downloadType: "download-direct",
      fileCategory: null,
      task: taskSummary,
    });
  });

  it("orders newest first with order: DESC", async () => {
    const res = await q(QUERY, { token: f.token, order: "DESC" });
    expect(ids(res)).toEqual([...f.all].reverse());
  });

  it("topLevel: true keeps the comments that reply to nothing, false keeps the replies", async () => {
    expect(ids(await q(QUERY, { token: f.token, topLevel: true }))).toEqual(f.top);
    expect(ids(await q(QUERY, { token: f.token, topLevel: false }))).toEqual(f.replies);
  });

  it("repliesTo keeps the replies to that comment; combined with topLevel: true nothing is left", async () => {
    expect(ids(await q(QUERY, { token: f.token, repliesTo: f.top[0] }))).toEqual(f.replies);
    expect(ids(await q(QUERY, { token: f.token, repliesTo: f.top[1] }))).toEqual([]);
    const both = await q(QUERY, { token: f.token, repliesTo: f.top[0], topLevel: true });
    expect(ids(both)).toEqual([]);
    expect(both.data!.sharedTaskComments.paginationInfo.totalCount).toBe(0);
  });

  it("repliesTo must be a comment of the shared task", async () => {
    for (const repliesTo of [f.otherTaskCommentId, randomUUID()]) {
      const res = await q(QUERY, { token: f.token, repliesTo });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual(["repliesTo"]);
    }
  });

  it("cursorId returns what follows that comment in the chosen order, and pages over the remainder", async () => {
    expect(ids(await q(QUERY, { token: f.token, cursorId: f.all[1] }))).toEqual(f.all.slice(2));
    // the two comments written at the same instant: the cursor on the first leaves the second
    expect(ids(await q(QUERY, { token: f.token, cursorId: f.top[2] }))).toEqual([f.top[3], f.replies[1]]);
    expect(ids(await q(QUERY, { token: f.token, cursorId: f.top[3], order: "DESC" }))).toEqual([
      f.top[2],
      f.replies[0],
      f.top[1],
      f.top[0],
    ]);
    expect(ids(await q(QUERY, { token: f.token, cursorId: f.all[5] }))).toEqual([]);

    const paged = await q(QUERY, { token: f.token, cursorId: f.all[0], itemsPerPage: 2, page: 2 });
    expect(ids(paged)).toEqual(f.all.slice(3, 5));
    expect(paged.data!.sharedTaskComments.paginationInfo).toEqual({
      page: 2,
      itemsPerPage: 2,
      totalCount: 5,
      lastPage: 3,
      hasNextPage: true,
    });

    // with a filter, the cursor still marks a position: the top-level comments after the first reply
    expect(ids(await q(QUERY, { token: f.token, cursorId: f.replies[0], topLevel: true }))).toEqual([f.top[2], f.top[3]]);
  });

  it("cursorId must be a comment of the shared task", async () => {
    for (const cursorId of [f.otherTaskCommentId, randomUUID()]) {
      const res = await q(QUERY, { token: f.token, cursorId });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual(["cursorId"]);
    }
  });

  it("rejects malformed ids", async () => {
    const res = await q(QUERY, { token: f.token, cursorId: "not-a-uuid", repliesTo: "42" });
    expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(res).sort()).toEqual(["cursorId", "repliesTo"]);
  });

  it("pages by page and itemsPerPage within their bounds", async () => {
    const page2 = await q(QUERY, { token: f.token, page: 2, itemsPerPage: 4 });
    expect(ids(page2)).toEqual(f.all.slice(4));
    expect(page2.data!.sharedTaskComments.paginationInfo).toEqual({
      page: 2,
      itemsPerPage: 4,
      totalCount: 6,
      lastPage: 2,
      hasNextPage: false,
    });

    const none = await q(QUERY, { token: f.token, itemsPerPage: 0 });
    expect(ids(none)).toEqual([]);
    expect(none.data!.sharedTaskComments.paginationInfo.totalCount).toBe(6);

    expect(ids(await q(QUERY, { token: f.token, itemsPerPage: 100 }))).toEqual(f.all);
    for (const [vars, field] of [
      [{ itemsPerPage: 101 }, "itemsPerPage"],
      [{ itemsPerPage: -1 }, "itemsPerPage"],
      [{ page: 0 }, "page"],
    ] as const) {
      const res = await q(QUERY, { token: f.token, ...vars });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual([field]);
    }
  });

  it("an unknown token is NOT_FOUND; an overlong one is BAD_USER_INPUT", async () => {
    for (const token of ["shr_unknown", "", "x".repeat(255)]) {
      const res = await q(QUERY, { token });
      expect(codes(res)).toEqual(["NOT_FOUND"]);
      expect(res.data).toBeNull();
    }
    const res = await q(QUERY, { token: "x".repeat(256) });
    expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(res)).toEqual(["token"]);
  });

  it("a task whose share token is removed is no longer shared", async () => {
    const tree = await createProjectTree(t.db);
    const token = `shr_${uniqueCode("")}`;
    await t.db.task.update({ where: { id: tree.taskIds[0] }, data: { shareToken: token } });
    expect(codes(await q(QUERY, { token }))).toEqual([]);
    await t.db.task.update({ where: { id: tree.taskIds[0] }, data: { shareToken: null } });
    expect(codes(await q(QUERY, { token }))).toEqual(["NOT_FOUND"]);
  });

  it("needs an API token even with the share token, and is open to any authenticated user", async () => {
    const anonymous = await q(QUERY, { token: f.token }, null);
    expect(codes(anonymous)).toEqual(["UNAUTHENTICATED"]);
    expect(anonymous.data ?? null).toBeNull();
    const ordinary = await q(QUERY, { token: f.token }, t.userToken);
    expect(ids(ordinary)).toEqual(f.all);
  });

  it("serves the demo shared task", async () => {
    const task = await t.db.task.findUniqueOrThrow({ where: { shareToken: demoIds.sharedTaskToken } });
    const res = await q(QUERY, { token: demoIds.sharedTaskToken, itemsPerPage: 100 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.sharedTaskComments.paginationInfo.totalCount).toBe(await t.db.taskComment.count({ where: { taskId: task.id } }));
    const withReplies = await q(QUERY, { token: demoIds.sharedTaskToken, repliesTo: demoIds.commentWithRepliesId });
    expect(withReplies.errors).toBeUndefined();
    expect(withReplies.data!.sharedTaskComments.paginationInfo.totalCount).toBe(
      await t.db.taskComment.count({ where: { repliesToId: demoIds.commentWithRepliesId } }),
    );
  });

  it("resolves comments, mentions and reactions as entities", async () => {
    const mention = await t.db.taskCommentMention.findFirstOrThrow({ where: { commentId: f.top[0] } });
    const reaction = await t.db.taskCommentReaction.findFirstOrThrow({ where: { commentId: f.top[0] } });
    const res = await q(
      gql`query ($reps: [_Any!]!) { _entities(representations: $reps) {
        ... on TaskComment { id repliesCount files { id } }
        ... on TaskCommentMention { id user { id } }
        ... on TaskCommentReaction { id reactionType }
      } }`,
      {
        reps: [
          { __typename: "TaskComment", id: f.top[0] },
          { __typename: "TaskCommentMention", id: mention.id },
          { __typename: "TaskCommentReaction", id: reaction.id },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!._entities).toEqual([
      { id: f.top[0], repliesCount: 2, files: [{ id: f.linkFileId }, { id: f.internalFileId }] },
      { id: mention.id, user: { id: mention.userId } },
      { id: reaction.id, reactionType: reaction.reactionType },
    ]);
  });

  it("loads a page in the same number of statements whatever the number of comments, files, mentions and reactions", async () => {
    const smallTree = await createProjectTree(t.db);
    const largeTree = await createProjectTree(t.db);
    const small = await shareWithComments(smallTree.taskIds[0], 1);
    const large = await shareWithComments(largeTree.taskIds[0], 40);
    const run = (token: string) => q(QUERY, { token, itemsPerPage: 100 });
    const largeResult = await run(large);
    expect(largeResult.data!.sharedTaskComments.items).toHaveLength(40);
    expect(largeResult.data!.sharedTaskComments.items[39].files).toHaveLength(2);
    const auth = await t.countStatements(() => q("{ __typename }", {}));
    const smallCount = await t.countStatements(() => run(small));
    const largeCount = await t.countStatements(() => run(large));
    expect(largeCount).toBe(smallCount);
    // one statement beyond authentication: the task by its token, the count and the page
    expect(largeCount - auth).toBe(1);
    // with the cursor and repliesTo lookups too
    const firstOf = async (token: string) => ids(await run(token))[0];
    const [smallFirst, largeFirst] = [await firstOf(small), await firstOf(large)];
    const smallCursor = await t.countStatements(() => q(QUERY, { token: small, cursorId: smallFirst, repliesTo: smallFirst }));
    const largeCursor = await t.countStatements(() => q(QUERY, { token: large, cursorId: largeFirst, repliesTo: largeFirst }));
    expect(largeCursor).toBe(smallCursor);
    expect(largeCursor - auth).toBe(1);
    console.log(`E12 statements: ${smallCount} for 1 comment, ${largeCount} for 40 (cursor + repliesTo: ${smallCursor} / ${largeCursor})`);
  });
});

/** Shares the task and gives it `n` comments, each with two files, a mention and a reaction; returns the token. */
async function shareWithComments(taskId: string, n: number): Promise<string> {
  const token = `shr_${uniqueCode("")}`;
  await t.db.task.update({ where: { id: taskId }, data: { shareToken: token } });
  const commentIds = Array.from({ length: n }, () => randomUUID());
  await t.db.taskComment.createMany({
    data: commentIds.map((id, i) => ({
      id,
      taskId,
      content: `c${i}`,
      createdById: demoIds.userId,
      createdAt: minutes(i),
      repliesToId: i > 0 ? commentIds[0] : null,
    })),
  });
  await t.db.taskCommentMention.createMany({ data: commentIds.map((commentId) => ({ commentId, userId: demoIds.pmUserId })) });
  await t.db.taskCommentReaction.createMany({
    data: commentIds.map((commentId) => ({ commentId, userId: demoIds.adminUserId, reactionType: "like" })),
  });
  await t.db.file.createMany({
    data: commentIds.flatMap((taskCommentId) =>
      ["a.pdf", "b.png"].map((name) => ({
        type: "task-comment",
        taskCommentId,
        taskId,
        displayedName: name,
        path: `https://x.example.com/${name}`,
        source: "link",
        createdById: demoIds.userId,
      })),
    ),
  });
  return token;
}
