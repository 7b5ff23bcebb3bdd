import type { Area } from "../area";
import { TimesheetResolver } from "./timesheet.resolver";

export const timesheetArea: Area = {
  resolvers: [TimesheetResolver],
  entities: [],
};
