import type { Area } from "../area";
import { PeopleResolver } from "./people.resolver";
import * as read from "../../services/people/people.read";

export const peopleArea: Area = {
  resolvers: [PeopleResolver],
  entities: [read.shortcutEntity, read.userEntity, read.userDepartmentEntity],
};
