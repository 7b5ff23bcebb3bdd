import { Arg, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { ExternalFileUploadInput } from "../../inputs/task/external-file-upload.input";
import { File } from "../../types/task/file.type";
import { uploadExternalFiles } from "../../services/task/file.service";
import { fileEntity } from "../../services/task/task.read";
import { listCost } from "../../domain/list-cost";

@Resolver(() => File)
export class FileResolver {
  @Mutation(() => [File], {
    // one File per element of the input, which takes at most 100
    complexity: listCost(100),
    nullable: true,
    description:
      "E13: registers files by link on a project, task or task comment (for its project's members and admins); answers one File per element, in order. All are stored or none.",
  })
  @Authorized(rules.projectMember)
  async uploadExternalFiles(
    @Arg("input", () => ExternalFileUploadInput, { description: "The links and what they are attached to." })
    input: ExternalFileUploadInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<File[]> {
    return ctx.loaders.loadWrittenMany(fileEntity, await uploadExternalFiles(ctx, input));
  }
}
