import { randomUUID } from "node:crypto";
import type { Db, DbTx, Prisma } from "../../db/client";
import type { Viewer } from "../../auth/authenticate";
import { NotFoundError } from "../../errors/errors";
import { defineEntity } from "../../federation/entity-registry";
import type { ExternalFileUploadInput, FileType } from "../../inputs/task/external-file-upload.input";
import { toProjectUserRef, userRefInclude } from "../people/user-refs.mapper";
import type { File } from "../../types/task/file.type";
import type { FileBase } from "../../types/task/file-base.type";
import type { FileTask } from "../../types/task/file-task.type";
import { assertProjectMember } from "../project/project-access";
import { inProject } from "../../auth/visibility";

/** What to load with a task so that its file summary can be built. */
export const fileTaskInclude = {
  project: { select: { id: true, shortCode: true, name: true, isSimple: true } },
  stage: { select: { id: true, name: true } },
  board: { select: { id: true, shortCode: true, name: true } },
} satisfies Prisma.TaskInclude;

type FileTaskRow = Prisma.TaskGetPayload<{ include: typeof fileTaskInclude }>;

export function toFileTask(task: FileTaskRow): FileTask {
  return {
    id: task.id,
    name: task.name,
    shortCode: task.shortCode,
    no: task.no,
    project: task.project.id,
    projectShortCode: task.project.shortCode,
    projectName: task.project.name,
    projectIsSimple: task.project.isSimple,
    stage: task.stage?.id ?? null,
    stageName: task.stage?.name ?? null,
    board: task.board.id,
    boardShortCode: task.board.shortCode,
    boardName: task.board.name,
  };
}

/**
 * Everything a file view needs. A comment's file reaches its task through the comment, so that
 * rows holding only `taskCommentId` still show their task and project.
 */
export const fileInclude = {
  createdBy: { include: userRefInclude },
  fileCategory: { select: { id: true, name: true } },
  task: { include: fileTaskInclude },
  taskComment: { select: { task: { include: fileTaskInclude } } },
} satisfies Prisma.FileInclude;

export type FileRow = Prisma.FileGetPayload<{ include: typeof fileInclude }>;

const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s]+$/i;

function toFileBase(row: FileRow): Omit<FileBase, "createdBy"> {
  const task = row.task ?? row.taskComment?.task ?? null;
  return {
    id: row.id,
    type: row.type,
    project: row.projectId ?? task?.projectId ?? null,
    task: task ? toFileTask(task) : null,
    taskComment: row.taskCommentId,
    displayedName: row.displayedName,
    extension: row.extension,
    size: row.size,
    source: row.source,
    previewImageUrl: row.previewImageUrl,
    // an internal file's path is a storage key; it is only an address when stored as one
    downloadUrl: ABSOLUTE_HTTP_URL.test(row.path) ? row.path : null,
    downloadType: row.downloadType,
    fileCategory: row.fileCategory ? { id: row.fileCategory.id, name: row.fileCategory.name } : null,
    createdAt: row.createdAt,
  };
}

export function toFile(row: FileRow): File {
  const base = toFileBase(row);
  return { ...base, createdBy: inProject(toProjectUserRef(row.createdBy), base.project) };
}

/** Files by id, in the order of `ids` (unknown ids are left out). */
async function loadFiles(db: Db | DbTx, ids: readonly string[]): Promise<File[]> {
  const rows = await db.file.findMany({ where: { id: { in: [...ids] } }, include: fileInclude });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toFile(row)] : [];
  });
}

export const fileEntity = defineEntity<File>({
  typeName: "File",
  loadMany: (db, ids) => loadFiles(db, ids),
});

const EXTENSION = /^[a-z0-9]{1,10}$/;

/** The extension after the last dot of a name (not a leading dot), lower case; "" when there is none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return "";
  const ext = name.slice(dot + 1).toLowerCase();
  return EXTENSION.test(ext) ? ext : "";
}

/** The file's extension: from its displayed name, else from the last segment of the URL's path. */
export function externalFileExtension(displayedName: string, url: string): string {
  const fromName = extensionOf(displayedName.trim());
  if (fromName) return fromName;
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return "";
  }
  const segment = pathname.split("/").pop() ?? "";
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a malformed escape: judge the raw segment
  }
  return extensionOf(decoded);
}

interface Target {
  projectId: string;
  taskId: string | null;
  taskCommentId: string | null;
}

/** The object `assignId` names, with the project (and task) it belongs to; NOT_FOUND when there is none. */
async function resolveTarget(tx: DbTx, fileType: FileType, assignId: string): Promise<Target> {
  switch (fileType) {
    case "project": {
      const project = await tx.project.findUnique({ where: { id: assignId }, select: { id: true } });
      if (!project) throw new NotFoundError("Project", assignId, "input.assignId");
      return { projectId: project.id, taskId: null, taskCommentId: null };
    }
    case "task": {
      const task = await tx.task.findUnique({ where: { id: assignId }, select: { id: true, projectId: true } });
      if (!task) throw new NotFoundError("Task", assignId, "input.assignId");
      return { projectId: task.projectId, taskId: task.id, taskCommentId: null };
    }
    case "task-comment": {
      const comment = await tx.taskComment.findUnique({
        where: { id: assignId },
        select: { id: true, task: { select: { id: true, projectId: true } } },
      });
      if (!comment) throw new NotFoundError("Task comment", assignId, "input.assignId");
      return { projectId: comment.task.projectId, taskId: comment.task.id, taskCommentId: comment.id };
    }
  }
}

/**
 * E13: registers files by link on a project, a task or a task comment. Only members of the
 * project the target belongs to (or admins) may. Each file records the whole chain it belongs to
 * (project, task, comment) so that any view can show where it sits. One insert for all files, in
 * one transaction: all are stored or none.
 */
export async function uploadExternalFiles(db: Db, viewer: Viewer, input: ExternalFileUploadInput): Promise<string[]> {
  const fileType = input.fileType as FileType;
  const ids = input.files.map(() => randomUUID());
  return db.$transaction(async (tx) => {
    const target = await resolveTarget(tx, fileType, input.assignId);
    await assertProjectMember(tx, viewer, target.projectId);
    if (input.fileCategory) {
      const category = await tx.fileCategory.findUnique({ where: { id: input.fileCategory }, select: { id: true } });
      if (!category) throw new NotFoundError("File category", input.fileCategory, "input.fileCategory");
    }
    const createdAt = new Date();
    await tx.file.createMany({
      data: input.files.map((file, index) => ({
        id: ids[index],
        type: fileType,
        projectId: target.projectId,
        taskId: target.taskId,
        taskCommentId: target.taskCommentId,
        displayedName: file.displayedName,
        extension: externalFileExtension(file.displayedName, file.path),
        size: 0,
        source: "link",
        path: file.path,
        previewImageUrl: "",
        downloadType: "link",
        fileCategoryId: input.fileCategory ?? null,
        createdById: viewer.id,
        createdAt,
      })),
    });
    return ids;
  });
}
