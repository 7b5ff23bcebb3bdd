import { sql, type SelectQueryBuilder } from "kysely";
import type { ReadPort } from "../../db/database";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { TimesheetArgs } from "../../inputs/timesheet/timesheet.args";
import type { ProjectUserRef } from "../../types/people/user-summaries.type";
import { toBool, toDateRequired, toInt } from "../../db/row-values";
import { statement, type StatementBuilder } from "../../db/statements";
import type { ReportedSeconds, TimesheetTask, TimesheetWindow } from "./timesheet-aggregation";
import { everything, modelBuild, probe } from "../shared/read-model";
import { userSummaryModel } from "../shared/user-refs";
import { PLACEMENT_NAMES } from "../project/project.read";

type R = Tables & { r: Tables["ReportedTime"] };

interface Args {
  viewer: Viewer;
  args: TimesheetArgs;
  window: TimesheetWindow;
}
/** Which filters are given: the shape of both statements. */
const shape = ({ args }: Args) => ({
  users: !!args.users,
  project: !!args.project,
  contractors: !!args.projectContractors,
  type: !!args.reportedTimeType,
});

/** The statements' slots, taken once so that each condition stays one line. */
const slots = (b: StatementBuilder<Args>) => ({
  me: b.param((a) => a.viewer.id),
  users: b.param((a) => a.args.users!),
  project: b.param((a) => a.args.project!),
  contractors: b.param((a) => a.args.projectContractors!),
  type: b.param((a) => a.args.reportedTimeType!),
});

/** The caller's role in the project of the row at `projectId`. */
const roleIn = (b: StatementBuilder<Args>, projectId: "t.projectId" | "p.id") =>
  b.db
    .selectFrom("ProjectUserAssignment as pa")
    .select("pa.role")
    .whereRef("pa.projectId", "=", projectId as never)
    .where("pa.userId", "=", slots(b).me)
    .limit(1)
    .as("role");

/** The reported time the filters select within the window. Unknown ids simply match nothing. */
function reportedTimeWhere<O>(
  b: StatementBuilder<Args>,
  q: SelectQueryBuilder<R, "r", O>,
  s: ReturnType<typeof shape>,
): SelectQueryBuilder<R, "r", O> {
  const { users, project, contractors, type } = slots(b);
  q = q
    .where(sql<boolean>`${sql.ref("r.date")} >= ${b.timestamp(b.param((a) => a.window.start))}`)
    .where(sql<boolean>`${sql.ref("r.date")} < ${b.timestamp(b.param((a) => a.window.end))}`);
  if (s.users) q = q.where((eb) => b.inList(eb.ref("r.userId"), users));
  if (s.project) q = q.where("r.projectId", "=", project);
  if (s.contractors) {
    const contractor = probe(b.db, "ProjectContractor as pk", "pk.projectId", "r.projectId");
    q = q.where((eb) => eb.exists(contractor.where((e) => b.inList(e.ref("pk.contractorId"), contractors))));
  }
  if (s.type) q = q.where("r.reportedTimeTypeId", "=", type);
  return q;
}

/** The time summed per user, task and day, with each task's place (project, stage, board) and the caller's role in its project joined in. */
const TIMES = statement("timesheet.times", shape, (b, s) =>
  b.db
    .selectFrom(
      reportedTimeWhere(
        b,
        b.db
          .selectFrom("ReportedTime as r")
          .select(["r.userId", "r.taskId", "r.date"])
          .select((eb) => eb.fn.sum("r.seconds").as("seconds")),
        s,
      )
        .groupBy(["r.userId", "r.taskId", "r.date"])
        .as("g"),
    )
    .innerJoin("Task as t", "t.id", "g.taskId")
    .innerJoin("Project as p", "p.id", "t.projectId")
    .innerJoin("Board as b", "b.id", "t.boardId")
    .leftJoin("Stage as s", "s.id", "t.stageId")
    .select([
      "g.userId",
      "g.taskId",
      "g.date",
      "g.seconds",
      "t.name as taskName",
      "t.no as taskNumber",
      "t.shortCode as taskShortCode",
      "t.boardId",
      "t.stageId",
      "t.projectId",
      ...PLACEMENT_NAMES,
    ])
    .select(roleIn(b, "t.projectId")),
);

/** The users (the listed ones, or everyone with time in the window) as summaries, by last name, first name, id. */
const USERS = statement("timesheet.users", shape, (b, s) =>
  userSummaryModel
    .select(modelBuild(b, {}), b.db.selectFrom("User as ru") as never, everything)
    .$if(s.users, (q) => q.where((eb) => b.inList(eb.ref("ru.id"), slots(b).users)))
    .$if(!s.users, (q) =>
      q.where((eb) =>
        eb.exists(
          reportedTimeWhere(b, eb.selectFrom("ReportedTime as r").select(sql.lit(1).as("one")) as never, s).where(
            sql<boolean>`${sql.ref("r.userId")} = ${sql.ref("ru.id")}`,
          ),
        ),
      ),
    )
    .orderBy("ru.lastName")
    .orderBy("ru.firstName")
    .orderBy("ru.id"),
);

/** The `project` argument's project with the caller's role in it (no row: no such project). */
const PROJECT = statement(
  "timesheet.project",
  () => ({}),
  (b: StatementBuilder<Args>) => b.db.selectFrom("Project as p").select(roleIn(b, "p.id")).where("p.id", "=", slots(b).project),
);

export interface TimesheetData {
  users: Array<{ id: string; projectUser: ProjectUserRef }>;
  /** the `project` argument's project with the caller's role in it; null: no such project; undefined: not asked */
  project?: { role: string | null } | null;
  times: ReportedSeconds[];
  tasks: Map<string, TimesheetTask>;
  /** the caller's role in each project with time */
  roles: Map<string, string>;
}

/** E16's data in two statements whatever the volume; with `project`, a third, run alongside: that project with the caller's role. */
export async function readTimesheet(read: ReadPort, viewer: Viewer, args: TimesheetArgs, window: TimesheetWindow): Promise<TimesheetData> {
  const a = { viewer, args, window };
  const [times, users, project] = await Promise.all([
    read.all(TIMES, a),
    read.all(USERS, a),
    args.project ? read.first(PROJECT, a) : undefined,
  ]);
  const tasks = new Map<string, TimesheetTask>();
  const roles = new Map<string, string>();
  for (const g of times) {
    if (g.role) roles.set(g.projectId, g.role);
    // the row but its time and the caller's role: the task and its place
    const { userId, date, seconds, role, ...task } = g;
    tasks.set(g.taskId, { ...task, projectIsSimple: toBool(task.projectIsSimple) });
  }
  const summary = userSummaryModel.mapper(everything);
  return {
    users: users.map((u) => ({ id: u.id as string, projectUser: summary(u) as ProjectUserRef })),
    times: times.map((g) => ({ userId: g.userId, taskId: g.taskId, date: toDateRequired(g.date), seconds: toInt(g.seconds as number) })),
    tasks,
    roles,
    project: args.project ? (project ? { role: project.role ?? null } : null) : undefined,
  };
}
