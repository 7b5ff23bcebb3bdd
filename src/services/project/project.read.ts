import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { SqlDialect } from "../../db/sql";
import type { CustomFieldDefinitionTable, ProjectNumberingTable, Tables } from "../../db/tables";
import { Prisma } from "../../db/client";
import type { CustomFieldDefinition } from "../../types/project/custom-field-definition.type";
import type { CustomFieldOption } from "../../types/project/custom-field-option.type";
import type { CustomFieldUser } from "../../types/project/custom-field-user.type";
import type { IdName } from "../../types/shared/id-name.type";
import type { ReadPort } from "../../db/database";
import type { Viewer } from "../../auth/authenticate";
import type { AssignedBoardUser } from "../../types/project/assigned-board-user.type";
import type { AssignedProjectUser } from "../../types/project/assigned-project-user.type";
import type { Project } from "../../types/project/project.type";

import type { ProjectNumbering } from "../../types/project/project-numbering.type";
import type { ProjectSettings } from "../../types/project/project-settings.type";
import type { Risk } from "../../types/project/risk.type";
import type { Stage } from "../../types/project/stage.type";
import { parseJson, toBool, toDate, toDateRequired, toDecimalNumber, toInt } from "../../db/row-values";
import { inProject, managesProject, rules } from "../../auth/rules";
import { PROJECT_MANAGER_ROLES } from "../../domain/value-sets";
import { idNamesOf, linkedNamesJson } from "../shared/json";
import { progressShare } from "../task/task-tallies";
import { toProjectUserRef, toRiskUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { readBy } from "../../auth/rule";
import { defineEntity } from "../../federation/entity-registry";

/**
 * The custom field values of an owner (a contractor, a project template: `owner` names the
 * CustomFieldValue column and `ownerId` the outer column) as one JSON array, by the definition's
 * weight then id, each with its definition, department, select options (by weight) and users
 * (by last name, first name).
 */
export function customFieldValuesJson(
  d: SqlDialect,
  eb: ExpressionBuilder<Tables, never>,
  owner: "cv.contractorId" | "cv.projectTemplateId",
  ownerId: string,
): RawBuilder<unknown> {
  return d.jsonArray(eb
      .selectFrom("CustomFieldValue as cv")
      .innerJoin("CustomFieldDefinition as cd", "cd.id", "cv.definitionId")
      .select([
        "cv.id", "cv.valueText", "cv.valueDateTime",
        "cd.id as definitionId", "cd.name", "cd.weight", "cd.description", "cd.scope", "cd.dataType", "cd.floatDisplayType",
        "cd.floatDecimalPlaces", "cd.floatCurrencyCode",
      ])
      // PostgreSQL's JSON would turn the numeric into a float: read it as its exact text
      .select(d.exact("cv.valueFloat").as("valueFloat"))
      .select((e) => [
        d.jsonObject(e.selectFrom("Department as vd").select(["vd.id", "vd.name"]).whereRef("vd.id", "=", "cv.valueDepartmentId")).as("valueDepartment"),
        d.jsonArray(e
            .selectFrom("CustomFieldValueSelectOption as vo")
            .innerJoin("CustomFieldSelectOption as o", "o.id", "vo.optionId")
            .select(["o.id", "o.value", "o.weight", "o.decorator"])
            .whereRef("vo.valueId", "=", "cv.id")
            .orderBy("o.weight")
            .orderBy("vo.id"),
        ).as("valueSelectOptions"),
        d.jsonArray(e
            .selectFrom("CustomFieldValueUser as vu")
            .innerJoin("User as u2", "u2.id", "vu.userId")
            .select(["u2.id", "u2.firstName", "u2.lastName", "u2.email", "u2.pictureSm"])
            .whereRef("vu.valueId", "=", "cv.id")
            .orderBy("u2.lastName")
            .orderBy("u2.firstName")
            .orderBy("vu.id"),
        ).as("valueSelectUsers"),
      ])
      .where(sql<boolean>`${sql.ref(owner)} = ${sql.ref(ownerId)}`)
      .orderBy("cd.weight")
      .orderBy("cv.id"),
  );
}

export interface CustomFieldValueJson extends Omit<CustomFieldDefinitionTable, "id"> {
  id: string;
  definitionId: string;
  valueText: string | null;
  valueFloat: string | number | null;
  valueDateTime: string | null;
  valueDepartment: unknown;
  valueSelectOptions: unknown;
  valueSelectUsers: unknown;
}

export function customFieldValuesOf(value: unknown): CustomFieldValueJson[] {
  return parseJson<CustomFieldValueJson[] | undefined>(value) ?? [];
}

/** The value fields shared by every custom field value shape; valueFloat is the exact stored decimal as text. */
export function customFieldValueFields(v: CustomFieldValueJson): {
  valueText: string | null;
  valueFloat: string | null;
  valueDateTime: Date | null;
  valueSelectOptions: CustomFieldOption[];
  valueSelectUsers: CustomFieldUser[];
  valueDepartment: IdName | null;
} {
  const department = parseJson<IdName | null | undefined>(v.valueDepartment) ?? null;
  return {
    valueText: v.valueText,
    // toFixed() without places: the exact stored value, never in exponent notation (as Prisma's Decimal gave it)
    valueFloat: v.valueFloat === null ? null : new Prisma.Decimal(v.valueFloat).toFixed(),
    valueDateTime: toDate(v.valueDateTime),
    valueSelectOptions: (parseJson<CustomFieldOption[] | undefined>(v.valueSelectOptions) ?? []).map((o) => ({ id: o.id, value: o.value, weight: o.weight, decorator: o.decorator })),
    valueSelectUsers: (parseJson<CustomFieldUser[] | undefined>(v.valueSelectUsers) ?? []).map((u) => ({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      pictureSm: u.pictureSm,
    })),
    valueDepartment: department ? { id: department.id, name: department.name } : null,
  };
}

export function customFieldDefinitionOf(v: CustomFieldValueJson): CustomFieldDefinition {
  return {
    id: v.definitionId,
    name: v.name,
    weight: v.weight,
    description: v.description,
    scope: v.scope,
    dataType: v.dataType,
    floatDisplayType: v.floatDisplayType,
    floatDecimalPlaces: v.floatDecimalPlaces,
    floatCurrencyCode: v.floatCurrencyCode,
  };
}

// ---------------------------------------------------------------------------------------------
// Projects, stages, risks, settings and assignments by id: the entities' batches (and the
// objects the project mutations answer with), each batch in ONE statement.
// ---------------------------------------------------------------------------------------------

/** A UUID no user has: stands in for the caller when there is none, so the statement's text stays the same. */
const NOBODY = "00000000-0000-0000-0000-000000000000";

/** An assignment of a user to a project as JSON inside the parent's statement (`pa` is the assignment). */
function assignmentColumns(d: SqlDialect, eb: ExpressionBuilder<Tables, never>) {
  return eb
    .selectFrom("ProjectUserAssignment as pa")
    .select(["pa.id", "pa.projectId", "pa.role", "pa.canReportTime"])
    // PostgreSQL's JSON would turn the numeric into a float; the Float field wants a number anyway,
    // but as text it is read exactly the way the top-level column is
    .select(d.exact("pa.hourlyRate").as("hourlyRate"))
    .select((e) => userRefJson(d, e, "pa.userId").as("user"));
}

interface AssignmentJson {
  id: string;
  projectId: string;
  role: string;
  canReportTime: boolean | number;
  hourlyRate: string | number | null;
  user: unknown;
}

function toAssignedProjectUser(row: AssignmentJson): AssignedProjectUser | null {
  const user = userRefOf(row.user);
  if (!user) return null;
  // rates are shown by the rule of this project (src/auth/visibility.ts)
  return inProject(
    {
      id: row.id,
      projectUser: inProject(toProjectUserRef(user), row.projectId),
      role: row.role,
      hourlyRate: toDecimalNumber(row.hourlyRate),
      canReportTime: toBool(row.canReportTime),
    },
    row.projectId,
  );
}

/** AssignedProjectUser entities by id, in one statement. */
export async function readAssignedProjectUsers(read: ReadPort, ids: readonly string[]): Promise<AssignedProjectUser[]> {
  const { db } = read;
  const d = read;
  const rows = await assignmentColumns(d, db as unknown as ExpressionBuilder<Tables, never>)
    .where((eb) => d.inList(eb.ref("pa.id"), ids))
    .execute();
  return rows.flatMap((r) => toAssignedProjectUser(r as AssignmentJson) ?? []);
}

/**
 * Projects for a caller in ONE statement: numbering, category, simple board, the managers (with
 * their user summaries), contractors and tags as JSON; the stage count, task tallies and reported
 * time as correlated aggregates over indexed columns; the caller's favourite mark, role and time
 * reporting right as subqueries.
 */
export async function readProjects(read: ReadPort, ids: readonly string[], viewer: Viewer | null): Promise<Project[]> {
  if (ids.length === 0) return [];
  const { db } = read;
  const d = read;
  const me = viewer?.id ?? NOBODY;
  const rows = await db
    .selectFrom("Project as p")
    .leftJoin("ProjectCategory as pc", "pc.id", "p.categoryId")
    .leftJoin("Board as sb", "sb.id", "p.simpleBoardId")
    .select([
      "p.id", "p.no", "p.description", "p.name", "p.dateStart", "p.dateEnd", "p.dateStartPlanned", "p.dateEndPlanned", "p.createdAt",
      "p.updatedAt", "p.isBlameableRemovalEnabled", "p.status", "p.shortCode", "p.isSimple", "p.budget",
      "pc.id as categoryId", "pc.name as categoryName", "sb.id as simpleBoardId", "sb.shortCode as simpleBoardShortCode",
    ])
    .select((eb) => [
      d.jsonObject(eb
          .selectFrom("ProjectNumbering as pn")
          .select(["pn.id", "pn.name", "pn.pattern", "pn.counterPadLength", "pn.counterNextValue", "pn.counterInterval", "pn.isDefault"])
          .whereRef("pn.id", "=", "p.numberingId"),
      ).as("numbering"),
      d.jsonArray(assignmentColumns(d, eb as never)
          .where(sql<boolean>`${sql.ref("pa.projectId")} = ${sql.ref("p.id")}`)
          .where((e) => d.inList(e.ref("pa.role"), [...PROJECT_MANAGER_ROLES], "text"))
          .orderBy("pa.createdAt")
          .orderBy("pa.id"),
      ).as("managers"),
      linkedNamesJson(d, eb, { link: "ProjectContractor", owner: "projectId", target: "contractorId", named: "Contractor" }, "p.id").as("contractors"),
      linkedNamesJson(d, eb, { link: "ProjectTag", owner: "projectId", target: "tagId", named: "Tag" }, "p.id").as("tags"),
      eb.exists(eb.selectFrom("ProjectFavorite as f").select(sql.lit(1).as("one")).whereRef("f.projectId", "=", "p.id").where("f.userId", "=", me)).as("isFavorite"),
      eb.selectFrom("ProjectUserAssignment as m").select("m.role").whereRef("m.projectId", "=", "p.id").where("m.userId", "=", me).as("myRole"),
      eb.selectFrom("ProjectUserAssignment as m").select("m.canReportTime").whereRef("m.projectId", "=", "p.id").where("m.userId", "=", me).as("myCanReportTime"),
      eb.selectFrom("Stage as s").select((e) => e.fn.countAll().as("n")).whereRef("s.projectId", "=", "p.id").as("stageCount"),
      eb.selectFrom("Task as t").select((e) => e.fn.countAll().as("n")).whereRef("t.projectId", "=", "p.id").as("taskCount"),
      eb.selectFrom("Task as t").select((e) => e.fn.count("t.finishedAt").as("n")).whereRef("t.projectId", "=", "p.id").as("finishedCount"),
      eb.selectFrom("Task as t").select((e) => e.fn.sum("t.timePlanned").as("n")).whereRef("t.projectId", "=", "p.id").as("timePlanned"),
      eb.selectFrom("ReportedTime as r").select((e) => e.fn.sum("r.seconds").as("n")).whereRef("r.projectId", "=", "p.id").as("timeReported"),
    ])
    .where((eb) => d.inList(eb.ref("p.id"), [...new Set(ids)]))
    .execute();

  return rows.map((row): Project => {
    const role = row.myRole ?? undefined;
    const permissions: string[] = [];
    if (viewer !== null && managesProject(viewer, role)) permissions.push("canManage");
    if (role !== undefined && toBool(row.myCanReportTime)) permissions.push("canReportTime");
    const numbering = parseJson<ProjectNumberingJson | null | undefined>(row.numbering) ?? null;
    return {
      id: row.id,
      no: row.no,
      numbering: numbering ? toProjectNumbering(numbering) : null,
      description: row.description,
      name: row.name,
      category: row.categoryId ? { id: row.categoryId, name: row.categoryName! } : null,
      dateStart: toDate(row.dateStart),
      dateEnd: toDate(row.dateEnd),
      dateStartPlanned: toDateRequired(row.dateStartPlanned),
      dateEndPlanned: toDateRequired(row.dateEndPlanned),
      createdAt: toDateRequired(row.createdAt),
      updatedAt: toDateRequired(row.updatedAt),
      assignedProjectUsersPm: (parseJson<AssignmentJson[] | undefined>(row.managers) ?? []).flatMap((a) => toAssignedProjectUser(a) ?? []),
      isBlameableRemovalEnabled: toBool(row.isBlameableRemovalEnabled),
      status: row.status,
      shortCode: row.shortCode,
      isSimple: toBool(row.isSimple),
      simpleBoardShortCode: row.simpleBoardShortCode ?? null,
      simpleBoardId: row.simpleBoardId ?? null,
      contractors: idNamesOf(row.contractors),
      budget: toDecimalNumber(row.budget),
      tags: idNamesOf(row.tags),
      isFavorite: toBool(row.isFavorite as boolean | number),
      userRole: role ?? "none",
      userPermissions: permissions,
      stageCount: toInt(row.stageCount as number | null),
      progress: progressShare({ total: toInt(row.taskCount as number | null), finished: toInt(row.finishedCount as number | null), timePlanned: 0 }),
      timeReported: toInt(row.timeReported as number | null),
      timePlanned: toInt(row.timePlanned as number | null),
    };
  });
}

type ProjectNumberingJson = Omit<ProjectNumberingTable, "counterPeriod">;

/** A ProjectNumbering row (top-level or JSON) as the GraphQL type. */
export function toProjectNumbering(row: ProjectNumberingJson): ProjectNumbering {
  return {
    id: row.id,
    name: row.name,
    pattern: row.pattern,
    counterPadLength: row.counterPadLength,
    counterNextValue: row.counterNextValue,
    counterInterval: row.counterInterval,
    isDefault: toBool(row.isDefault),
  };
}

/** ProjectNumbering entities by id, in one statement. */
export async function readProjectNumberings(read: ReadPort, ids: readonly string[]): Promise<ProjectNumbering[]> {
  const rows = await read.db
    .selectFrom("ProjectNumbering as pn")
    .select(["pn.id", "pn.name", "pn.pattern", "pn.counterPadLength", "pn.counterNextValue", "pn.counterInterval", "pn.isDefault"])
    .where((eb) => read.inList(eb.ref("pn.id"), ids))
    .execute();
  return rows.map(toProjectNumbering);
}

/**
 * Stages for a caller in ONE statement: the project's name and the stage type joined; the task
 * tallies, board count and reported time (through the stage's tasks) as correlated aggregates;
 * the caller's role in the project (for `canManage`) as a subquery.
 */
export async function readStages(read: ReadPort, ids: readonly string[], viewer: Viewer | null): Promise<Stage[]> {
  if (ids.length === 0) return [];
  const { db } = read;
  const d = read;
  const me = viewer?.id ?? NOBODY;
  const rows = await db
    .selectFrom("Stage as s")
    .innerJoin("Project as p", "p.id", "s.projectId")
    .leftJoin("StageType as st", "st.id", "s.stageTypeId")
    .select([
      "s.id", "s.name", "s.status", "s.description", "s.dateStart", "s.dateEnd", "s.createdAt", "s.updatedAt", "s.weight",
      "s.isBlameableRemovalEnabled", "s.projectId", "p.name as projectName", "st.id as stageTypeId", "st.name as stageTypeName",
      "st.decorator as stageTypeDecorator",
    ])
    .select((eb) => [
      eb.selectFrom("Task as t").select((e) => e.fn.countAll().as("n")).whereRef("t.stageId", "=", "s.id").as("taskCount"),
      eb.selectFrom("Task as t").select((e) => e.fn.count("t.finishedAt").as("n")).whereRef("t.stageId", "=", "s.id").as("finishedCount"),
      eb.selectFrom("Task as t").select((e) => e.fn.sum("t.timePlanned").as("n")).whereRef("t.stageId", "=", "s.id").as("timePlanned"),
      eb.selectFrom("Board as b").select((e) => e.fn.countAll().as("n")).whereRef("b.stageId", "=", "s.id").as("boardCount"),
      // ReportedTime has no stage column: time is summed over the stage's tasks
      eb
        .selectFrom("ReportedTime as r")
        .innerJoin("Task as rt", "rt.id", "r.taskId")
        .select((e) => e.fn.sum("r.seconds").as("n"))
        .whereRef("rt.stageId", "=", "s.id")
        .as("timeReported"),
      eb.selectFrom("ProjectUserAssignment as m").select("m.role").whereRef("m.projectId", "=", "s.projectId").where("m.userId", "=", me).as("myRole"),
    ])
    .where((eb) => d.inList(eb.ref("s.id"), [...new Set(ids)]))
    .execute();
  return rows.map((row): Stage => ({
    id: row.id,
    name: row.name,
    status: row.status,
    description: row.description,
    dateStart: toDateRequired(row.dateStart),
    dateEnd: toDateRequired(row.dateEnd),
    createdAt: toDateRequired(row.createdAt),
    updatedAt: toDateRequired(row.updatedAt),
    progress: progressShare({ total: toInt(row.taskCount as number | null), finished: toInt(row.finishedCount as number | null), timePlanned: 0 }),
    weight: row.weight,
    timePlanned: toInt(row.timePlanned as number | null),
    timeReported: toInt(row.timeReported as number | null),
    isBlameableRemovalEnabled: toBool(row.isBlameableRemovalEnabled),
    project: row.projectId,
    projectName: row.projectName,
    stageType: row.stageTypeId ? { id: row.stageTypeId, name: row.stageTypeName!, decorator: row.stageTypeDecorator! } : null,
    canManage: viewer !== null && managesProject(viewer, row.myRole ?? undefined),
    boardCount: toInt(row.boardCount as number | null),
  }));
}

/**
 * The names that place something in a project, its stage and its board, for a query that has
 * joined them as `p`, `s` and `b`: what a risk, a file's task and a timesheet row show.
 */
export const PLACEMENT_NAMES = [
  "p.shortCode as projectShortCode", "p.name as projectName", "p.isSimple as projectIsSimple", "s.name as stageName", "b.shortCode as boardShortCode", "b.name as boardName",
] as const;

/** Risks by id in ONE statement: the user summary as JSON, the names of what the risk refers to joined. */
export async function readRisks(read: ReadPort, ids: readonly string[]): Promise<Risk[]> {
  if (ids.length === 0) return [];
  const { db } = read;
  const d = read;
  const rows = await db
    .selectFrom("Risk as r")
    .innerJoin("Project as p", "p.id", "r.projectId")
    .leftJoin("Stage as s", "s.id", "r.stageId")
    .leftJoin("Board as b", "b.id", "r.boardId")
    .leftJoin("Task as t", "t.id", "r.taskId")
    .leftJoin("RiskType as ty", "ty.id", "r.typeId")
    .leftJoin("RiskImpact as im", "im.id", "r.impactId")
    .select([
      "r.id", "r.name", "r.description", "r.probability", "r.date", "r.createdAt", "r.updatedAt", "r.projectId", "r.stageId", "r.boardId",
      "r.taskId", "r.typeId", "r.impactId", ...PLACEMENT_NAMES, "t.name as taskName", "t.shortCode as taskShortCode",
      "ty.name as typeName", "im.name as impactName",
    ])
    .select((eb) => userRefJson(d, eb, "r.projectUserId").as("projectUser"))
    .where((eb) => d.inList(eb.ref("r.id"), [...new Set(ids)]))
    .execute();
  return rows.map((row): Risk => {
    const user = userRefOf(row.projectUser);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      probability: row.probability,
      date: toDate(row.date),
      createdAt: toDateRequired(row.createdAt),
      updatedAt: toDateRequired(row.updatedAt),
      projectUser: user ? toRiskUserRef(user) : null,
      project: row.projectId,
      projectName: row.projectName,
      projectShortCode: row.projectShortCode,
      projectIsSimple: toBool(row.projectIsSimple),
      stage: row.stageId,
      stageName: row.stageName ?? null,
      board: row.boardId,
      boardName: row.boardName ?? null,
      boardShortCode: row.boardShortCode ?? null,
      task: row.taskId,
      taskName: row.taskName ?? null,
      taskShortCode: row.taskShortCode ?? null,
      type: row.typeId,
      typeName: row.typeName ?? null,
      impact: row.impactId,
      impactName: row.impactName ?? null,
    };
  });
}

/** enabledTabs and hideHourlyRateForRoles are stored as JSON arrays of strings. */
function stringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** Project settings by id (the project's id) in one statement. */
export async function readProjectSettings(read: ReadPort, ids: readonly string[]): Promise<ProjectSettings[]> {
  if (ids.length === 0) return [];
  const rows = await read.db
    .selectFrom("ProjectSettings as ps")
    .selectAll("ps")
    .where((eb) => read.inList(eb.ref("ps.id"), [...new Set(ids)]))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    enabledTabs: stringList(row.enabledTabs),
    requireTaskTypeOnTaskCreation: toBool(row.requireTaskTypeOnTaskCreation),
    showTaskDeadline: toBool(row.showTaskDeadline),
    projectAutomaticPlanning: toBool(row.projectAutomaticPlanning),
    taskDateRangeBehaviour: row.taskDateRangeBehaviour,
    taskDateStartType: row.taskDateStartType,
    taskDateEndType: row.taskDateEndType,
    taskDateStartInterval: row.taskDateStartInterval,
    taskDateEndInterval: row.taskDateEndInterval,
    taskDateStartTime: toDate(row.taskDateStartTime),
    taskDateEndTime: toDate(row.taskDateEndTime),
    hideHourlyRateForRoles: stringList(row.hideHourlyRateForRoles),
    restrictTaskDateUpdatesToPMsOrCreators: toBool(row.restrictTaskDateUpdatesToPMsOrCreators),
  }));
}

/** CustomFieldDefinition entities by id in one statement. */
export async function readCustomFieldDefinitions(read: ReadPort, ids: readonly string[]): Promise<CustomFieldDefinition[]> {
  const rows = await read.db
    .selectFrom("CustomFieldDefinition as cd")
    .select(["cd.id", "cd.name", "cd.weight", "cd.description", "cd.scope", "cd.dataType", "cd.floatDisplayType", "cd.floatDecimalPlaces", "cd.floatCurrencyCode"])
    .where((eb) => read.inList(eb.ref("cd.id"), ids))
    .execute();
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    weight: d.weight,
    description: d.description,
    scope: d.scope,
    dataType: d.dataType,
    floatDisplayType: d.floatDisplayType,
    floatDecimalPlaces: d.floatDecimalPlaces,
    floatCurrencyCode: d.floatCurrencyCode,
  }));
}

/** CustomFieldOption entities (select options) by id in one statement. */
export async function readCustomFieldOptions(read: ReadPort, ids: readonly string[]): Promise<CustomFieldOption[]> {
  const rows = await read.db
    .selectFrom("CustomFieldSelectOption as o")
    .select(["o.id", "o.value", "o.weight", "o.decorator"])
    .where((eb) => read.inList(eb.ref("o.id"), ids))
    .execute();
  return rows.map((o) => ({ id: o.id, value: o.value, weight: o.weight, decorator: o.decorator }));
}

/** AssignedBoardUser entities by id in one statement: the user summary as JSON, the board's project joined (for the rate rule). */
export async function readAssignedBoardUsers(read: ReadPort, ids: readonly string[]): Promise<AssignedBoardUser[]> {
  if (ids.length === 0) return [];
  const { db } = read;
  const d = read;
  const rows = await db
    .selectFrom("AssignedBoardUser as ab")
    .innerJoin("Board as b", "b.id", "ab.boardId")
    .select(["ab.id", "ab.boardId", "ab.role", "b.projectId"])
    .select((eb) => userRefJson(d, eb, "ab.userId").as("user"))
    .where((eb) => d.inList(eb.ref("ab.id"), [...new Set(ids)]))
    .execute();
  return rows.flatMap((row) => {
    const user = userRefOf(row.user);
    // rates are shown by the rule of the board's project (src/auth/visibility.ts)
    return user ? [{ id: row.id, projectUser: inProject(toProjectUserRef(user), row.projectId), board: row.boardId, role: row.role }] : [];
  });
}

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

export const projectEntity = defineEntity<Project>({
  typeName: "Project",
  read: readBy(rules.readProject, "Project"),
  loadMany: (read, ids, viewer) => readProjects(read, ids, viewer),
});

export const projectNumberingEntity = defineEntity<ProjectNumbering>({
  typeName: "ProjectNumbering",
  read: readBy(rules.staff),
  loadMany: (read, ids) => readProjectNumberings(read, ids),
});

export const projectSettingsEntity = defineEntity<ProjectSettings>({
  typeName: "ProjectSettings",
  read: readBy(rules.readProject, "ProjectSettings"),
  loadMany: (read, ids) => readProjectSettings(read, ids),
});

export const stageEntity = defineEntity<Stage>({
  typeName: "Stage",
  read: readBy(rules.readProject, "Stage", () => "e.projectId"),
  loadMany: (read, ids, viewer) => readStages(read, ids, viewer),
});

export const riskEntity = defineEntity<Risk>({
  typeName: "Risk",
  read: readBy(rules.readProject, "Risk", () => "e.projectId"),
  loadMany: (read, ids) => readRisks(read, ids),
});

export const assignedProjectUserEntity = defineEntity<AssignedProjectUser>({
  typeName: "AssignedProjectUser",
  read: readBy(rules.readProject, "ProjectUserAssignment", () => "e.projectId"),
  loadMany: (read, ids) => readAssignedProjectUsers(read, ids),
});

export const assignedBoardUserEntity = defineEntity<AssignedBoardUser>({
  typeName: "AssignedBoardUser",
  read: readBy(rules.readProject, "AssignedBoardUser", (eb) => eb.selectFrom("Board as b").select("b.projectId").whereRef("b.id", "=", "e.boardId")),
  loadMany: (read, ids) => readAssignedBoardUsers(read, ids),
});

export const customFieldDefinitionEntity = defineEntity<CustomFieldDefinition>({
  typeName: "CustomFieldDefinition",
  read: readBy(rules.signedIn),
  loadMany: (read, ids) => readCustomFieldDefinitions(read, ids),
});

export const customFieldOptionEntity = defineEntity<CustomFieldOption>({
  typeName: "CustomFieldOption",
  read: readBy(rules.signedIn),
  loadMany: (read, ids) => readCustomFieldOptions(read, ids),
});
