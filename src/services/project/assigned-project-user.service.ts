import { defineEntity } from "../../federation/entity-registry";
import type { AssignedProjectUser } from "../../types/project/assigned-project-user.type";
import { readAssignedProjectUsers } from "./project.read";

export const assignedProjectUserEntity = defineEntity<AssignedProjectUser>({
  typeName: "AssignedProjectUser",
  loadMany: (_db, ids, _viewer, read) => readAssignedProjectUsers(read, ids),
});
