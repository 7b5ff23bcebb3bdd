import { randomUUID } from "node:crypto";
import { codes, createTestApp, demoIds, gql, invalidFields, type GqlResult, type TestApp } from "./support/test-app";
import { createProjectTree, type ProjectTree } from "./support/project-tree-fixture";
import { externalFileExtension } from "../src/services/task/task.service";
import { MAX_FILES_PER_COMMENT } from "../src/inputs/task/external-file-upload.input";

let t: TestApp;

/** Runs an operation and returns what a client receives over HTTP (dates as ISO strings). */
async function q(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<any>> {
  return JSON.parse(JSON.stringify(await t.gql(query, variables, token)));
}
let tree: ProjectTree;
let commentId: string;

const UPLOAD = gql`
  mutation Upload($input: ExternalFileUploadInput!) {
    uploadExternalFiles(input: $input) {
      id type project taskComment displayedName extension size source previewImageUrl downloadUrl downloadType createdAt
      fileCategory { id name }
      createdBy { id shortCode firstName lastName email pictureSm pictureLg contractorId contractorName canLogIn phoneNumber jobPositionName hourlyRate isExternal decorator }
      task { id name shortCode no project projectShortCode projectName projectIsSimple stage stageName board boardShortCode boardName }
    }
  }
`;

const link = (n: number, extra: object = {}) => ({
  source: "link",
  path: `https://files.example.com/docs/file-${n}.pdf`,
  displayedName: `File ${n}`,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  tree = await createProjectTree(t.db, { tasksPerBoard: 2 });
  commentId = await newComment();
});
afterAll(() => t.close());

const fileCount = () => t.db.file.count();

async function newComment(): Promise<string> {
  const id = randomUUID();
  await t.db.taskComment.create({ data: { id, taskId: tree.taskIds[1], content: "more attachments", createdById: demoIds.adminUserId } });
  return id;
}

describe("E13 uploadExternalFiles", () => {
  it("registers links on a task, one File per element in the given order", async () => {
    const input = {
      assignId: tree.taskIds[0],
      fileType: "task",
      fileCategory: demoIds.fileCategoryId,
      files: [
        { source: "link", path: "https://files.example.com/a/Specyfikacja%20v2.DOCX", displayedName: "Specyfikacja.PDF" },
        { source: "link", path: "https://sheets.example.com/budget.xlsx?download=1#sheet2", displayedName: "Budżet" },
        { source: "link", path: "http://intranet:8080/wiki/Home", displayedName: "Wiki" },
      ],
    };
    const res = await q(UPLOAD, { input });
    expect(res.errors).toBeUndefined();
    const files = res.data!.uploadExternalFiles;
    expect(files.map((f: any) => f.displayedName)).toEqual(["Specyfikacja.PDF", "Budżet", "Wiki"]);
    expect(files.map((f: any) => f.extension)).toEqual(["pdf", "xlsx", ""]);

    const task = await t.db.task.findUniqueOrThrow({
      where: { id: tree.taskIds[0] },
      include: { board: true, stage: true, project: true },
    });
    const admin = await t.db.user.findUniqueOrThrow({
      where: { id: demoIds.adminUserId },
      include: { contractor: true, jobPosition: true },
    });
    const category = await t.db.fileCategory.findUniqueOrThrow({ where: { id: demoIds.fileCategoryId } });
    expect(files[0]).toMatchObject({
      type: "task",
      project: tree.projectId,
      taskComment: null,
      size: 0,
      source: "link",
      previewImageUrl: "",
      downloadUrl: input.files[0].path,
      downloadType: "link",
      fileCategory: { id: category.id, name: category.name },
      task: {
        id: task.id,
        name: task.name,
        shortCode: task.shortCode,
        no: task.no,
        project: task.projectId,
        projectShortCode: task.project.shortCode,
        projectName: task.project.name,
        projectIsSimple: false,
        stage: task.stageId,
        stageName: task.stage!.name,
        board: task.boardId,
        boardShortCode: task.board.shortCode,
        boardName: task.board.name,
      },
      createdBy: {
        id: admin.id,
        shortCode: admin.shortCode,
        email: admin.email,
        firstName: admin.firstName,
        lastName: admin.lastName,
        contractorId: admin.contractorId,
        contractorName: admin.contractor?.name ?? null,
        jobPositionName: admin.jobPosition?.name ?? null,
        hourlyRate: admin.hourlyRate === null ? null : admin.hourlyRate.toNumber(),
        isExternal: admin.isExternal,
        decorator: admin.decorator,
      },
    });

    const rows = await t.db.file.findMany({ where: { id: { in: files.map((f: any) => f.id) } } });
    expect(rows).toHaveLength(3);
    for (const [i, f] of files.entries()) {
      const row = rows.find((r) => r.id === f.id)!;
      expect(row).toMatchObject({
        type: "task",
        taskId: tree.taskIds[0],
        projectId: tree.projectId,
        taskCommentId: null,
        source: "link",
        downloadType: "link",
        path: input.files[i].path,
        displayedName: input.files[i].displayedName,
        extension: f.extension,
        createdById: demoIds.adminUserId,
        fileCategoryId: demoIds.fileCategoryId,
      });
      expect(new Date(f.createdAt).getTime()).toBe(row.createdAt.getTime());
    }
  });

  it("attaches to a project and to a task comment", async () => {
    const project = await q(UPLOAD, { input: { assignId: tree.projectId, fileType: "project", files: [link(1)] } });
    expect(project.errors).toBeUndefined();
    expect(project.data!.uploadExternalFiles[0]).toMatchObject({
      type: "project",
      project: tree.projectId,
      task: null,
      taskComment: null,
      fileCategory: null,
      extension: "pdf",
    });

    const comment = await q(UPLOAD, { input: { assignId: commentId, fileType: "task_comment", files: [link(2)] } });
    expect(comment.errors).toBeUndefined();
    expect(comment.data!.uploadExternalFiles[0]).toMatchObject({
      type: "task_comment",
      project: tree.projectId,
      taskComment: commentId,
      task: { id: tree.taskIds[1] },
    });
    const row = await t.db.file.findUniqueOrThrow({ where: { id: comment.data!.uploadExternalFiles[0].id } });
    expect(row).toMatchObject({ taskCommentId: commentId, taskId: tree.taskIds[1], projectId: tree.projectId });
  });

  it("derives the extension from the name, else from the URL's last path segment", () => {
    expect(externalFileExtension("Report.Final.TXT", "https://x.example.com/a.pdf")).toBe("txt");
    expect(externalFileExtension("Report", "https://x.example.com/dir/a.tar.gz?x=1")).toBe("gz");
    expect(externalFileExtension(".env", "https://x.example.com/dir/")).toBe("");
    expect(externalFileExtension("name.", "https://x.example.com/raport%20ko%C5%84cowy.ODT")).toBe("odt");
    expect(externalFileExtension("no extension", "https://x.example.com/folder.v2/readme")).toBe("");
    expect(externalFileExtension("weird.ext with space", "https://x.example.com/")).toBe("");
  });

  it("accepts only link as a source", async () => {
    const before = await fileCount();
    const res = await q(UPLOAD, {
      input: { assignId: tree.taskIds[0], fileType: "task", files: [link(1), link(2, { source: "internal" })] },
    });
    expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(res)).toEqual(["input.files.1.source"]);
    expect(await fileCount()).toBe(before);
  });

  it("needs an absolute http(s) URL as path", async () => {
    for (const path of [
      "ftp://files.example.com/a.pdf",
      "/docs/a.pdf",
      "files.example.com/a.pdf",
      "https://",
      "javascript:alert(1)",
      "https://x.example.com/a b.pdf",
    ]) {
      const res = await q(UPLOAD, { input: { assignId: tree.taskIds[0], fileType: "task", files: [link(1), { ...link(2), path }] } });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual(["input.files.1.path"]);
    }
    const long = `https://files.example.com/${"a".repeat(2048 - "https://files.example.com/".length)}`;
    expect(
      (await q(UPLOAD, { input: { assignId: tree.taskIds[0], fileType: "task", files: [{ ...link(1), path: long }] } })).errors,
    ).toBeUndefined();
    const tooLong = await q(UPLOAD, { input: { assignId: tree.taskIds[0], fileType: "task", files: [{ ...link(1), path: `${long}b` }] } });
    expect(invalidFields(tooLong)).toEqual(["input.files.0.path"]);
  });

  it("takes a displayedName of 1 to 255 characters", async () => {
    const ok = await q(UPLOAD, {
      input: {
        assignId: tree.taskIds[0],
        fileType: "task",
        files: [link(1, { displayedName: "a".repeat(255) }), link(2, { displayedName: "b" })],
      },
    });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.uploadExternalFiles[0].displayedName).toHaveLength(255);
    for (const displayedName of ["", "a".repeat(256)]) {
      const res = await q(UPLOAD, { input: { assignId: tree.taskIds[0], fileType: "task", files: [link(1, { displayedName })] } });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual(["input.files.0.displayedName"]);
    }
  });

  it("takes 1 to 100 files", async () => {
    const before = await fileCount();
    const hundred = await q(UPLOAD, {
      input: { assignId: tree.projectId, fileType: "project", files: Array.from({ length: 100 }, (_, i) => link(i)) },
    });
    expect(hundred.errors).toBeUndefined();
    expect(hundred.data!.uploadExternalFiles.map((f: any) => f.displayedName)).toEqual(Array.from({ length: 100 }, (_, i) => `File ${i}`));
    expect(await fileCount()).toBe(before + 100);
    for (const files of [[], Array.from({ length: 101 }, (_, i) => link(i))]) {
      const res = await q(UPLOAD, { input: { assignId: tree.projectId, fileType: "project", files } });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual(["input.files"]);
    }
    expect(await fileCount()).toBe(before + 100);
  });

  it("knows three file types", async () => {
    for (const fileType of ["board", "Task", ""]) {
      const res = await q(UPLOAD, { input: { assignId: tree.boardIds[0], fileType, files: [link(1)] } });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(invalidFields(res)).toEqual(["input.fileType"]);
    }
  });

  it("rejects malformed ids", async () => {
    const res = await q(UPLOAD, { input: { assignId: "nope", fileType: "task", fileCategory: "12", files: [link(1)] } });
    expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(res).sort()).toEqual(["input.assignId", "input.fileCategory"]);
  });

  it("is NOT_FOUND when the target is not of the stated type or the category is unknown, storing nothing", async () => {
    const before = await fileCount();
    for (const [assignId, fileType] of [
      [randomUUID(), "project"],
      [tree.taskIds[0], "project"],
      [randomUUID(), "task"],
      [tree.projectId, "task"],
      [randomUUID(), "task_comment"],
      [tree.taskIds[0], "task_comment"],
    ]) {
      const res = await q(UPLOAD, { input: { assignId, fileType, files: [link(1)] } });
      expect(codes(res)).toEqual(["NOT_FOUND"]);
      expect(res.data).toEqual({ uploadExternalFiles: null });
    }
    const category = await q(UPLOAD, {
      input: { assignId: tree.taskIds[0], fileType: "task", fileCategory: randomUUID(), files: [link(1), link(2)] },
    });
    expect(codes(category)).toEqual(["NOT_FOUND"]);
    expect(await fileCount()).toBe(before);
  });

  it("is for members of the target's project and admins", async () => {
    const before = await fileCount();
    const attempts = [
      { assignId: tree.projectId, fileType: "project" },
      { assignId: tree.taskIds[0], fileType: "task" },
      { assignId: commentId, fileType: "task_comment" },
    ];
    for (const target of attempts) {
      const res = await q(UPLOAD, { input: { ...target, files: [link(1)] } }, t.userToken);
      expect(codes(res)).toEqual(["FORBIDDEN"]);
      expect(res.data).toEqual({ uploadExternalFiles: null });
    }
    expect(await fileCount()).toBe(before);

    // any role in the project will do
    await t.db.projectUserAssignment.create({ data: { projectId: tree.projectId, userId: demoIds.userId, role: "none" } });
    for (const target of attempts) {
      const res = await q(UPLOAD, { input: { ...target, files: [link(1)] } }, t.userToken);
      expect(res.errors).toBeUndefined();
      expect(res.data!.uploadExternalFiles[0].createdBy.id).toBe(demoIds.userId);
    }
    expect(await fileCount()).toBe(before + 3);
    await t.db.projectUserAssignment.deleteMany({ where: { projectId: tree.projectId, userId: demoIds.userId } });
  });

  it("needs a token", async () => {
    const res = await q(UPLOAD, { input: { assignId: tree.projectId, fileType: "project", files: [link(1)] } }, null);
    expect(codes(res)).toEqual(["UNAUTHENTICATED"]);
  });

  it("resolves files as entities", async () => {
    const [created] = (await q(UPLOAD, { input: { assignId: tree.taskIds[0], fileType: "task", files: [link(7)] } })).data!
      .uploadExternalFiles;
    const res = await q(
      gql`query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on File { id displayedName task { id } createdBy { id } } } }`,
      {
        reps: [{ __typename: "File", id: created.id }],
      },
    );
    expect(res.data!._entities).toEqual([
      { id: created.id, displayedName: "File 7", task: { id: tree.taskIds[0] }, createdBy: { id: demoIds.adminUserId } },
    ]);
  });

  it(`stores 1 or ${MAX_FILES_PER_COMMENT} files in the same number of statements`, async () => {
    const run = async (n: number) => {
      const comment = await newComment();
      return t.countStatements(() =>
        q(UPLOAD, { input: { assignId: comment, fileType: "task_comment", files: Array.from({ length: n }, (_, i) => link(i)) } }),
      );
    };
    const one = await run(1);
    const most = await run(MAX_FILES_PER_COMMENT);
    expect(most).toBe(one);
    console.log(`E13 statements: ${one} for 1 file, ${most} for ${MAX_FILES_PER_COMMENT}`);
  });

  it(`keeps a comment within ${MAX_FILES_PER_COMMENT} files: an upload past it is BAD_USER_INPUT naming input.files, and stores nothing`, async () => {
    const comment = await newComment();
    const upload = (n: number) =>
      q(UPLOAD, { input: { assignId: comment, fileType: "task_comment", files: Array.from({ length: n }, (_, i) => link(i)) } });
    expect((await upload(MAX_FILES_PER_COMMENT - 1)).errors).toBeUndefined();
    const before = await fileCount();
    const refused = await upload(2);
    expect(codes(refused)).toEqual(["BAD_USER_INPUT"]);
    expect(invalidFields(refused)).toEqual(["input.files"]);
    expect(await fileCount()).toBe(before);
    expect((await upload(1)).errors).toBeUndefined();
    const files = await q(gql`query ($r: [_Any!]!) { _entities(representations: $r) { ... on TaskComment { files { id } } } }`, {
      r: [{ __typename: "TaskComment", id: comment }],
    });
    expect(files.data!._entities[0].files).toHaveLength(MAX_FILES_PER_COMMENT);
  });
});
