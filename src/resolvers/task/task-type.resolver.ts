import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { UpdateTaskTypeInput } from "../../inputs/task/update-task-type.input";
import { TaskType } from "../../types/task/task-type.type";
import { updateTaskType } from "../../services/task/task-type.service";
import { taskTypeEntity } from "../../services/task/task.read";

@Resolver(() => TaskType)
export class TaskTypeResolver {
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
