import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { assertCanReadProject } from "../auth/policy";
import { ProjectGantt } from "../types/project-gantt.type";
import { projectGantt } from "../services/project-gantt.service";

@Resolver(() => ProjectGantt)
export class ProjectGanttResolver {
  @Query(() => ProjectGantt, {
    nullable: true,
    description: "E15: a project's gantt chart (stages, boards, milestones, links, and tasks on request) with its budget, planned and reported time.",
  })
  async projectGantt(
    // type-graphql prints arguments in reverse parameter order: this gives the contract's (id, showTasks)
    @Arg("showTasks", () => Boolean, { nullable: true, defaultValue: false, description: "Include the project's tasks (default false)." })
    showTasks: boolean | null,
    @Arg("id", () => ID, { description: "The project's id." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ProjectGantt> {
    await assertCanReadProject(ctx.db, viewerOf(ctx), id, "Project");
    return projectGantt(ctx.db, id, showTasks === true);
  }
}
