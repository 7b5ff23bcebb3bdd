import { Arg, Authorized, Ctx, ID, Mutation, Resolver, Query } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { AssignBoardUserInput } from "../../inputs/project/assign-board-user.input";
import { AssignedBoardUser } from "../../types/project/assigned-board-user.type";
import { assignBoardUser, createProject, replaceRisk, updateStage } from "../../services/project/project.service";
import { assignedBoardUserEntity, projectEntity, projectSettings, riskEntity, stageEntity } from "../../services/project/project.read";
import { CreateProjectInput } from "../../inputs/project/create-project.input";
import { Project } from "../../types/project/project.type";
import { ProjectSettings } from "../../types/project/project-settings.type";
import { ReplaceRiskInput } from "../../inputs/project/replace-risk.input";
import { Risk } from "../../types/project/risk.type";
import { UpdateStageInput } from "../../inputs/project/update-stage.input";
import { Stage } from "../../types/project/stage.type";

@Resolver()
export class ProjectResolver {
  @Mutation(() => AssignedBoardUser, {
    nullable: true,
    description:
      "E10: assigns a member of the board's project to the board, or changes their role on it (upsert). Needs an admin or a PM of the project.",
  })
  @Authorized(rules.manageProject)
  async assignBoardUser(
    @Arg("boardId", () => ID, { description: "Id of the board." }) boardId: string,
    @Arg("userId", () => ID, { description: "Id of the user; they must be assigned to the board's project." }) userId: string,
    @Ctx() ctx: AuthedContext,
    @Arg("input", () => AssignBoardUserInput, { nullable: true, description: "The role on the board; absent: see the input's role." })
    input?: AssignBoardUserInput | null,
  ): Promise<AssignedBoardUser | null> {
    return ctx.loaders.loadWritten(assignedBoardUserEntity, await assignBoardUser(ctx, boardId, userId, input));
  }

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

  @Query(() => ProjectSettings, { nullable: true, description: "E17: a project's settings, addressed by the project's id." })
  @Authorized(rules.readProject)
  projectSettings(
    @Arg("id", () => ID, { description: "Id of the project (its settings share it)." }) id: string,
    @Ctx() ctx: AuthedContext,
  ): Promise<ProjectSettings> {
    return projectSettings(ctx, id);
  }

  @Mutation(() => Risk, {
    nullable: true,
    description:
      "E11: replaces a risk as a whole: optional fields left out become null. Needs an admin or a PM of the risk's project (and of the target project when it moves).",
  })
  @Authorized(rules.manageProject)
  async replaceRisk(
    @Arg("id", () => ID, { description: "Id of the risk." }) id: string,
    @Arg("input", () => ReplaceRiskInput, { description: "The risk's new state." }) input: ReplaceRiskInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Risk | null> {
    return ctx.loaders.loadWritten(riskEntity, await replaceRisk(ctx, id, input));
  }

  @Mutation(() => Stage, {
    nullable: true,
    description:
      "E3: changes a stage partially (absent fields stay, null clears description or stageType). Needs an admin or a project manager of the stage's project.",
  })
  @Authorized(rules.manageProject)
  async updateStage(
    @Arg("id", () => ID, { description: "Id of the stage to change." }) id: string,
    @Arg("input", () => UpdateStageInput, { description: "The fields to change." }) input: UpdateStageInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Stage | null> {
    return ctx.loaders.loadWritten(stageEntity, await updateStage(ctx, id, input));
  }
}
