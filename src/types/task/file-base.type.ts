import { Field, ID, Int, ObjectType } from "type-graphql";
import { FileTask } from "./file-task.type";
import { IdName } from "../shared/id-name.type";
import { Identified } from "../shared/named.type";
import { FileTargetType } from "../shared/enums";
import { OpenSet } from "../shared/open-set";

/**
 * The fields every view of a file shares. `File` (an upload result) and `TaskCommentFile` (a file
 * on a comment) differ only in how much of the author they show.
 */
@ObjectType()
export abstract class FileBase extends Identified("file", "'s") {
  @Field(() => FileTargetType, { description: "What the file is attached to: project, task or task_comment (a task comment)." })
  type!: string;

  @Field(() => ID, { nullable: true, description: "Id of the project the file belongs to (directly or through its task or comment)." })
  project!: string | null;

  @Field(() => FileTask, {
    nullable: true,
    description: "The task the file belongs to (directly or through its comment); null for project files.",
  })
  task!: FileTask | null;

  @Field(() => ID, { nullable: true, description: "Id of the comment the file is attached to; null unless type is task-comment." })
  taskComment!: string | null;

  @Field({ description: "Name shown for the file." })
  displayedName!: string;

  @Field({ description: "File name extension, lower case, without the dot; empty when the name and address have none." })
  extension!: string;

  @Field(() => Int, { description: "Size in bytes; 0 when unknown (files registered by link are not fetched)." })
  size!: number;

  @OpenSet("Where the content lives: internal (stored by the service) or link (an external address).")
  source!: string;

  @Field({ description: "Address of a preview image; empty when there is none." })
  previewImageUrl!: string;

  @Field(() => String, {
    nullable: true,
    description:
      "Absolute address the content is downloaded from: the link itself for linked files; null when the stored file has no public address.",
  })
  downloadUrl!: string | null;

  @Field({ description: "How the content is obtained: download-direct (served by the service) or link (opened at its address)." })
  downloadType!: string;

  @Field(() => IdName, { nullable: true, description: "The file's category, if any." })
  fileCategory!: IdName | null;

  @Field(() => Date, { description: "When the file was added." })
  createdAt!: Date;
}
