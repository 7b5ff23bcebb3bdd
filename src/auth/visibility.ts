import { defaultFieldResolver, isNonNullType, type GraphQLSchema } from "graphql";
import type { Db, DbTx } from "../db/client";
import type { Viewer } from "./authenticate";
import {
  accessOf,
  canReadCalendar,
  canReadCrm,
  canReadInvoice,
  canReadInvoiceNumbering,
  canReadProject,
  canReadShortcut,
  canReadTemplate,
  canSeeBudget,
  canSeeContact,
  canSeeRateIn,
  canSeeSecurity,
  isExternal,
} from "./policy";

// ---------------------------------------------------------------------------------------------
// Field visibility: a field the caller may not see is null, however the object was read (a root
// field, a nested object, `_entities`). The rules are applied on the GraphQL schema, next to the
// data, so services and their queries need not know them.
// ---------------------------------------------------------------------------------------------

/** The project an object's hourly rate is shown in; set by the services that know it. */
export const RATE_PROJECT = Symbol("rateProject");

/** Marks `obj` as shown in `projectId` (for the hourly-rate rule); returns it. */
export function inProject<T extends object>(obj: T, projectId: string | null | undefined): T {
  if (projectId) Object.defineProperty(obj, RATE_PROJECT, { value: projectId, enumerable: false });
  return obj;
}

type Source = Record<string | symbol, unknown>;

export interface FieldRule {
  /** `Type.field` of every object type the rule covers */
  fields: string[];
  /** what the README says about it */
  rule: string;
  visible(db: Db, viewer: Viewer, source: Source): boolean | Promise<boolean>;
}

const USER_REF_TYPES = ["User", "UserRef", "ProjectUserRef", "CalendarUserRef", "RiskUserRef", "NoteUserRef"];

export const FIELD_RULES: FieldRule[] = [
  {
    fields: ["ProjectUserRef.hourlyRate", "AssignedProjectUser.hourlyRate"],
    rule: "admins, finance and the project's managers, never a role listed in the project's hideHourlyRateForRoles",
    visible: (db, viewer, source) => canSeeRateIn(db, viewer, source[RATE_PROJECT] as string | undefined),
  },
  {
    fields: ["Project.budget", "ProjectGantt.budget"],
    rule: "admins, finance and the project's managers",
    // admins and finance need no lookup; others' role in the project decides
    visible: async (db, viewer, source) =>
      canSeeBudget(viewer, undefined) || canSeeBudget(viewer, await accessOf(db, viewer).projectRole(String(source.id))),
  },
  {
    fields: USER_REF_TYPES.map((t) => `${t}.phoneNumber`),
    rule: "staff, and each person their own",
    visible: (_db, viewer, source) => canSeeContact(viewer, String(source.id)),
  },
  {
    fields: ["twoFactorAuth", "allowApiTokenAuthentication", "lastActivity", "lastActivityMobile"].map((f) => `User.${f}`),
    rule: "the person, admins and HR",
    visible: (_db, viewer, source) => canSeeSecurity(viewer, String(source.id)),
  },
];

/**
 * Wraps the resolver of every field a rule covers: hidden means null. A rule on a non-nullable
 * field would turn a refusal into an error that nulls the parent, so that is refused at start.
 */
export function applyFieldPolicies(schema: GraphQLSchema): void {
  for (const rule of FIELD_RULES) {
    for (const name of rule.fields) {
      const [typeName, fieldName] = name.split(".");
      const type = schema.getType(typeName) as { getFields?: () => Record<string, import("graphql").GraphQLField<unknown, { db: Db; viewer: Viewer }>> } | undefined;
      const field = type?.getFields?.()[fieldName];
      if (!field) throw new Error(`Field policy names ${name}, which the schema does not have`);
      if (isNonNullType(field.type)) throw new Error(`Field policy on ${name} needs the field to be nullable`);
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = async (source, args, ctx, info) => {
        if (!(await rule.visible(ctx.db, ctx.viewer, source as Source))) return null;
        return resolve(source, args, ctx, info);
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// `_entities`: a reference resolves to null wherever the root read would refuse the caller.
// Each rule answers which of a batch of ids the caller may read, in a bounded number of
// statements (none for most callers).
// ---------------------------------------------------------------------------------------------

type Readable = (db: Db, viewer: Viewer, ids: string[]) => Promise<Set<string>>;

const all = (ids: string[]) => new Set(ids);
const none = () => new Set<string>();

/** Reference data every signed-in user reads. */
const anyone: Readable = async (_db, _viewer, ids) => all(ids);
/** Internal data: staff only. */
const staff: Readable = async (_db, viewer, ids) => (isExternal(viewer) ? none() : all(ids));

/** Objects of projects: staff, and external users assigned to the project. */
function ofProject(projectOf: (db: Db, ids: string[]) => Promise<Array<{ id: string; projectId: string | null }>>): Readable {
  return async (db, viewer, ids) => {
    if (!isExternal(viewer)) return all(ids);
    const rows = await projectOf(db, ids);
    const roles = await accessOf(db, viewer).projectRoles(rows.flatMap((r) => (r.projectId ? [r.projectId] : [])));
    return new Set(rows.filter((r) => r.projectId && canReadProject(viewer, roles.get(r.projectId))).map((r) => r.id));
  };
}

/** Objects of a project's tasks that only the project's people see (comments): admins and members. */
function ofProjectMembers(projectOf: (db: Db, ids: string[]) => Promise<Array<{ id: string; projectId: string }>>): Readable {
  return async (db, viewer, ids) => {
    if (viewer.isAdmin) return all(ids);
    const rows = await projectOf(db, ids);
    const roles = await accessOf(db, viewer).projectRoles(rows.map((r) => r.projectId));
    return new Set(rows.filter((r) => roles.has(r.projectId)).map((r) => r.id));
  };
}

function ofInvoice(invoiceOf: (db: Db, ids: string[]) => Promise<Array<{ id: string; financeProjectId: string | null }>>): Readable {
  return async (db, viewer, ids) => {
    if (canReadInvoice(viewer, undefined)) return all(ids);
    const rows = await invoiceOf(db, ids);
    const roles = await accessOf(db, viewer).projectRoles(rows.flatMap((r) => (r.financeProjectId ? [r.financeProjectId] : [])));
    return new Set(rows.filter((r) => r.financeProjectId && canReadInvoice(viewer, roles.get(r.financeProjectId))).map((r) => r.id));
  };
}

const where = (ids: string[]) => ({ where: { id: { in: ids } } });
const commentProject = async (db: Db, ids: string[], key: "taskCommentMention" | "taskCommentReaction") => {
  const rows = await (db[key] as Db["taskCommentMention"]).findMany({ ...where(ids), select: { id: true, comment: { select: { task: { select: { projectId: true } } } } } });
  return rows.map((r) => ({ id: r.id, projectId: r.comment.task.projectId }));
};

/** The read rule of every entity, by type name. An entity without one is refused at start. */
export const ENTITY_READ: Record<string, { rule: string; readable: Readable }> = {
  // reference data and people
  CurrencyDictionary: { rule: "any signed-in user", readable: anyone },
  CustomFieldDefinition: { rule: "any signed-in user", readable: anyone },
  CustomFieldOption: { rule: "any signed-in user", readable: anyone },
  TaskType: { rule: "any signed-in user", readable: anyone },
  VacationType: { rule: "any signed-in user", readable: anyone },
  User: { rule: "any signed-in user (contact and security fields by their own rules)", readable: anyone },
  UserDepartment: { rule: "any signed-in user", readable: anyone },
  // internal
  ProjectNumbering: { rule: "staff", readable: staff },
  Note: { rule: "staff (CRM)", readable: async (db, v, ids) => (canReadCrm(v) ? all(ids) : none()) },
  NoteStatus: { rule: "staff (CRM)", readable: async (db, v, ids) => (canReadCrm(v) ? all(ids) : none()) },
  NoteContractor: { rule: "staff (CRM)", readable: async (db, v, ids) => (canReadCrm(v) ? all(ids) : none()) },
  Vacation: { rule: "staff (calendar)", readable: async (db, v, ids) => (canReadCalendar(v) ? all(ids) : none()) },
  VacationComment: { rule: "staff (calendar)", readable: async (db, v, ids) => (canReadCalendar(v) ? all(ids) : none()) },
  VacationDate: { rule: "staff (calendar)", readable: async (db, v, ids) => (canReadCalendar(v) ? all(ids) : none()) },
  // project objects
  Project: { rule: "staff; external users in their projects", readable: ofProject(async (_db, ids) => ids.map((id) => ({ id, projectId: id }))) },
  ProjectGantt: { rule: "staff; external users in their projects", readable: ofProject(async (_db, ids) => ids.map((id) => ({ id, projectId: id }))) },
  ProjectSettings: { rule: "staff; external users in their projects", readable: ofProject(async (_db, ids) => ids.map((id) => ({ id, projectId: id }))) },
  Stage: { rule: "staff; external users in their projects", readable: ofProject((db, ids) => db.stage.findMany({ ...where(ids), select: { id: true, projectId: true } })) },
  Milestone: { rule: "staff; external users in their projects", readable: ofProject((db, ids) => db.milestone.findMany({ ...where(ids), select: { id: true, projectId: true } })) },
  GanttLink: { rule: "staff; external users in their projects", readable: ofProject((db, ids) => db.ganttLink.findMany({ ...where(ids), select: { id: true, projectId: true } })) },
  Risk: { rule: "staff; external users in their projects", readable: ofProject((db, ids) => db.risk.findMany({ ...where(ids), select: { id: true, projectId: true } })) },
  AssignedProjectUser: {
    rule: "staff; external users in their projects",
    readable: ofProject((db, ids) => db.projectUserAssignment.findMany({ ...where(ids), select: { id: true, projectId: true } })),
  },
  AssignedBoardUser: {
    rule: "staff; external users in their projects",
    readable: ofProject(async (db, ids) =>
      (await db.assignedBoardUser.findMany({ ...where(ids), select: { id: true, board: { select: { projectId: true } } } })).map((r) => ({ id: r.id, projectId: r.board.projectId })),
    ),
  },
  TaskChecklist: {
    rule: "staff; external users in their projects",
    readable: ofProject(async (db, ids) =>
      (await db.taskChecklist.findMany({ ...where(ids), select: { id: true, task: { select: { projectId: true } } } })).map((r) => ({ id: r.id, projectId: r.task.projectId })),
    ),
  },
  TaskChecklistItem: {
    rule: "staff; external users in their projects",
    readable: ofProject(async (db, ids) =>
      (await db.taskChecklistItem.findMany({ ...where(ids), select: { id: true, checklist: { select: { task: { select: { projectId: true } } } } } })).map((r) => ({
        id: r.id,
        projectId: r.checklist.task.projectId,
      })),
    ),
  },
  File: {
    rule: "staff; external users in their projects",
    readable: ofProject(async (db, ids) =>
      (
        await db.file.findMany({
          ...where(ids),
          select: { id: true, projectId: true, task: { select: { projectId: true } }, taskComment: { select: { task: { select: { projectId: true } } } } },
        })
      ).map((r) => ({ id: r.id, projectId: r.projectId ?? r.task?.projectId ?? r.taskComment?.task.projectId ?? null })),
    ),
  },
  TaskComment: {
    rule: "admins and members of the task's project (the share token is the root field's way in)",
    readable: ofProjectMembers(async (db, ids) =>
      (await db.taskComment.findMany({ ...where(ids), select: { id: true, task: { select: { projectId: true } } } })).map((r) => ({ id: r.id, projectId: r.task.projectId })),
    ),
  },
  TaskCommentMention: { rule: "as its comment", readable: ofProjectMembers((db, ids) => commentProject(db, ids, "taskCommentMention")) },
  TaskCommentReaction: { rule: "as its comment", readable: ofProjectMembers((db, ids) => commentProject(db, ids, "taskCommentReaction")) },
  // finance
  Invoice: {
    rule: "admins, finance, and managers of the invoice's finance project",
    readable: ofInvoice((db, ids) => db.invoice.findMany({ ...where(ids), select: { id: true, financeProjectId: true } })),
  },
  InvoiceCost: {
    rule: "as its invoice",
    readable: ofInvoice(async (db, ids) =>
      (await db.invoiceCost.findMany({ ...where(ids), select: { id: true, invoice: { select: { financeProjectId: true } } } })).map((r) => ({ id: r.id, financeProjectId: r.invoice.financeProjectId })),
    ),
  },
  InvoiceIncome: {
    rule: "as its invoice",
    readable: ofInvoice(async (db, ids) =>
      (await db.invoiceIncome.findMany({ ...where(ids), select: { id: true, invoice: { select: { financeProjectId: true } } } })).map((r) => ({ id: r.id, financeProjectId: r.invoice.financeProjectId })),
    ),
  },
  InvoiceNumbering: { rule: "admins and finance", readable: async (_db, v, ids) => (canReadInvoiceNumbering(v) ? all(ids) : none()) },
  // personal and restricted
  ProjectTemplate: {
    rule: "staff: public templates, a private one its author and admins",
    readable: async (db, v, ids) => {
      if (isExternal(v)) return none();
      const rows = await db.projectTemplate.findMany({ ...where(ids), select: { id: true, isPublic: true, createdById: true } });
      return new Set(rows.filter((r) => canReadTemplate(v, r)).map((r) => r.id));
    },
  },
  Shortcut: {
    rule: "its owner",
    readable: async (db, v, ids) => {
      const rows = await db.shortcut.findMany({ ...where(ids), select: { id: true, userId: true } });
      return new Set(rows.filter((r) => canReadShortcut(v, r.userId)).map((r) => r.id));
    },
  },
  AssignedChatTopicUser: {
    rule: "admins and members of the topic",
    readable: async (db, v, ids) => {
      if (v.isAdmin) return all(ids);
      const rows = await db.assignedChatTopicUser.findMany({ ...where(ids), select: { id: true, topicId: true } });
      const mine = await db.assignedChatTopicUser.findMany({
        where: { userId: v.id, topicId: { in: [...new Set(rows.map((r) => r.topicId))] } },
        select: { topicId: true },
      });
      const topics = new Set(mine.map((m) => m.topicId));
      return new Set(rows.filter((r) => topics.has(r.topicId)).map((r) => r.id));
    },
  },
};

/** Which of `ids` of entity `typeName` the caller may read; an entity without a rule is read by no one. */
export async function readableIds(db: Db | DbTx, viewer: Viewer, typeName: string, ids: string[]): Promise<Set<string>> {
  const entry = ENTITY_READ[typeName];
  if (!entry || ids.length === 0) return new Set();
  return entry.readable(db as Db, viewer, ids);
}
