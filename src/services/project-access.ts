import type { Db, DbTx } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import { ForbiddenError } from "../errors/errors";

/** Project roles that may manage a project (change its stages, boards, risks, settings). */
export const PROJECT_MANAGER_ROLES = ["pm-active", "pm-passive"] as const;
/** The user role that may create projects and edit shared dictionaries such as task types. */
export const PM_USER_ROLE = "pm";

/** The caller's role in each of the given projects (absent: not assigned), in one statement. */
export async function projectRoles(db: Db | DbTx, viewer: Viewer, projectIds: readonly string[]): Promise<Map<string, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.projectUserAssignment.findMany({
    where: { userId: viewer.id, projectId: { in: [...new Set(projectIds)] } },
    select: { projectId: true, role: true },
  });
  return new Map(rows.map((r) => [r.projectId, r.role]));
}

/** Admins manage every project; otherwise a project manager role in the project is needed. */
export function canManageProject(viewer: Viewer, role: string | undefined): boolean {
  return viewer.isAdmin || (role !== undefined && (PROJECT_MANAGER_ROLES as readonly string[]).includes(role));
}

/** Throws FORBIDDEN unless the caller may manage the project. */
export async function assertCanManageProject(db: Db | DbTx, viewer: Viewer, projectId: string): Promise<void> {
  if (viewer.isAdmin) return;
  const roles = await projectRoles(db, viewer, [projectId]);
  if (!canManageProject(viewer, roles.get(projectId))) {
    throw new ForbiddenError("Only an admin or a project manager of this project may do this.");
  }
}

/** Throws FORBIDDEN unless the caller is an admin or assigned to the project in any role. */
export async function assertProjectMember(db: Db | DbTx, viewer: Viewer, projectId: string): Promise<void> {
  if (viewer.isAdmin) return;
  const roles = await projectRoles(db, viewer, [projectId]);
  if (!roles.has(projectId)) throw new ForbiddenError("Only members of this project may do this.");
}

/** Creating projects and editing shared dictionaries (task types) is for admins and holders of the pm user role. */
export function assertPmOrAdmin(viewer: Viewer, what: string): void {
  if (viewer.isAdmin || viewer.roles.includes(PM_USER_ROLE)) return;
  throw new ForbiddenError(`Only an admin or a project manager (role ${PM_USER_ROLE}) may ${what}.`);
}
