import type { Db, DbTx } from "../../db/client";
import type { Viewer } from "../../auth/authenticate";
import { accessOf, Role } from "../../auth/policy";

export { canManagePerson } from "../../auth/policy";

export const HR_ROLE = Role.hr;

/**
 * Ids of the departments the caller leads, asked once per request: the memo belongs to the
 * request's access scope (src/auth/policy.ts), never to the cached authentication.
 */
export function ledDepartments(db: Db | DbTx, viewer: Viewer): Promise<Set<string>> {
  return accessOf(db, viewer).ledDepartments();
}
