import type { Area } from "../area";
import { ShortcutResolver } from "./shortcut.resolver";
import { UserResolver } from "./user.resolver";
import { shortcutEntity, userEntity, userDepartmentEntity } from "../../services/people/people.read";

export const peopleArea: Area = {
  resolvers: [ShortcutResolver, UserResolver],
  entities: [shortcutEntity, userEntity, userDepartmentEntity],
};
