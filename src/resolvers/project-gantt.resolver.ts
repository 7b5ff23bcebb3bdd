import type { GraphQLResolveInfo } from "graphql";
import { Arg, Ctx, ID, Info, Query, Resolver } from "type-graphql";
import type { Context } from "../context";
import { ProjectGantt } from "../types/project-gantt.type";
import { projectGantt } from "../services/project-gantt.service";
import { Selection } from "../read/look-ahead";

@Resolver(() => ProjectGantt)
export class ProjectGanttResolver {
  @Query(() => ProjectGantt, {
    nullable: true,
    description: "E15: a project's gantt chart (stages, boards, milestones, links, and tasks on request) with its budget, planned and reported time.",
  })
  projectGantt(
    // type-graphql prints arguments in reverse parameter order: this gives the contract's (id, showTasks)
    @Arg("showTasks", () => Boolean, { nullable: true, defaultValue: false, description: "Include the project's tasks (default false)." })
    showTasks: boolean | null,
    @Arg("id", () => ID, { description: "The project's id." }) id: string,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProjectGantt> {
    return projectGantt(ctx.read, id, showTasks === true, Selection.of(info));
  }
}
