import type { Area } from "../area";
import { FileResolver } from "./file.resolver";
import { TaskChecklistResolver } from "./task-checklist.resolver";
import { TaskTypeResolver } from "./task-type.resolver";
import { fileEntity, taskChecklistEntity, taskChecklistItemEntity, taskTypeEntity } from "../../services/task/task.read";

export const taskArea: Area = {
  resolvers: [FileResolver, TaskChecklistResolver, TaskTypeResolver],
  entities: [fileEntity, taskChecklistEntity, taskChecklistItemEntity, taskTypeEntity],
};
