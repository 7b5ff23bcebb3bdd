import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { CreateProjectInput } from "../inputs/project/create-project.input";
import { Project } from "../types/project/project.type";
import { createProject } from "../services/project/project.service";

@Resolver(() => Project)
export class ProjectResolver {
  @Mutation(() => Project, {
    nullable: true,
    description:
      "E5: creates a project, optionally from a template, with the caller as its first manager. Needs an admin or the pm user role.",
  })
  createProject(
    @Arg("input", () => CreateProjectInput, { description: "The new project." }) input: CreateProjectInput,
    @Ctx() ctx: Context,
  ): Promise<Project> {
    return createProject(ctx.db, viewerOf(ctx), input);
  }
}
