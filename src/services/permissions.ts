import type { Db, DbTx } from "../db/client";
import type { Viewer } from "../auth/authenticate";

export const HR_ROLE = "hr";

const ledDepartmentsCache = new WeakMap<Viewer, Promise<Set<string>>>();

/** Ids of the departments the caller leads; asked once per request (viewers live for one request). */
export function ledDepartments(db: Db | DbTx, viewer: Viewer): Promise<Set<string>> {
  let cached = ledDepartmentsCache.get(viewer);
  if (!cached) {
    cached = db.userDepartment
      .findMany({ where: { userId: viewer.id, isLeader: true }, select: { departmentId: true } })
      .then((rows) => new Set(rows.map((r) => r.departmentId)));
    ledDepartmentsCache.set(viewer, cached);
  }
  return cached;
}

/** Admins and HR manage everyone; a department leader manages the members of the departments they lead. */
export function canManagePerson(viewer: Viewer, led: Set<string>, personDepartmentIds: string[]): boolean {
  if (viewer.isAdmin || viewer.roles.includes(HR_ROLE)) return true;
  return personDepartmentIds.some((d) => led.has(d));
}
