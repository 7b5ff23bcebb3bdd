import { sql, type ExpressionBuilder } from "kysely";
import { Prisma } from "../../db/client";
import type { Tables } from "../../db/tables";
import { CustomFieldDefinition, CustomFieldOption, type CustomFieldValueFields } from "../../types/project/custom-field.type";
import type { CustomFieldUser, ProjectUserRef, RiskUserRef } from "../../types/people/user-summaries.type";
import { AssignedBoardUser } from "../../types/project/assigned-board-user.type";
import { AssignedProjectUser, Project, ProjectNumbering } from "../../types/project/project.type";
import { ProjectSettings } from "../../types/project/project-settings.type";
import { Risk } from "../../types/project/risk.type";
import { Stage } from "../../types/project/stage.type";
import type { IdNameDecorator } from "../../types/shared/named.type";
import { stringList, toBool, toDate, toDecimalNumber, toInt } from "../../db/row-values";
import { ruleSql } from "../../auth/rule";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import type { AuthedContext } from "../../context";
import { PROJECT_MANAGER_ROLES } from "../../domain/value-sets";
import {
  column,
  columns,
  columnsOf,
  entityOf,
  group,
  joined,
  list,
  object,
  orNull,
  probe,
  readModel,
  required,
  rowsOf,
  ruleFlag,
  shownIn,
  tally,
  value,
  type Field,
  type ModelBuild,
} from "../shared/read-model";
import { byUserName, userSummary } from "../shared/user-refs";
import { idName, linkedNames, taskProgress } from "../task/task.read";

type Eb = ExpressionBuilder<Tables & Record<string, Record<string, unknown>>, string>;

// ─── custom field values (of a contractor, of a project template) ───

const optionModel = readModel<CustomFieldOption>(columns("o", ["id", "value", "weight", "decorator"]));

const definitionFields = columnsOf(CustomFieldDefinition, "cd");
const definitionModel = readModel<CustomFieldDefinition>(definitionFields);

/** The value fields every custom field value shape shares (`cv` the value, `cd` its definition joined). */
export const customFieldValueFields = {
  valueText: column("cv.valueText"),
  // the exact stored decimal, never in exponent notation (as Prisma's Decimal gave it)
  valueFloat: value(
    (m) => m.b.exact("cv.valueFloat"),
    (v: string | number | null) => (v === null ? null : new Prisma.Decimal(v).toFixed()),
  ),
  valueDateTime: column("cv.valueDateTime", toDate),
  valueSelectOptions: list(
    optionModel,
    joined(
      rowsOf("CustomFieldValueSelectOption as vo", "vo.valueId", "cv.id", "o.weight", "vo.id"),
      "CustomFieldSelectOption as o",
      "vo.optionId",
    ),
  ),
  valueSelectUsers: list(
    readModel<CustomFieldUser>(columns("u2", ["id", "firstName", "lastName", "email", "pictureSm"])),
    byUserName("CustomFieldValueUser as vu", "u2", "vu.valueId", "cv.id"),
  ),
  valueDepartment: idName("Department", "cv.valueDepartmentId"),
} satisfies { [K in keyof CustomFieldValueFields]: Field<CustomFieldValueFields[K]> };

/** The custom field values of an owner (`owner` the CustomFieldValue column naming it, `ownerRef` the outer column), by the definition's weight then id. */
export function customFieldValues<T>(
  fields: Parameters<typeof readModel<T>>[0],
  owner: "cv.contractorId" | "cv.projectTemplateId",
  ownerRef: string,
): Field<T[]> {
  return list(
    readModel<T>(fields),
    (_m, eb) =>
      eb
        .selectFrom("CustomFieldValue as cv")
        .innerJoin("CustomFieldDefinition as cd", "cd.id", "cv.definitionId")
        .where(sql<boolean>`${sql.ref(owner)} = ${sql.ref(ownerRef)}`)
        .orderBy("cd.weight")
        .orderBy("cv.id") as never,
  );
}

/** A custom field value with its whole definition (a template's saved values). */
export const definitionOfValue = group<CustomFieldDefinition>(definitionFields);

// ─── projects and what they hold ───

const numberingModel = readModel<ProjectNumbering>(columnsOf(ProjectNumbering, "pn"));

/** A member of a project (`pa`): their summary and rate shown by the rule of that project. */
const assignmentModel = readModel<AssignedProjectUser>(
  {
    ...columnsOf(AssignedProjectUser, "pa"),
    projectUser: required(shownIn(userSummary<ProjectUserRef>("pa.userId"), "pa.projectId")),
  },
  { shownIn: "pa.projectId" },
);

/** The caller's assignment to the project `p` (its role, its time reporting), a subquery. */
const mine = (m: ModelBuild, eb: Eb, column: "role" | "canReportTime") =>
  eb
    .selectFrom("ProjectUserAssignment as my")
    .select(`my.${column}` as "my.role")
    .whereRef("my.projectId", "=", "p.id")
    .where("my.userId", "=", m.me);

/** `Project.userPermissions`: canManage (admins and the project's managers), canReportTime (an assignment that may). */
const permissions: Field<string[]> = {
  reads: (m, eb) => ({
    manage: ruleSql(m.b, eb, rules.manageProject, m.forms.manageProject, "p.id", m.me),
    report: mine(m, eb, "canReportTime"),
  }),
  mapper: (alias) => (row) => [
    ...(toBool(row[`${alias}__manage`] as number) ? ["canManage"] : []),
    ...(toBool(row[`${alias}__report`] as number) ? ["canReportTime"] : []),
  ],
  rules: { manageProject: rules.manageProject },
};

/**
 * `Project` in ONE statement: numbering, category, simple board, managers (with their summaries),
 * contractors and tags as JSON; stage count, task tallies and reported time as correlated
 * aggregates over indexed columns; the caller's favourite mark, role and rights as subqueries.
 */
const projectModel = readModel<Project>({
  ...columnsOf(Project, "p"),
  numbering: object(numberingModel, rowsOf("ProjectNumbering as pn", "pn.id", "p.numberingId")),
  category: idName("ProjectCategory", "p.categoryId"),
  assignedProjectUsersPm: list(
    assignmentModel,
    (m, eb) =>
      eb
        .selectFrom("ProjectUserAssignment as pa")
        .whereRef("pa.projectId", "=", "p.id")
        .where((e) => m.b.inList(e.ref("pa.role"), PROJECT_MANAGER_ROLES, "text"))
        .orderBy("pa.createdAt")
        .orderBy("pa.id") as never,
  ),
  simpleBoardShortCode: value(
    (_m, eb) => eb.selectFrom("Board as sb").select("sb.shortCode").whereRef("sb.id", "=", "p.simpleBoardId"),
    orNull,
  ),
  simpleBoardId: value((_m, eb) => eb.selectFrom("Board as sb").select("sb.id").whereRef("sb.id", "=", "p.simpleBoardId"), orNull),
  contractors: linkedNames("ProjectContractor", "projectId", "contractorId", "Contractor", "p.id"),
  // the DECIMAL as the driver gives it, not read exact
  budget: column("p.budget", toDecimalNumber),
  tags: linkedNames("ProjectTag", "projectId", "tagId", "Tag", "p.id"),
  isFavorite: value((m, eb) => eb.exists(probe(eb, "ProjectFavorite as f", "f.projectId", "p.id").where("f.userId", "=", m.me)), toBool),
  userRole: value(
    (m, eb) => mine(m, eb, "role"),
    (v: string | null) => v ?? "none",
  ),
  userPermissions: permissions,
  stageCount: tally("Stage as x", "x.projectId", "p.id"),
  progress: taskProgress((eb) => eb(sql.ref("t.projectId"), "=", sql.ref("p.id"))),
  timeReported: tally("ReportedTime as x", "x.projectId", "p.id", "x.seconds"),
  timePlanned: tally("Task as x", "x.projectId", "p.id", "x.timePlanned"),
});

const stageTypeModel = readModel<IdNameDecorator>(columns("st", ["id", "name", "decorator"]));

/** `Stage`: the project's name joined, tallies over its tasks, board count, reported time (through its tasks), the caller's right to manage it. */
const stageModel = readModel<Stage>({
  ...columnsOf(Stage, "s"),
  progress: taskProgress((eb) => eb(sql.ref("t.stageId"), "=", sql.ref("s.id"))),
  timePlanned: tally("Task as x", "x.stageId", "s.id", "x.timePlanned"),
  // ReportedTime has no stage column: time is summed over the stage's tasks
  timeReported: value(
    (_m, eb) =>
      eb
        .selectFrom("ReportedTime as r")
        .innerJoin("Task as rt", "rt.id", "r.taskId")
        .select((e) => e.fn.sum("r.seconds").as("n"))
        .whereRef("rt.stageId", "=", "s.id"),
    toInt,
  ),
  project: column("s.projectId"),
  projectName: value((_m, eb) => eb.selectFrom("Project as sp").select("sp.name").whereRef("sp.id", "=", "s.projectId")),
  stageType: object(stageTypeModel, rowsOf("StageType as st", "st.id", "s.stageTypeId")),
  canManage: ruleFlag("manageProject", rules.manageProject, "s.projectId"),
  boardCount: tally("Board as x", "x.stageId", "s.id"),
});

/**
 * The names that place something in a project, its stage and its board, for a query that has
 * joined them as `p`, `s` and `b`: what a risk and a timesheet row show.
 */
export const PLACEMENT_NAMES = [
  "p.shortCode as projectShortCode",
  "p.name as projectName",
  "p.isSimple as projectIsSimple",
  "s.name as stageName",
  "b.shortCode as boardShortCode",
  "b.name as boardName",
] as const;

/** `Risk`: the member's summary, the names of what it refers to joined (`p`, `s`, `b`, `t`, `ty`, `im`). */
const riskModel = readModel<Risk>({
  ...columnsOf(Risk, "r"),
  projectUser: userSummary<RiskUserRef>("r.projectUserId"),
  project: column("r.projectId"),
  projectName: column("p.name"),
  projectShortCode: column("p.shortCode"),
  projectIsSimple: column("p.isSimple", toBool),
  stage: column("r.stageId"),
  stageName: column("s.name", orNull),
  board: column("r.boardId"),
  boardName: column("b.name", orNull),
  boardShortCode: column("b.shortCode", orNull),
  task: column("r.taskId"),
  taskName: column("t.name", orNull),
  taskShortCode: column("t.shortCode", orNull),
  type: column("r.typeId"),
  typeName: column("ty.name", orNull),
  impact: column("r.impactId"),
  impactName: column("im.name", orNull),
});

const settingsModel = readModel<ProjectSettings>({
  ...columnsOf(ProjectSettings, "ps"),
  enabledTabs: column("ps.enabledTabs", stringList),
  hideHourlyRateForRoles: column("ps.hideHourlyRateForRoles", stringList),
});

/** A board's member (`ab`, the board `b` joined): their summary and rate shown by the rule of the board's project. */
const boardUserModel = readModel<AssignedBoardUser>({
  ...columnsOf(AssignedBoardUser, "ab"),
  projectUser: required(shownIn(userSummary<ProjectUserRef>("ab.userId"), "b.projectId")),
  board: column("ab.boardId"),
});

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

export const projectEntity = entityOf(Project, projectModel, "Project as p", rules.readProject);
export const projectNumberingEntity = entityOf(ProjectNumbering, numberingModel, "ProjectNumbering as pn", rules.staff);
export const projectSettingsEntity = entityOf(ProjectSettings, settingsModel, "ProjectSettings as ps", rules.readProject);

export const stageEntity = entityOf(Stage, stageModel, "Stage as s", rules.readProject, { subject: "projectId" });
export const riskEntity = entityOf(Risk, riskModel, "Risk as r", rules.readProject, {
  subject: "projectId",
  join: (q) =>
    q
      .innerJoin("Project as p", "p.id", "r.projectId")
      .leftJoin("Stage as s", "s.id", "r.stageId")
      .leftJoin("Board as b", "b.id", "r.boardId")
      .leftJoin("Task as t", "t.id", "r.taskId")
      .leftJoin("RiskType as ty", "ty.id", "r.typeId")
      .leftJoin("RiskImpact as im", "im.id", "r.impactId") as never,
});

export const assignedProjectUserEntity = entityOf(AssignedProjectUser, assignmentModel, "ProjectUserAssignment as pa", rules.readProject, {
  subject: "projectId",
});

export const assignedBoardUserEntity = entityOf(AssignedBoardUser, boardUserModel, "AssignedBoardUser as ab", rules.readProject, {
  subject: (eb) => eb.selectFrom("Board as b").select("b.projectId").whereRef("b.id", "=", "e.boardId"),
  join: (q) => q.innerJoin("Board as b", "b.id", "ab.boardId") as never,
});

export const customFieldDefinitionEntity = entityOf(CustomFieldDefinition, definitionModel, "CustomFieldDefinition as cd", rules.signedIn);
export const customFieldOptionEntity = entityOf(CustomFieldOption, optionModel, "CustomFieldSelectOption as o", rules.signedIn);

/** E17: settings share their project's id, and are read as the project is (another project's are NOT_FOUND to an external caller). */
export async function projectSettings(ctx: AuthedContext, projectId: string): Promise<ProjectSettings> {
  await policy.require(ctx, rules.readProject, { projectId, what: "Project settings", field: "id" });
  return ctx.loaders.found(projectSettingsEntity, projectId, "Project settings");
}
