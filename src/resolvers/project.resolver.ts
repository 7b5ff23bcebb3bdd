import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../context";
import { CreateProjectInput } from "../inputs/project/create-project.input";
import { Project } from "../types/project/project.type";
import { createProject, projectEntity } from "../services/project/project.service";

@Resolver(() => Project)
export class ProjectResolver {
  @Mutation(() => Project, {
    nullable: true,
    description:
      "E5: creates a project, optionally from a template, with the caller as its first manager. Needs an admin or the pm user role.",
  })
  async createProject(
    @Arg("input", () => CreateProjectInput, { description: "The new project." }) input: CreateProjectInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Project | null> {
    return ctx.loaders.loadWritten(projectEntity, await createProject(ctx.db, ctx.viewer, input));
  }
}
