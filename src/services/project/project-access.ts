import type { Db, DbTx } from "../../db/client";
import type { Viewer } from "../../auth/authenticate";
import { accessOf } from "../../auth/policy";

/**
 * Project access, kept under its old names for the services that import it: every rule lives in
 * src/auth/policy.ts.
 */
export {
  PROJECT_MANAGER_ROLES,
  canManageProject,
  assertCanManageProject,
  assertProjectMember,
  assertPmOrAdmin,
} from "../../auth/policy";

/** The caller's role in each of the given projects (absent: not assigned), asked once per request. */
export function projectRoles(db: Db | DbTx, viewer: Viewer, projectIds: readonly string[]): Promise<Map<string, string>> {
  if (projectIds.length === 0) return Promise.resolve(new Map());
  return accessOf(db, viewer).projectRoles(projectIds);
}
