import { Arg, Ctx, ID, Mutation, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { UpdateTaskTypeInput } from "../inputs/task/update-task-type.input";
import { TaskType } from "../types/task/task-type.type";
import { updateTaskType } from "../services/task/task-type.service";

@Resolver(() => TaskType)
export class TaskTypeResolver {
  @Mutation(() => TaskType, {
    nullable: true,
    description:
      "E19: changes a task type partially; categories replaces the linked project categories. Needs an admin or the pm user role.",
  })
  updateTaskType(
    @Arg("id", () => ID, { description: "Id of the task type to change." }) id: string,
    @Arg("input", () => UpdateTaskTypeInput, { description: "The fields to change." }) input: UpdateTaskTypeInput,
    @Ctx() ctx: Context,
  ): Promise<TaskType> {
    return updateTaskType(ctx.db, viewerOf(ctx), id, input);
  }
}
