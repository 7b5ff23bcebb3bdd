import type { Area } from "../area";
import { VacationResolver } from "./vacation.resolver";
import * as read from "../../services/vacation/vacation.read";

export const vacationArea: Area = {
  resolvers: [VacationResolver],
  entities: [read.vacationEntity, read.vacationTypeEntity, read.vacationCommentEntity, read.vacationDateEntity],
};
