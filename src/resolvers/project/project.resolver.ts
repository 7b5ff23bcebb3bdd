import { Arg, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { CreateProjectInput } from "../../inputs/project/create-project.input";
import { Project } from "../../types/project/project.type";
import { createProject } from "../../services/project/project.service";
import { projectEntity } from "../../services/project/project.read";

@Resolver(() => Project)
export class ProjectResolver {
  @Mutation(() => Project, {
    nullable: true,
    description:
      "E5: creates a project, optionally from a template, with the caller as its first manager. Needs an admin or the pm user role.",
  })
  @Authorized(rules.createProjects)
  async createProject(
    @Arg("input", () => CreateProjectInput, { description: "The new project." }) input: CreateProjectInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Project | null> {
    return ctx.loaders.loadWritten(projectEntity, await createProject(ctx, input));
  }
}
