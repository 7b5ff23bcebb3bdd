import DataLoader from "dataloader";
import type { Db, DbTx } from "../db/client";
import type { Viewer } from "./authenticate";
import { ForbiddenError, NotFoundError } from "../errors/errors";
import { PROJECT_MANAGER_ROLES, Role } from "../domain/value-sets";

/**
 * Who may see and do what: every role name and every access rule of the API, in one place.
 * Root fields, field-visibility rules and `_entities` all ask these functions, so a rule is
 * written once. The table in the README ("Who may see and do what") is rendered from
 * `policy-matrix.ts`, and test/policy-matrix.test.ts proves every cell of it through GraphQL.
 */

export const isFinance = (v: Viewer): boolean => v.roles.includes(Role.finance);
export const isHr = (v: Viewer): boolean => v.roles.includes(Role.hr);
/** External users (a client's or a subcontractor's staff) see only what they work on. */
export const isExternal = (v: Viewer): boolean => v.isExternal === true;

/**
 * Facts about the caller that need the database, asked at most once per request. The viewer
 * object is created afresh for every request (AuthCache hands out copies), so this memo dies
 * with the request: a revoked leadership or project role applies at the next request, and a
 * failed lookup is never remembered (a rejected promise is dropped).
 */
export class RequestAccess {
  private led?: Promise<Set<string>>;
  // DataLoader batches the lookups of one tick into one statement, and drops a failed key
  private readonly roles: DataLoader<string, string | undefined>;
  private readonly hidden: DataLoader<string, string[]>;
  private readonly topics: DataLoader<string, { member: boolean; owner: boolean }>;

  constructor(
    private readonly db: Db | DbTx,
    readonly viewer: Viewer,
  ) {
    this.roles = new DataLoader(async (projectIds) => {
      const rows = await db.projectUserAssignment.findMany({
        where: { userId: viewer.id, projectId: { in: [...projectIds] } },
        select: { projectId: true, role: true },
      });
      const byProject = new Map(rows.map((r) => [r.projectId, r.role]));
      return projectIds.map((id) => byProject.get(id));
    });
    this.hidden = new DataLoader(async (projectIds) => {
      const rows = await db.projectSettings.findMany({ where: { id: { in: [...projectIds] } }, select: { id: true, hideHourlyRateForRoles: true } });
      const byProject = new Map(rows.map((r) => [r.id, roleList(r.hideHourlyRateForRoles)]));
      return projectIds.map((id) => byProject.get(id) ?? []);
    });
    this.topics = new DataLoader(async (topicIds) => {
      const rows = await db.assignedChatTopicUser.findMany({
        where: { userId: viewer.id, topicId: { in: [...topicIds] } },
        select: { topicId: true, isTopicOwner: true },
      });
      const byTopic = new Map(rows.map((r) => [r.topicId, r.isTopicOwner]));
      return topicIds.map((id) => ({ member: byTopic.has(id), owner: byTopic.get(id) === true }));
    });
  }

  /** Ids of the departments the caller leads. */
  ledDepartments(): Promise<Set<string>> {
    this.led ??= forget(
      this.db.userDepartment
        .findMany({ where: { userId: this.viewer.id, isLeader: true }, select: { departmentId: true } })
        .then((rows) => new Set(rows.map((r) => r.departmentId))),
      () => (this.led = undefined),
    );
    return this.led;
  }

  /** The caller's role in each project (absent: not assigned). */
  async projectRoles(projectIds: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(projectIds)];
    const roles = await this.roles.loadMany(unique);
    const out = new Map<string, string>();
    unique.forEach((id, i) => {
      const role = roles[i];
      if (role instanceof Error) throw role;
      if (role !== undefined) out.set(id, role);
    });
    return out;
  }

  projectRole(projectId: string): Promise<string | undefined> {
    return this.roles.load(projectId);
  }

  /** ProjectSettings.hideHourlyRateForRoles of a project. */
  hiddenRateRoles(projectId: string): Promise<string[]> {
    return this.hidden.load(projectId);
  }

  /** Whether the caller belongs to a chat topic, and owns it. */
  topicMembership(topicId: string): Promise<{ member: boolean; owner: boolean }> {
    return this.topics.load(topicId);
  }
}

/** hideHourlyRateForRoles is stored as a JSON array of strings. */
function roleList(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function forget<T>(promise: Promise<T>, drop: () => void): Promise<T> {
  promise.catch(drop);
  return promise;
}

const scopes = new WeakMap<Viewer, WeakMap<object, RequestAccess>>();

/**
 * The request's access memo for this caller (the viewer object lives for one request), one per
 * database handle: a transaction sees its own writes and its handle dies with it, while field
 * resolvers after a mutation ask through the request's client.
 */
export function accessOf(db: Db | DbTx, viewer: Viewer): RequestAccess {
  let byDb = scopes.get(viewer);
  if (!byDb) {
    byDb = new WeakMap();
    scopes.set(viewer, byDb);
  }
  let access = byDb.get(db);
  if (!access) {
    access = new RequestAccess(db, viewer);
    byDb.set(db, access);
  }
  return access;
}

// ---------------------------------------------------------------------------------------------
// The rules. Each returns a boolean; `assert*` variants throw the contract's error.
// ---------------------------------------------------------------------------------------------

export const isProjectManagerRole = (role: string | undefined): boolean => role !== undefined && PROJECT_MANAGER_ROLES.includes(role);

/** Admins manage every project; otherwise a project manager role in it is needed. */
export function canManageProject(viewer: Viewer, role: string | undefined): boolean {
  return viewer.isAdmin || isProjectManagerRole(role);
}

/** Staff read every project; external users only the projects they are assigned to (any role). */
export function canReadProject(viewer: Viewer, role: string | undefined): boolean {
  return !isExternal(viewer) || role !== undefined;
}

/** Budgets: admins, finance, and the project's managers. */
export function canSeeBudget(viewer: Viewer, role: string | undefined): boolean {
  return viewer.isAdmin || isFinance(viewer) || isProjectManagerRole(role);
}

/**
 * Hourly rates: admins, finance, and the managers of the project the rate is shown in, and
 * never a caller whose role in that project is listed in its hideHourlyRateForRoles. Without a
 * project (a person's default rate), admins and finance only.
 */
export function canSeeRate(viewer: Viewer, role: string | undefined, hiddenRoles: readonly string[]): boolean {
  if (role !== undefined && hiddenRoles.includes(role)) return false;
  return viewer.isAdmin || isFinance(viewer) || isProjectManagerRole(role);
}

export async function canSeeRateIn(db: Db | DbTx, viewer: Viewer, projectId: string | null | undefined): Promise<boolean> {
  if (!projectId) return viewer.isAdmin || isFinance(viewer);
  const access = accessOf(db, viewer);
  const [role, hidden] = await Promise.all([access.projectRole(projectId), access.hiddenRateRoles(projectId)]);
  return canSeeRate(viewer, role, hidden);
}

/** Invoices: admins, finance, and the managers of the invoice's finance project. */
export function canReadInvoice(viewer: Viewer, financeProjectRole: string | undefined): boolean {
  return viewer.isAdmin || isFinance(viewer) || isProjectManagerRole(financeProjectRole);
}

/** Invoice numberings are finance configuration. */
export const canReadInvoiceNumbering = (viewer: Viewer): boolean => viewer.isAdmin || isFinance(viewer);

/** E18: the currency dictionary changes every invoice's default: admins and finance only. */
export const canCreateCurrency = (viewer: Viewer): boolean => viewer.isAdmin || isFinance(viewer);

/** Creating projects and editing shared dictionaries (task types): admins and the pm user role. */
export const canCreateProjects = (viewer: Viewer): boolean => viewer.isAdmin || viewer.roles.includes(Role.pm);

/** CRM (notes, contractors' internal data) and the calendar (vacations) are internal: staff only. */
export const canReadCrm = (viewer: Viewer): boolean => !isExternal(viewer);
export const canReadCalendar = (viewer: Viewer): boolean => !isExternal(viewer);

/** Project templates: staff; a private one only its author and admins. */
export function canReadTemplate(viewer: Viewer, template: { isPublic: boolean; createdById: string | null }): boolean {
  if (isExternal(viewer)) return false;
  return template.isPublic || template.createdById === viewer.id || viewer.isAdmin;
}

/** A shortcut is its owner's alone. */
export const canReadShortcut = (viewer: Viewer, ownerId: string): boolean => ownerId === viewer.id;

/** Admins and HR manage everyone; a department leader manages the members of the departments they lead. */
export function canManagePerson(viewer: Viewer, led: Set<string>, personDepartmentIds: string[]): boolean {
  if (viewer.isAdmin || isHr(viewer)) return true;
  return personDepartmentIds.some((d) => led.has(d));
}

/** Who manages a person's vacations (`Vacation.permissions.canManage`): admins, and leaders of a department of that person. */
export function canManageVacationsOf(viewer: Viewer, led: Set<string>, personDepartmentIds: string[]): boolean {
  if (viewer.isAdmin) return true;
  return personDepartmentIds.some((d) => led.has(d));
}

/** Staff contact data (phone numbers): staff, and each person their own. */
export const canSeeContact = (viewer: Viewer, userId: string): boolean => !isExternal(viewer) || viewer.id === userId;

/** Account security (2FA, API-token permission, last activity): the person, admins and HR. */
export const canSeeSecurity = (viewer: Viewer, userId: string): boolean => viewer.id === userId || viewer.isAdmin || isHr(viewer);

/** Timesheets: staff read every timesheet; an external user only their own time. */
export function canReadTimesheetOf(viewer: Viewer, userIds: readonly string[] | null | undefined): boolean {
  if (!isExternal(viewer)) return true;
  return !!userIds && userIds.length > 0 && userIds.every((id) => id === viewer.id);
}

/**
 * E1/E2: the member themself, the topic's owner or an admin may change a membership. A caller
 * outside the topic learns nothing about who belongs to it: the answer is the same NOT_FOUND as
 * for a missing topic or membership.
 */
export async function assertMayChangeMembership(db: Db | DbTx, viewer: Viewer, topicId: string, userId: string, targetExists: boolean): Promise<void> {
  // one answer (and one field) for a missing topic, a missing membership and a caller outside the topic
  const notFound = () => new NotFoundError("Chat topic membership", undefined, "userId");
  if (viewer.isAdmin) {
    if (!targetExists) throw notFound();
    return;
  }
  const mine = await accessOf(db, viewer).topicMembership(topicId);
  if (!mine.member || !targetExists) throw notFound();
  if (viewer.id !== userId && !mine.owner) {
    throw new ForbiddenError("Only the member, an owner of the topic or an admin may change this membership.");
  }
}

/** Throws FORBIDDEN unless the caller may manage the project. */
export async function assertCanManageProject(db: Db | DbTx, viewer: Viewer, projectId: string): Promise<void> {
  if (viewer.isAdmin) return;
  const role = await accessOf(db, viewer).projectRole(projectId);
  if (!canManageProject(viewer, role)) throw new ForbiddenError("Only an admin or a project manager of this project may do this.");
}

/** Throws FORBIDDEN unless the caller is an admin or assigned to the project in any role. */
export async function assertProjectMember(db: Db | DbTx, viewer: Viewer, projectId: string): Promise<void> {
  if (viewer.isAdmin) return;
  const role = await accessOf(db, viewer).projectRole(projectId);
  if (role === undefined) throw new ForbiddenError("Only members of this project may do this.");
}

/**
 * Throws NOT_FOUND (named `what`, on the argument `field`, as for a missing object) unless the
 * caller may read the project's objects: to an external user a project they are not in is
 * indistinguishable from a missing one.
 */
export async function assertCanReadProject(db: Db | DbTx, viewer: Viewer, projectId: string, what: string, field: string): Promise<void> {
  if (!isExternal(viewer)) return;
  const role = await accessOf(db, viewer).projectRole(projectId);
  if (!canReadProject(viewer, role)) throw new NotFoundError(what, projectId, field);
}

export const TEMPLATE_REFUSAL = "Only staff may see project templates, and a private one only its author and admins.";

export function assertPmOrAdmin(viewer: Viewer, what: string): void {
  if (canCreateProjects(viewer)) return;
  throw new ForbiddenError(`Only an admin or a project manager (role ${Role.pm}) may ${what}.`);
}

export function assert(allowed: boolean, message: string): void {
  if (!allowed) throw new ForbiddenError(message);
}
