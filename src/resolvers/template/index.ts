import type { Area } from "../area";
import { ProjectTemplateResolver } from "./template.resolver";
import * as read from "../../services/template/template.read";

export const templateArea: Area = {
  resolvers: [ProjectTemplateResolver],
  entities: [read.projectTemplateEntity],
};
