import type { Area } from "../area";
import { TaskResolver } from "./task.resolver";
import * as read from "../../services/task/task.read";

export const taskArea: Area = {
  resolvers: [TaskResolver],
  entities: [read.fileEntity, read.taskChecklistEntity, read.taskChecklistItemEntity, read.taskTypeEntity],
};
