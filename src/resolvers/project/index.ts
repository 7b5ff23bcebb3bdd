import type { Area } from "../area";
import { ProjectResolver } from "./project.resolver";
import * as read from "../../services/project/project.read";

export const projectArea: Area = {
  resolvers: [ProjectResolver],
  entities: [
    read.projectEntity,
    read.projectNumberingEntity,
    read.projectSettingsEntity,
    read.assignedProjectUserEntity,
    read.assignedBoardUserEntity,
    read.customFieldDefinitionEntity,
    read.customFieldOptionEntity,
    read.riskEntity,
    read.stageEntity,
  ],
};
