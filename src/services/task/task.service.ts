import { randomUUID } from "node:crypto";
import type { DbTx } from "../../db/client";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { NotFoundError } from "../../errors/errors";
import { MAX_FILES_PER_COMMENT, type ExternalFileUploadInput, type FileType } from "../../inputs/task/external-file-upload.input";
import { badInput } from "../shared/violations";

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
  /** A comment: the files it holds already (a project or a task holds any number). */
  commentFiles?: number;
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
        select: { id: true, task: { select: { id: true, projectId: true } }, _count: { select: { files: true } } },
      });
      if (!comment) throw new NotFoundError("Task comment", assignId, "input.assignId");
      return { projectId: comment.task.projectId, taskId: comment.task.id, taskCommentId: comment.id, commentFiles: comment._count.files };
    }
  }
}

/**
 * E13: registers files by link on a project, a task or a task comment. Only members of the
 * project the target belongs to (or admins) may. Each file records the whole chain it belongs to
 * (project, task, comment) so that any view can show where it sits. One insert for all files, in
 * one transaction: all are stored or none.
 */
export async function uploadExternalFiles(ctx: AuthedContext, input: ExternalFileUploadInput): Promise<string[]> {
  const fileType = input.fileType as FileType;
  const ids = input.files.map(() => randomUUID());
  return ctx.db.$transaction(async (tx) => {
    const target = await resolveTarget(tx, fileType, input.assignId);
    await policy.require(ctx, rules.projectMember, target.projectId, tx);
    // a comment's room is told to members only
    if (target.commentFiles !== undefined && target.commentFiles + input.files.length > MAX_FILES_PER_COMMENT) {
      throw badInput(
        "input.files",
        "maxFilesPerComment",
        `a task comment holds at most ${MAX_FILES_PER_COMMENT} files; this one has ${target.commentFiles}`,
      );
    }
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
        createdById: ctx.viewer.id,
        createdAt,
      })),
    });
    return ids;
  });
}
