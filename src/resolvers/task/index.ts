import type { Area } from "../area";
import { TaskResolver } from "./task.resolver";
import { fileEntity, taskChecklistEntity, taskChecklistItemEntity, taskTypeEntity } from "../../services/task/task.read";

export const taskArea: Area = {
  resolvers: [TaskResolver],
  entities: [fileEntity, taskChecklistEntity, taskChecklistItemEntity, taskTypeEntity],
};
