/**
 * Project access, kept under its old names for the services that import it: every rule lives in
 * src/auth/policy.ts.
 */
export {
  canManageProject,
  assertCanManageProject,
  assertProjectMember,
  assertPmOrAdmin,
} from "../../auth/policy";
