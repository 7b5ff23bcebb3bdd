import type { Viewer } from "../auth/authenticate";
import { ForbiddenError } from "../errors/errors";
import { PM_USER_ROLE } from "./project-access";

/** Creating projects and editing shared dictionaries (task types) is for admins and holders of the pm user role. */
export function assertPmOrAdmin(viewer: Viewer, what: string): void {
  if (viewer.isAdmin || viewer.roles.includes(PM_USER_ROLE)) return;
  throw new ForbiddenError(`Only an admin or a project manager (role ${PM_USER_ROLE}) may ${what}.`);
}
