import type { ClassType, NonEmptyArray } from "type-graphql";
import type { EntityDefinition } from "../federation/entity-registry";
import type { Area } from "../resolvers/area";
import { chatArea } from "../resolvers/chat";
import { commentArea } from "../resolvers/comment";
import { crmArea } from "../resolvers/crm";
import { ganttArea } from "../resolvers/gantt";
import { invoiceArea } from "../resolvers/invoice";
import { peopleArea } from "../resolvers/people";
import { projectArea } from "../resolvers/project";
import { taskArea } from "../resolvers/task";
import { templateArea } from "../resolvers/template";
import { timesheetArea } from "../resolvers/timesheet";
import { vacationArea } from "../resolvers/vacation";

// The wiring of the subgraph, written out: what it serves is what the areas' indexes say, not
// what happens to be imported or lie in a folder. A new area is added here; a new operation or
// entity to its area's index (src/resolvers/<area>/index.ts). test/federation-audit.test.ts fails
// when ENTITIES and the schema's `@key` types differ.

const AREAS: readonly Area[] = [
  chatArea,
  commentArea,
  crmArea,
  ganttArea,
  invoiceArea,
  peopleArea,
  projectArea,
  taskArea,
  templateArea,
  timesheetArea,
  vacationArea,
];

/** Every resolver class of the schema, by area. */
export const RESOLVERS = AREAS.flatMap((area) => area.resolvers) as NonEmptyArray<ClassType>;

/** Every federation entity (`@key(fields: "id")` type) with its loader and read rule, by area. */
export const ENTITIES: readonly EntityDefinition[] = AREAS.flatMap((area) => area.entities);
