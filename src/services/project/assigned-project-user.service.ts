import type { Db, Prisma } from "../../db/client";
import { defineEntity } from "../../federation/entity-registry";
import { toProjectUserRef, userRefInclude } from "../people/user-refs.mapper";
import type { AssignedProjectUser } from "../../types/project/assigned-project-user.type";
import { inProject } from "../../auth/visibility";

export const assignedProjectUserInclude = {
  user: { include: userRefInclude },
} satisfies Prisma.ProjectUserAssignmentInclude;

type AssignmentRow = Prisma.ProjectUserAssignmentGetPayload<{ include: typeof assignedProjectUserInclude }>;

/** Assignments listed in the order people joined the project; id breaks ties. */
export const assignmentOrder = [{ createdAt: "asc" }, { id: "asc" }] satisfies Prisma.ProjectUserAssignmentOrderByWithRelationInput[];

export function toAssignedProjectUser(row: AssignmentRow): AssignedProjectUser {
  // rates are shown by the rule of this project (src/auth/visibility.ts)
  return inProject({
    id: row.id,
    projectUser: inProject(toProjectUserRef(row.user), row.projectId),
    role: row.role,
    hourlyRate: row.hourlyRate === null ? null : row.hourlyRate.toNumber(),
    canReportTime: row.canReportTime,
  }, row.projectId);
}

export const assignedProjectUserEntity = defineEntity<AssignedProjectUser>({
  typeName: "AssignedProjectUser",
  async loadMany(db: Db, ids) {
    const rows = await db.projectUserAssignment.findMany({ where: { id: { in: [...ids] } }, include: assignedProjectUserInclude });
    return rows.map(toAssignedProjectUser);
  },
});
