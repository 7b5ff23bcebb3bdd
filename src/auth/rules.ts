import { sql, type ExpressionBuilder } from "kysely";
import { PROJECT_MANAGER_ROLES, Role } from "../domain/value-sets";
import type { SqlDialect } from "../db/sql";
import type { Tables } from "../db/tables";
import { ForbiddenError, NotFoundError } from "../errors/errors";
import type { Viewer } from "./authenticate";
import { rule, subjectSql, type SqlSubject } from "./rule";

/**
 * Who may see and do what: every access rule of the API, each one object (src/auth/rule.ts) with
 * its decision, its SQL form and its refusal. The schema declares where each applies
 * (`@Authorized(rules.x)` on root fields, `readBy(rules.x, ...)` on entities, `@VisibleTo(rules.x)`
 * on fields); the README's table "Who may see and do what" shows their texts, and
 * test/policy-matrix.test.ts runs every cell of it through GraphQL.
 */

const isFinance = (v: Viewer): boolean => v.roles.includes(Role.finance);
const isHr = (v: Viewer): boolean => v.roles.includes(Role.hr);
/** External users (a client's or a subcontractor's staff) see only what they work on. */
const isExternal = (v: Viewer): boolean => v.isExternal === true;
const isStaff = (v: Viewer): boolean => !isExternal(v);
const isProjectManagerRole = (role: string | undefined): boolean => role !== undefined && PROJECT_MANAGER_ROLES.includes(role);

type Eb = ExpressionBuilder<Tables, never>;

/**
 * Whether the caller has a row in `from` (a membership: `"Table as alias"`, the alias unique in
 * the statements it joins) whose `column` is the subject (an SQL subject), with a role among
 * `roles` when given.
 */
function callerRowSql(d: SqlDialect, eb: Eb, from: string, column: string, subject: SqlSubject, me: string, roles?: readonly string[]) {
  const alias = from.split(" as ")[1];
  return eb.exists(
    eb
      .selectFrom(from as "ProjectUserAssignment as ra")
      .select(sql.lit(1).as("one"))
      .where(sql<boolean>`${sql.ref(`${alias}.${column}`)} = ${subjectSql(subject)}`)
      .where(sql.ref(`${alias}.userId`), "=", me)
      .$if(roles !== undefined, (q) => q.where((e) => d.inList(e.ref(`${alias}.role` as "ra.role"), roles!, "text"))),
  );
}

/** The caller's assignment to the project `projectId` (an SQL subject), with a role among `roles` when given. */
const assignedSql = (d: SqlDialect, eb: Eb, projectId: SqlSubject, me: string, roles?: readonly string[]) =>
  callerRowSql(d, eb, "ProjectUserAssignment as ra", "projectId", projectId, me, roles);

/** Whether the caller leads a department of the person `personId` (an SQL subject). */
function leadsSql(eb: Eb, personId: SqlSubject, me: string) {
  return eb.exists(
    eb
      .selectFrom("UserDepartment as m")
      .innerJoin("UserDepartment as lead", "lead.departmentId", "m.departmentId")
      .select(sql.lit(1).as("one"))
      .where(sql<boolean>`${sql.ref("m.userId")} = ${subjectSql(personId)}`)
      .where("lead.userId", "=", me)
      .where("lead.isLeader", "=", sql.lit(true)),
  );
}

const forbidden = (message: string) => () => new ForbiddenError(message);

/** A rule the caller alone decides (and the root field's arguments, where it reads them). */
const byViewer = (text: string, decide: (v: Viewer, args?: Readonly<Record<string, unknown>>) => boolean, refusal: string) =>
  rule({ text, decide, refusal: forbidden(refusal) });

/** Admins and finance users; the others are refused ("Only an admin or a finance user may <what>."). */
const byFinance = (text: string, what: string) =>
  byViewer(text, (v) => v.isAdmin || isFinance(v), `Only an admin or a finance user may ${what}.`);

/** Admins and holders of the pm role; the others are refused ("Only an admin or a project manager (role pm) may <what>."). */
const byPm = (what: string) =>
  byViewer(
    "admins and holders of the pm role",
    (v) => v.isAdmin || v.roles.includes(Role.pm),
    `Only an admin or a project manager (role ${Role.pm}) may ${what}.`,
  );

const managerRefusal = "Only an admin or a project manager of this project may do this.";

export const rules = {
  signedIn: rule({ text: "any signed-in user", decide: () => true }),

  /** Reached only through its parent object, which its own rule already let through. */
  asParent: rule({ text: "as the object it belongs to", decide: () => true }),

  /** E12: the share token is the way in. */
  shareToken: rule({ text: "any signed-in user holding the task's share token", decide: () => true }),

  /** E20: every caller for themself. */
  self: rule({ text: "any signed-in user, for themself", decide: () => true }),

  staff: byViewer("staff", isStaff, "Only staff may do this."),
  /**
   * TRUSTED_DOCUMENTS=allow: who may run documents that are not in the manifest (the playground,
   * an operator's script); everyone else gets QUERY_NOT_IN_SAFELIST (src/server/trusted-documents.ts).
   */
  unregisteredDocuments: rule({
    text: "admins only (the playground, an operator's script); everyone else runs the registered documents (403)",
    decide: (v) => v.isAdmin,
  }),
  crm: byViewer("staff (CRM is internal)", isStaff, "CRM notes are internal: external users may not read them."),
  calendar: byViewer("staff (the calendar is internal)", isStaff, "The vacation calendar is internal: external users may not read it."),
  /** E18: the currency dictionary changes every invoice's default. */
  currencies: byFinance("admins and finance (a new default currency changes every invoice)", "add currencies"),
  invoiceNumberings: byFinance("admins and finance", "read invoice numberings"),
  createProjects: byPm("create projects"),
  /** Task types are shared by every project. */
  editTaskTypes: byPm("change task types"),

  /** E16: timesheets. */
  timesheets: byViewer(
    "staff; an external user only their own time",
    (v, args) => {
      if (!isExternal(v)) return true;
      const users = args?.users as readonly string[] | null | undefined;
      return !!users && users.length > 0 && users.every((id) => id === v.id);
    },
    "External users may read only their own time: pass users: [<your id>].",
  ),

  /** The subject is a project where a refusal hides it: NOT_FOUND naming `what`, on the argument `field`. */
  readProject: rule<{ projectId: string; what: string; field: string }>({
    text: "staff; an external user only in projects they are assigned to (another is as if missing)",
    decide: (v) => (isExternal(v) ? undefined : true),
    holds: async (access, s, via) => (await access.projectRole(s.projectId, via)) !== undefined,
    refusal: (s) => new NotFoundError(s!.what, s!.projectId, s!.field),
    sql: (d, eb, projectId, me) => assignedSql(d, eb, projectId, me),
  }),

  manageProject: rule<string>({
    text: "admins and the project's managers (pm-active, pm-passive)",
    decide: (v) => (v.isAdmin ? true : undefined),
    holds: async (access, projectId, via) => isProjectManagerRole(await access.projectRole(projectId, via)),
    refusal: forbidden(managerRefusal),
    sql: (d, eb, projectId, me) => assignedSql(d, eb, projectId, me, PROJECT_MANAGER_ROLES),
  }),

  projectMember: rule<string>({
    text: "admins and members of the project (any role)",
    decide: (v) => (v.isAdmin ? true : undefined),
    holds: async (access, projectId, via) => (await access.projectRole(projectId, via)) !== undefined,
    refusal: forbidden("Only members of this project may do this."),
    sql: (d, eb, projectId, me) => assignedSql(d, eb, projectId, me),
  }),

  readInvoice: rule<string>({
    text: "admins, finance, and managers of the invoice's finance project",
    decide: (v) => (v.isAdmin || isFinance(v) ? true : undefined),
    holds: async (access, projectId, via) => isProjectManagerRole(await access.projectRole(projectId, via)),
    sql: (d, eb, projectId, me) => assignedSql(d, eb, projectId, me, PROJECT_MANAGER_ROLES),
  }),

  /**
   * E4: admins and finance create any invoice; a project manager those booked to their project
   * (and names, corrects or settles only invoices booked to one of theirs).
   */
  issueInvoice: rule<{ projectId: string | null; relatedProjectId: string | null }>({
    text: "admins, finance, and managers of the project the invoice is booked to",
    decide: (v) => (v.isAdmin || isFinance(v) ? true : undefined),
    holds: async (access, s, via) => {
      if (!s.projectId) throw new ForbiddenError("Only an admin or a finance user may create invoices outside projects.");
      const managed = async (projectId: string) => isProjectManagerRole(await access.projectRole(projectId, via));
      return (
        (await managed(s.projectId)) && (!s.relatedProjectId || s.relatedProjectId === s.projectId || (await managed(s.relatedProjectId)))
      );
    },
    refusal: forbidden(managerRefusal),
  }),

  /** Project templates: staff; a private one only its author and admins. The subject in SQL is the template row's alias. */
  readTemplate: rule<{ isPublic: boolean; createdById: string | null }>({
    text: "staff: public templates; a private one its author and admins",
    decide: (v) => (isExternal(v) ? false : v.isAdmin ? true : undefined),
    holds: (access, t) => t.isPublic || t.createdById === access.viewer.id,
    refusal: forbidden("Only staff may see project templates, and a private one only its author and admins."),
    sql: (_d, eb, row, me) =>
      eb.or([eb(sql.ref(`${String(row)}.isPublic`), "=", sql.lit(true)), eb(sql.ref(`${String(row)}.createdById`), "=", me)]),
  }),

  shortcutOwner: rule<string>({
    text: "its owner only",
    decide: () => undefined,
    holds: (access, ownerId) => ownerId === access.viewer.id,
    sql: (_d, eb, ownerId, me) => eb(subjectSql(ownerId), "=", me),
  }),

  topicMember: rule<string>({
    text: "admins and members of the topic",
    decide: (v) => (v.isAdmin ? true : undefined),
    holds: async (access, topicId, via) => (await access.topicMembership(topicId, via)).member,
    sql: (d, eb, topicId, me) => callerRowSql(d, eb, "AssignedChatTopicUser as tm", "topicId", topicId, me),
  }),

  /**
   * E1/E2: the member themself, the topic's owner or an admin may change a membership. A caller
   * outside the topic learns nothing about who belongs to it: the answer is the same NOT_FOUND as
   * for a missing topic or membership.
   */
  changeMembership: rule<{ topicId: string; userId: string; exists: boolean }>({
    text: "the member, the topic's owner, admins; a caller outside the topic gets NOT_FOUND, as for a missing topic",
    decide: (v) => (v.isAdmin ? true : undefined),
    holds: async (access, s, via) => {
      const mine = await access.topicMembership(s.topicId, via);
      if (!mine.member || !s.exists) throw new NotFoundError("Chat topic membership", undefined, "userId");
      return access.viewer.id === s.userId || mine.owner;
    },
    refusal: forbidden("Only the member, an owner of the topic or an admin may change this membership."),
  }),

  /** Admins manage every contractor; otherwise the users who look after it (its attendants) do (`NoteContractor.canManage`). */
  manageContractor: rule<string>({
    text: "admins and the contractor's attendants",
    decide: (v) => (v.isAdmin ? true : undefined),
    sql: (d, eb, contractorId, me) => callerRowSql(d, eb, "ContractorAttendant as ka", "contractorId", contractorId, me),
  }),

  /** Admins and HR manage everyone; a department leader manages the members of the departments they lead (`User.canManage`). */
  managePerson: rule<string>({
    text: "admins, HR, and leaders of a department of the person",
    decide: (v) => (v.isAdmin || isHr(v) ? true : undefined),
    sql: (_d, eb, personId, me) => leadsSql(eb, personId, me),
  }),

  /** Who manages a person's vacations (`Vacation.permissions.canManage`): admins, and leaders of a department of that person. */
  manageVacationsOf: rule<string>({
    text: "admins, and leaders of a department of the person",
    decide: (v) => (v.isAdmin ? true : undefined),
    sql: (_d, eb, personId, me) => leadsSql(eb, personId, me),
  }),

  // ─── fields (`@VisibleTo`): hidden means null ───

  contact: rule<{ id: string }>({
    text: "staff, and each person their own",
    decide: (v) => (isExternal(v) ? undefined : true),
    holds: (access, person) => person.id === access.viewer.id,
  }),

  /** Account security (2FA, API-token permission, last activity): the person, admins and HR. */
  security: rule<{ id: string }>({
    text: "the person, admins and HR",
    decide: (v) => (v.isAdmin || isHr(v) ? true : undefined),
    holds: (access, person) => person.id === access.viewer.id,
  }),

  budget: rule<{ id: string }>({
    text: "admins, finance and the project's managers",
    decide: (v) => (v.isAdmin || isFinance(v) ? true : undefined),
    holds: async (access, project) => isProjectManagerRole(await access.projectRole(project.id)),
  }),

  /**
   * Hourly rates: admins, finance, and the managers of the project the rate is shown in (the
   * object is marked with it, see `inProject`), and never a caller whose role in that project is
   * listed in its hideHourlyRateForRoles. Without a project (a person's default rate), admins and
   * finance only.
   */
  rate: rule<object>({
    text: "admins, finance and the project's managers, never a role listed in the project's hideHourlyRateForRoles",
    decide: () => undefined,
    holds: async (access, shown) => {
      const viewer = access.viewer;
      const projectId = (shown as Record<symbol, string | undefined>)[RATE_PROJECT];
      if (!projectId) return viewer.isAdmin || isFinance(viewer);
      const [role, hidden] = await Promise.all([access.projectRole(projectId), access.hiddenRateRoles(projectId)]);
      if (role !== undefined && hidden.includes(role)) return false;
      return viewer.isAdmin || isFinance(viewer) || isProjectManagerRole(role);
    },
  }),
};

/** The project an object's hourly rate is shown in; set by the reads that know it. */
const RATE_PROJECT = Symbol("rateProject");

/** Marks `obj` as shown in `projectId` (for the hourly-rate rule); returns it. */
export function inProject<T extends object>(obj: T, projectId: string | null | undefined): T {
  if (projectId) Object.defineProperty(obj, RATE_PROJECT, { value: projectId, enumerable: false });
  return obj;
}

/** Whether a role in a project manages it (pm-active, pm-passive): the project's flags (`canManage`, `canEdit`). */
export function managesProject(viewer: Viewer, role: string | undefined): boolean {
  return viewer.isAdmin || isProjectManagerRole(role);
}
