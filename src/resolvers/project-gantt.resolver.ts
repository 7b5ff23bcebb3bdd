import DataLoader from "dataloader";
import type { GraphQLResolveInfo } from "graphql";
import { Arg, Ctx, FieldResolver, ID, Info, Query, Resolver, Root } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { assertCanReadProject } from "../auth/policy";
import { ProjectGantt } from "../types/gantt/project-gantt.type";
import { GanttTask } from "../types/gantt/gantt-task.type";
import { loadProjectGanttsWithTasks, projectGantt } from "../services/gantt/project-gantt.service";
import { Selection } from "../services/shared/look-ahead";
import { listCost } from "../server/cost";

@Resolver(() => ProjectGantt)
export class ProjectGanttResolver {
  @Query(() => ProjectGantt, {
    nullable: true,
    description:
      "E15: a project's gantt chart (stages, boards, milestones, links and tasks) with its budget, planned and reported time. The tasks are loaded only when `tasks` is selected.",
  })
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
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProjectGantt> {
    // look ahead: the tasks are read in the same statement when the document selects them
    await assertCanReadProject(ctx.db, viewerOf(ctx), id, "Project");
    return projectGantt(ctx.read, id, Selection.of(info));
  }

  @FieldResolver(() => [GanttTask], {
    complexity: listCost(500),
    description:
      "The project's tasks, by start date, end date (undated last), weight, then id. Always answered when selected, whatever the (deprecated) showTasks argument says.",
  })
  async tasks(@Root() gantt: ProjectGantt, @Ctx() ctx: Context): Promise<GanttTask[]> {
    if (gantt.tasks) return gantt.tasks;
    // reached through _entities (a reference carries no selection): one batch per request
    const gantts = await ganttsWithTasks(ctx).load(gantt.id);
    return gantts?.tasks ?? [];
  }
}

const loaders = new WeakMap<Context, DataLoader<string, ProjectGantt | undefined>>();

function ganttsWithTasks(ctx: Context): DataLoader<string, ProjectGantt | undefined> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const gantts = await loadProjectGanttsWithTasks(ctx.read, ids);
      return ids.map((id) => gantts.find((g) => g.id === id));
    });
    loaders.set(ctx, loader);
  }
  return loader;
}
