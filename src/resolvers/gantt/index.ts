import type { Area } from "../area";
import { ProjectGanttResolver } from "./gantt.resolver";
import * as read from "../../services/gantt/gantt.read";

export const ganttArea: Area = {
  resolvers: [ProjectGanttResolver],
  entities: [read.projectGanttEntity, read.milestoneEntity, read.ganttLinkEntity],
};
