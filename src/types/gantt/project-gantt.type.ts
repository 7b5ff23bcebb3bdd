import { Directive, Field, Float, ID, ObjectType } from "type-graphql";
import { GanttBoard } from "./gantt-board.type";
import { GanttLink } from "./gantt-link.type";
import { GanttProject } from "./gantt-project.type";
import { GanttStage } from "./gantt-stage.type";
import type { GanttTask } from "./gantt-task.type";
import { Milestone } from "./milestone.type";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";
import { FirstOf } from "../shared/first-of";

@Directive('@key(fields: "id")')
@ObjectType({
  description:
    "A project's gantt chart with its financial and time summary. Stages, boards, milestones and tasks are ordered by their dates, then weight, then id.",
})
export class ProjectGantt {
  @Field(() => ID, { description: "The project's id: a project has one gantt chart." })
  id!: string;

  @Field(() => GanttProject, { description: "The project itself." })
  project!: GanttProject;

  @Field(() => Float, {
    nullable: true,
    description: "The project's budget; null when none is set, or unless the caller is an admin, finance or a manager of the project.",
  })
  @VisibleTo(rules.budget)
  budget!: number | null;

  @Field(() => Float, {
    description: "Planned effort of the project's tasks: the sum of their timePlanned, in seconds. A Float: the sum may exceed 32 bits.",
  })
  timePlanned!: number;

  @Field(() => Float, { description: "Time reported on the project's tasks, in seconds. A Float: the sum may exceed 32 bits." })
  timeReported!: number;

  @FirstOf(() => GanttStage, 200, "The project's stages, by start date, end date, weight, then id")
  stages!: GanttStage[];

  @FirstOf(() => GanttBoard, 200, "The project's boards, by start date, end date, weight, then id")
  boards!: GanttBoard[];

  @FirstOf(() => Milestone, 200, "The project's milestones, by date, weight, then id")
  milestones!: Milestone[];

  @FirstOf(() => GanttLink, 2000, "Dependencies drawn between the project's objects, by id")
  links!: GanttLink[];

  /** Filled when the read looked ahead and saw `tasks` selected; the field itself is resolved in ProjectGanttResolver. */
  tasks!: GanttTask[] | null;
}
