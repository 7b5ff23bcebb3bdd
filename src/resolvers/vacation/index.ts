import type { Area } from "../area";
import { VacationResolver } from "./vacation.resolver";
import { vacationEntity, vacationTypeEntity, vacationCommentEntity, vacationDateEntity } from "../../services/vacation/vacation.read";

export const vacationArea: Area = {
  resolvers: [VacationResolver],
  entities: [vacationEntity, vacationTypeEntity, vacationCommentEntity, vacationDateEntity],
};
