import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, ID, Info, Mutation, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { ExternalFileUploadInput, MAX_FILES_PER_UPLOAD } from "../../inputs/task/external-file-upload.input";
import { File } from "../../types/task/file.type";
import { uploadExternalFiles, listTaskChecklists, updateTaskType } from "../../services/task/task.service";
import { fileEntity, taskTypeEntity } from "../../services/task/task.read";
import { listCost } from "../../domain/list-cost";
import { PaginationArgs } from "../../inputs/shared/pagination.args";
import { TaskChecklistCollection } from "../../types/task/task-checklist.type";
import { Selection } from "../../services/shared/look-ahead";
import { UpdateTaskTypeInput } from "../../inputs/task/update-task-type.input";
import { TaskType } from "../../types/task/task-type.type";

@Resolver()
export class TaskResolver {
  @Mutation(() => [File], {
    complexity: listCost(MAX_FILES_PER_UPLOAD),
    nullable: true,
    description:
      "E13: registers files by link on a project, task or task comment (for its project's members and admins); answers one File per element, in order. All are stored or none.",
  })
  @Authorized(rules.projectMember)
  async uploadExternalFiles(
    @Arg("input", () => ExternalFileUploadInput, { description: "The links and what they are attached to." })
    input: ExternalFileUploadInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<File[]> {
    // new ids: the request holds no copy of them that loadWritten would drop
    return ctx.loaders.loadAll(fileEntity, await uploadExternalFiles(ctx, input));
  }

  @Query(() => TaskChecklistCollection, {
    description: "E6: a task's checklists by weight, each with its items by weight, paginated. An unknown task is NOT_FOUND.",
  })
  @Authorized(rules.readProject)
  taskChecklists(
    @Arg("taskId", () => ID, { description: "Id of the task." }) taskId: string,
    @Args(() => PaginationArgs) page: PaginationArgs,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<TaskChecklistCollection> {
    return listTaskChecklists(ctx, taskId, page, Selection.of(info));
  }

  @Mutation(() => TaskType, {
    nullable: true,
    description:
      "E19: changes a task type partially; categories replaces the linked project categories. Needs an admin or the pm user role.",
  })
  @Authorized(rules.editTaskTypes)
  async updateTaskType(
    @Arg("id", () => ID, { description: "Id of the task type to change." }) id: string,
    @Arg("input", () => UpdateTaskTypeInput, { description: "The fields to change." }) input: UpdateTaskTypeInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<TaskType | null> {
    return ctx.loaders.loadWritten(taskTypeEntity, await updateTaskType(ctx, id, input));
  }
}
