import type { Area } from "../area";
import { PeopleResolver } from "./people.resolver";
import { shortcutEntity, userEntity, userDepartmentEntity } from "../../services/people/people.read";

export const peopleArea: Area = {
  resolvers: [PeopleResolver],
  entities: [shortcutEntity, userEntity, userDepartmentEntity],
};
