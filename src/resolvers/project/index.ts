import type { Area } from "../area";
import { AssignedBoardUserResolver } from "./assigned-board-user.resolver";
import { ProjectResolver } from "./project.resolver";
import { ProjectSettingsResolver } from "./project-settings.resolver";
import { RiskResolver } from "./risk.resolver";
import { StageResolver } from "./stage.resolver";
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
  resolvers: [AssignedBoardUserResolver, ProjectResolver, ProjectSettingsResolver, RiskResolver, StageResolver],
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
