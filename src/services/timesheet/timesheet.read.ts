import { sql, type SelectQueryBuilder } from "kysely";
import type { ReadPort } from "../../db/database";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { TimesheetArgs } from "../../inputs/timesheet/timesheet.args";
import type { ProjectUserRef } from "../../types/project/project-user-ref.type";
import { toBool, toDateRequired, toInt } from "../../db/row-values";
import type { ReportedSeconds, TimesheetTask, TimesheetWindow } from "./timesheet-aggregation";
import { toProjectUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { PLACEMENT_NAMES } from "../project/project.read";

type R = Tables & { r: Tables["ReportedTime"] };

/** The reported time the filters select within the window. Unknown ids simply match nothing. */
function reportedTimeWhere<O>(read: ReadPort, q: SelectQueryBuilder<R, "r", O>, args: TimesheetArgs, window: TimesheetWindow): SelectQueryBuilder<R, "r", O> {
  const d = read;
  const at = (value: Date) => d.timestamp(value);
  q = q.where(sql<boolean>`${sql.ref("r.date")} >= ${at(window.start)}`).where(sql<boolean>`${sql.ref("r.date")} < ${at(window.end)}`);
  if (args.users) q = q.where((eb) => d.inList(eb.ref("r.userId"), args.users!));
  if (args.project) q = q.where("r.projectId", "=", args.project);
  if (args.projectContractors) {
    const contractors = args.projectContractors;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("ProjectContractor as pk")
          .select(sql.lit(1).as("one"))
          .whereRef("pk.projectId", "=", "r.projectId")
          .where((e) => d.inList(e.ref("pk.contractorId"), contractors)),
      ),
    );
  }
  if (args.reportedTimeType) q = q.where("r.reportedTimeTypeId", "=", args.reportedTimeType);
  return q;
}

export interface TimesheetData {
  users: Array<{ id: string; projectUser: ProjectUserRef }>;
  times: ReportedSeconds[];
  tasks: Map<string, TimesheetTask>;
  /** the caller's role in each project with time */
  roles: Map<string, string>;
}

/**
 * E16's data in two statements whatever the volume: the time summed per user, task and day with
 * each task's place (project, stage, board) and the caller's role in its project joined in; and
 * the users (the listed ones, or everyone with time in the window) as summaries, by last name,
 * first name, id.
 */
export async function readTimesheet(read: ReadPort, viewer: Viewer, args: TimesheetArgs, window: TimesheetWindow): Promise<TimesheetData> {
  const { db } = read;
  const d = read;
  const grouped = reportedTimeWhere(
    read,
    db.selectFrom("ReportedTime as r").select(["r.userId", "r.taskId", "r.date"]).select((eb) => eb.fn.sum("r.seconds").as("seconds")),
    args,
    window,
  )
    .groupBy(["r.userId", "r.taskId", "r.date"])
    .as("g");
  const timesQuery = db
    .selectFrom(grouped)
    .innerJoin("Task as t", "t.id", "g.taskId")
    .innerJoin("Project as p", "p.id", "t.projectId")
    .innerJoin("Board as b", "b.id", "t.boardId")
    .leftJoin("Stage as s", "s.id", "t.stageId")
    .select([
      "g.userId", "g.taskId", "g.date", "g.seconds", "t.name as taskName", "t.no as taskNumber", "t.shortCode as taskShortCode",
      "t.boardId", "t.stageId", "t.projectId", ...PLACEMENT_NAMES,
    ])
    .select((eb) =>
      eb.selectFrom("ProjectUserAssignment as pa").select("pa.role").whereRef("pa.projectId", "=", "t.projectId").where("pa.userId", "=", viewer.id).limit(1).as("role"),
    )
    .execute();
  const usersQuery = db
    .selectFrom("User as u")
    .select("u.id")
    .select((eb) => userRefJson(d, eb, "u.id").as("ref"))
    .$if(!!args.users, (q) => q.where((eb) => d.inList(eb.ref("u.id"), args.users!)))
    .$if(!args.users, (q) =>
      q.where((eb) =>
        eb.exists(
          reportedTimeWhere(read, eb.selectFrom("ReportedTime as r").select(sql.lit(1).as("one")), args, window).where(
            sql<boolean>`${sql.ref("r.userId")} = ${sql.ref("u.id")}`,
          ),
        ),
      ),
    )
    .orderBy("u.lastName")
    .orderBy("u.firstName")
    .orderBy("u.id")
    .execute();
  const [times, users] = await Promise.all([timesQuery, usersQuery]);

  const tasks = new Map<string, TimesheetTask>();
  const roles = new Map<string, string>();
  for (const g of times) {
    if (g.role) roles.set(g.projectId, g.role);
    tasks.set(g.taskId, {
      taskId: g.taskId,
      taskName: g.taskName,
      taskNumber: g.taskNumber,
      taskShortCode: g.taskShortCode,
      boardId: g.boardId,
      boardShortCode: g.boardShortCode,
      boardName: g.boardName,
      stageId: g.stageId,
      stageName: g.stageName,
      projectId: g.projectId,
      projectShortCode: g.projectShortCode,
      projectName: g.projectName,
      projectIsSimple: toBool(g.projectIsSimple),
    });
  }
  return {
    users: users.flatMap((u) => {
      const ref = userRefOf(u.ref);
      return ref ? [{ id: u.id, projectUser: toProjectUserRef(ref) }] : [];
    }),
    times: times.map((g) => ({ userId: g.userId, taskId: g.taskId, date: toDateRequired(g.date), seconds: toInt(g.seconds as number) })),
    tasks,
    roles,
  };
}
