import { ID } from "type-graphql";
import { Optional, Required } from "../shared/fields";
import { Entity } from "../shared/named.type";

@Entity("How a project behaves: its tabs, task date rules and visibility of hourly rates. Shares the project's id.")
export class ProjectSettings {
  @Required(ID, "The settings' id, which is the project's id.")
  id!: string;

  @Required([String], "Tabs shown in the project, e.g. finance.")
  enabledTabs!: string[];

  @Required(Boolean, "Whether a task must get a task type when it is created.")
  requireTaskTypeOnTaskCreation!: boolean;

  @Required(Boolean, "Whether task deadlines are shown.")
  showTaskDeadline!: boolean;

  @Required(Boolean, "Whether the project's tasks are planned automatically.")
  projectAutomaticPlanning!: boolean;

  @Required(String, "How a task's date range is drawn, e.g. board-summary-bar.")
  taskDateRangeBehaviour!: string;

  @Required(String, "Where a new task's start date comes from, e.g. board.")
  taskDateStartType!: string;

  @Required(String, "Where a new task's end date comes from, e.g. board.")
  taskDateEndType!: string;

  @Optional(String, "ISO 8601 duration added to the start source, if any.")
  taskDateStartInterval!: string | null;

  @Optional(String, "ISO 8601 duration added to the end source, if any.")
  taskDateEndInterval!: string | null;

  @Optional(Date, "Time of day new tasks start at (the date part is not used), if set.")
  taskDateStartTime!: Date | null;

  @Optional(Date, "Time of day new tasks end at (the date part is not used), if set.")
  taskDateEndTime!: Date | null;

  @Required([String], "Project roles (e.g. pm-passive) that do not see hourly rates.")
  hideHourlyRateForRoles!: string[];

  @Required(Boolean, "Whether only project managers and the task's creator may change a task's dates.")
  restrictTaskDateUpdatesToPMsOrCreators!: boolean;
}
