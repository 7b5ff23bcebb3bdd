import type { Prisma } from "../../db/client";
import type { DataPort } from "../../db/database";
import { NotFoundError } from "../../errors/errors";
import type { UpdateTaskTypeInput } from "../../inputs/task/update-task-type.input";
import { refuseNulls } from "../shared/partial-update";
import { lockRow } from "../shared/retry";

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
