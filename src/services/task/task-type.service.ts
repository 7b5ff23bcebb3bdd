import type { Viewer } from "../../auth/authenticate";
import type { Db, Prisma } from "../../db/client";
import { NotFoundError } from "../../errors/errors";
import { defineEntity } from "../../federation/entity-registry";
import type { UpdateTaskTypeInput } from "../../inputs/task/update-task-type.input";
import type { TaskType } from "../../types/task/task-type.type";
import { refuseNulls } from "../shared/partial-update";
import { assertPmOrAdmin } from "../project/project-access";

const taskTypeInclude = {
  categories: {
    include: { category: { select: { id: true, name: true } } },
    orderBy: [{ category: { name: "asc" } }, { categoryId: "asc" }],
  },
} satisfies Prisma.TaskTypeInclude;

type TaskTypeRow = Prisma.TaskTypeGetPayload<{ include: typeof taskTypeInclude }>;

function toTaskType(row: TaskTypeRow): TaskType {
  const categories = row.categories.map((link) => ({ id: link.category.id, name: link.category.name }));
  return { id: row.id, name: row.name, decorator: row.decorator, categories };
}

export async function loadTaskTypes(db: Db, ids: readonly string[]): Promise<TaskType[]> {
  const rows = await db.taskType.findMany({ where: { id: { in: [...ids] } }, include: taskTypeInclude });
  return rows.map(toTaskType);
}

export const taskTypeEntity = defineEntity<TaskType>({ typeName: "TaskType", loadMany: (db, ids) => loadTaskTypes(db, ids) });

/**
 * E19. Task types are shared by every project, so changing one is for admins and holders of the
 * pm role. `categories` replaces the whole set; every id must name an existing category.
 */
export async function updateTaskType(db: Db, viewer: Viewer, id: string, input: UpdateTaskTypeInput): Promise<TaskType> {
  assertPmOrAdmin(viewer, "change task types");
  refuseNulls(input, ["name", "decorator", "categories"]);
  await db.$transaction(async (tx) => {
    const existing = await tx.taskType.findUnique({ where: { id }, select: { id: true } });
    if (!existing) throw new NotFoundError("Task type", id);

    const data: Prisma.TaskTypeUpdateInput = {};
    if (input.name != null) data.name = input.name;
    if (input.decorator != null) data.decorator = input.decorator;
    if (input.categories != null) {
      const wanted = [...new Set(input.categories)];
      const found = await tx.projectCategory.findMany({ where: { id: { in: wanted } }, select: { id: true } });
      const known = new Set(found.map((c) => c.id));
      const missing = wanted.find((c) => !known.has(c));
      if (missing) throw new NotFoundError("Project category", missing);
      await tx.taskTypeCategory.deleteMany({ where: { taskTypeId: id } });
      await tx.taskTypeCategory.createMany({ data: wanted.map((categoryId) => ({ taskTypeId: id, categoryId })) });
    }
    await tx.taskType.update({ where: { id }, data });
  });
  const [taskType] = await loadTaskTypes(db, [id]);
  return taskType;
}
