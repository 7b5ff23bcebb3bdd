import type { Area } from "../area";
import { ProjectGanttResolver } from "./gantt.resolver";
import { projectGanttEntity, milestoneEntity, ganttLinkEntity } from "../../services/gantt/gantt.read";

export const ganttArea: Area = {
  resolvers: [ProjectGanttResolver],
  entities: [projectGanttEntity, milestoneEntity, ganttLinkEntity],
};
