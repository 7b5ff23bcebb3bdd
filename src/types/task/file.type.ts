import { ObjectType, ID, Int } from "type-graphql";
import { ProjectUserRef } from "../people/user-summaries.type";
import { Named, Identified, IdName, Entity } from "../shared/named.type";
import { FileTargetType } from "../shared/enums";
import { Optional, OpenSet, Required } from "../shared/fields";

@ObjectType({ description: "The task a file belongs to, with where it sits (board, stage, project)." })
export class FileTask extends Named("task", "'s") {
  @Required(String, "The task's short code, unique (board short code and number).")
  shortCode!: string;

  @Required(Int, "Number of the task on its board.")
  no!: number;

  @Required(ID, "Id of the task's project.")
  project!: string;

  @Required(String, "Short code of the task's project.")
  projectShortCode!: string;

  @Required(String, "Name of the task's project.")
  projectName!: string;

  @Required(Boolean, "Whether the task's project is a simple project (a single board, no stages to manage).")
  projectIsSimple!: boolean;

  @Optional(ID, "Id of the task's stage; null when the task is not in a stage.")
  stage!: string | null;

  @Optional(String, "Name of the task's stage; null when the task is not in a stage.")
  stageName!: string | null;

  @Required(ID, "Id of the task's board.")
  board!: string;

  @Required(String, "Short code of the task's board.")
  boardShortCode!: string;

  @Required(String, "Name of the task's board.")
  boardName!: string;
}

/**
 * The fields every view of a file shares. `File` (an upload result) and `TaskCommentFile` (a file
 * on a comment) differ only in how much of the author they show.
 */
@ObjectType()
export abstract class FileBase extends Identified("file", "'s") {
  @Required(FileTargetType, "What the file is attached to: project, task or task_comment (a task comment).")
  type!: string;

  @Optional(ID, "Id of the project the file belongs to (directly or through its task or comment).")
  project!: string | null;

  @Optional(FileTask, "The task the file belongs to (directly or through its comment); null for project files.")
  task!: FileTask | null;

  @Optional(ID, "Id of the comment the file is attached to; null unless type is task-comment.")
  taskComment!: string | null;

  @Required(String, "Name shown for the file.")
  displayedName!: string;

  @Required(String, "File name extension, lower case, without the dot; empty when the name and address have none.")
  extension!: string;

  @Required(Int, "Size in bytes; 0 when unknown (files registered by link are not fetched).")
  size!: number;

  @OpenSet("Where the content lives: internal (stored by the service) or link (an external address).")
  source!: string;

  @Required(String, "Address of a preview image; empty when there is none.")
  previewImageUrl!: string;

  @Optional(
    String,
    "Absolute address the content is downloaded from: the link itself for linked files; null when the stored file has no public address.",
  )
  downloadUrl!: string | null;

  @Required(String, "How the content is obtained: download-direct (served by the service) or link (opened at its address).")
  downloadType!: string;

  @Optional(IdName, "The file's category, if any.")
  fileCategory!: IdName | null;

  @Required(Date, "When the file was added.")
  createdAt!: Date;
}

@Entity("A file attached to a project, a task or a task comment: stored by the service or registered by link.")
export class File extends FileBase {
  @Required(ProjectUserRef, "Who added the file.")
  createdBy!: ProjectUserRef;
}
