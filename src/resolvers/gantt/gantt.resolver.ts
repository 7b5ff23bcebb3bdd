import type { GraphQLResolveInfo } from "graphql";
import { Arg, Authorized, Ctx, FieldResolver, ID, Info, Query, Resolver, Root } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { ProjectGantt, GanttTask } from "../../types/gantt/project-gantt.type";
import { projectGantt, projectGanttWithTasks } from "../../services/gantt/gantt.read";
import { Selection } from "../../services/shared/look-ahead";
import { listCost } from "../../domain/list-cost";

@Resolver(() => ProjectGantt)
export class ProjectGanttResolver {
  @Query(() => ProjectGantt, {
    nullable: true,
    description:
      "E15: a project's gantt chart (stages, boards, milestones, links and tasks) with its budget, planned and reported time. The tasks are loaded only when `tasks` is selected.",
  })
  @Authorized(rules.readProject)
  async projectGantt(
    // type-graphql prints arguments in reverse parameter order: this gives the contract's (id, showTasks)
    @Arg("showTasks", () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: "Kept for the contract's signature; it has no effect: `tasks` is answered whenever it is selected.",
      deprecationReason:
        "Has no effect: select `tasks` to get them. A field whose value depended on this argument made client caches (which key ProjectGantt by id) return stale task lists.",
    })
    _showTasks: boolean | null,
    @Arg("id", () => ID, { description: "The project's id." }) id: string,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProjectGantt> {
    return projectGantt(ctx, id, Selection.of(info));
  }

  @FieldResolver(() => [GanttTask], {
    complexity: listCost(2000),
    description:
      "The project's tasks, by start date, end date (undated last), weight, then id: the first 2000. Always answered when selected, whatever the (deprecated) showTasks argument says.",
  })
  @Authorized(rules.asParent)
  async tasks(@Root() gantt: ProjectGantt, @Ctx() ctx: AuthedContext): Promise<GanttTask[]> {
    if (gantt.tasks) return gantt.tasks;
    // reached through _entities (the entity's batch reads no tasks): one batch per request
    const withTasks = await ctx.loaders.load(projectGanttWithTasks, gantt.id);
    return withTasks?.tasks ?? [];
  }
}
