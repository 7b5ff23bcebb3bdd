import type { Area } from "../area";
import { ProjectResolver } from "./project.resolver";
import {
  projectEntity,
  projectNumberingEntity,
  projectSettingsEntity,
  assignedProjectUserEntity,
  assignedBoardUserEntity,
  customFieldDefinitionEntity,
  customFieldOptionEntity,
  riskEntity,
  stageEntity,
} from "../../services/project/project.read";

export const projectArea: Area = {
  resolvers: [ProjectResolver],
  entities: [
    projectEntity,
    projectNumberingEntity,
    projectSettingsEntity,
    assignedProjectUserEntity,
    assignedBoardUserEntity,
    customFieldDefinitionEntity,
    customFieldOptionEntity,
    riskEntity,
    stageEntity,
  ],
};
