import { ArrayMaxSize, ArrayMinSize, IsIn, ValidateNested } from "class-validator";
import { ID, InputType } from "type-graphql";
import { ExternalFileInput } from "./external-file.input";
import { FILE_TYPES } from "../../domain/value-sets";
import { FileTargetType } from "../../types/shared/enums";
import { Optional, Required } from "../../types/shared/fields";

/** What a file can be attached to; `assignId` names an object of that kind. */
export type FileType = keyof typeof FILE_TYPES;

/** Upper bound of files registered in one call, so one request cannot insert without limit. */
export const MAX_FILES_PER_UPLOAD = 100;

/** Most files one task comment holds (TaskComment.files is priced by it): an upload that would pass it is refused. */
export const MAX_FILES_PER_COMMENT = 20;

@InputType({ description: "E13: files to register by link, all attached to one project, task or task comment." })
export class ExternalFileUploadInput {
  @Required(
    [ExternalFileInput],
    `The files, 1 to ${MAX_FILES_PER_UPLOAD}; all are stored or none. A task comment holds at most ${MAX_FILES_PER_COMMENT}.`,
  )
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FILES_PER_UPLOAD)
  @ValidateNested()
  files!: ExternalFileInput[];

  @Required(ID, "Id of the project, task or task comment (as fileType says) the files are attached to; it must exist.")
  assignId!: string;

  @Required(FileTargetType, "What assignId names: project, task or task_comment (a task comment).")
  @IsIn(Object.keys(FILE_TYPES))
  fileType!: string;

  @Optional(ID, "Category of the files; when given it must exist.")
  fileCategory?: string | null;
}
