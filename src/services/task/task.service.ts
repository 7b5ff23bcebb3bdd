import { randomUUID } from "node:crypto";
import type { DbTx, Prisma } from "../../db/client";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { NotFoundError } from "../../errors/errors";
import { MAX_FILES_PER_COMMENT, type ExternalFileUploadInput, type FileType } from "../../inputs/task/external-file-upload.input";
import { badInput } from "../shared/violations";
import type { TaskChecklistCollection } from "../../types/task/task-checklist.type";
import { pageOf, pageWindow, paginationInfo, type PageRequest } from "../shared/pagination";
import { checklistPage, TASK_CHECKLISTS } from "./task.read";
import type { Selection } from "../shared/look-ahead";
import type { DataPort } from "../../db/database";
import type { UpdateTaskTypeInput } from "../../inputs/task/update-task-type.input";
import { refuseNulls } from "../shared/partial-update";
import { lockRow } from "../shared/retry";

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
  if (!URL.canParse(url)) return "";
  const segment = new URL(url).pathname.split("/").pop() ?? "";
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

/**
 * E6: a task's checklists by weight, each with its items by weight, in one statement: the task
 * (NOT_FOUND without it), the total and the page with its items and leaders. Only a caller whom
 * the task's project decides (an external user) costs the look-up of that project first.
 */
export async function listTaskChecklists(
  ctx: AuthedContext,
  taskId: string,
  page: PageRequest,
  selection: Selection,
): Promise<TaskChecklistCollection> {
  if (ctx.access.decide(rules.readProject) === undefined) {
    // a missing task stays NOT_FOUND below
    const task = await ctx.db.task.findUnique({ where: { id: taskId }, select: { projectId: true } });
    if (task) await policy.require(ctx, rules.readProject, { projectId: task.projectId, what: "Task", field: "taskId" });
  }
  const window = pageWindow(page, ctx.config.maxUnpaginatedItems);
  const slice = pageOf(selection, window);
  const row = await ctx.read.first(TASK_CHECKLISTS, { taskId, ...slice });
  if (!row) throw new NotFoundError("Task", taskId, "taskId");
  const { items, total } = checklistPage(row, slice.sel);
  return { items, paginationInfo: paginationInfo(window, total) };
}

/**
 * E19. Task types are shared by every project, so changing one is for admins and holders of the
 * pm role. `categories` replaces the whole set; every id must name an existing category.
 * Concurrent updates of one task type take turns on its row: the set is replaced by delete +
 * insert, and two replacements at once would otherwise both insert (a duplicate link, or on
 * PostgreSQL a mix of both sets). The last to commit wins whole.
 */
export async function updateTaskType({ db }: DataPort, id: string, input: UpdateTaskTypeInput): Promise<string> {
  refuseNulls(input, ["name", "decorator", "categories"]);
  await db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "TaskType", id))) throw new NotFoundError("Task type", id, "id");

    const data: Prisma.TaskTypeUpdateInput = {};
    if (input.name != null) data.name = input.name;
    if (input.decorator != null) data.decorator = input.decorator;
    if (input.categories != null) {
      const wanted = [...new Set(input.categories)];
      const found = await tx.projectCategory.findMany({ where: { id: { in: wanted } }, select: { id: true } });
      const known = new Set(found.map((c) => c.id));
      const missing = wanted.find((c) => !known.has(c));
      if (missing) throw new NotFoundError("Project category", missing, `input.categories.${input.categories.indexOf(missing)}`);
      await tx.taskTypeCategory.deleteMany({ where: { taskTypeId: id } });
      await tx.taskTypeCategory.createMany({ data: wanted.map((categoryId) => ({ taskTypeId: id, categoryId })) });
    }
    await tx.taskType.update({ where: { id }, data });
  });
  return id;
}
