import { ID, Int, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/user-summaries.type";
import { MAX_FILES_PER_COMMENT } from "../../inputs/task/external-file-upload.input";
import { Identified, Entity } from "../shared/named.type";
import { Collection } from "../shared/collection.type";
import { FileBase } from "../task/file.type";
import { Optional, FirstOf, Required } from "../shared/fields";

@ObjectType({
  description:
    "A file attached to a task comment, as the comment shows it (the author in short form). The full record is the File entity with the same id.",
})
export class TaskCommentFile extends FileBase {
  @Required(MiniUserRef, "Who added the file.")
  createdBy!: MiniUserRef;
}

@Entity("A user mentioned in a task comment.")
export class TaskCommentMention extends Identified("mention") {
  @Required(MiniUserRef, "The mentioned user.")
  user!: MiniUserRef;
}

@Entity("A user's reaction to a task comment.")
export class TaskCommentReaction extends Identified("reaction") {
  @Required(MiniUserRef, "Who reacted.")
  user!: MiniUserRef;

  @Required(String, "The kind of reaction (e.g. like, heart, laugh); a user gives each kind at most once per comment.")
  reactionType!: string;
}

@Entity("A comment on a task, possibly a reply to another comment of the same task.")
export class TaskComment extends Identified("comment", "'s") {
  @Required(Boolean, "Whether the comment is a single emoji (shown large).")
  isEmoji!: boolean;

  @Required(String, "The comment's text.")
  content!: string;

  @Required(Date, "When the comment was written.")
  createdAt!: Date;

  @Required(Date, "When the comment was last changed.")
  updatedAt!: Date;

  @Required(MiniUserRef, "Who wrote the comment.")
  createdBy!: MiniUserRef;

  @Required(String, "How the comment was made: user (written in the app), system (generated), email (sent by e-mail).")
  createdBySource!: string;

  @FirstOf(TaskCommentFile, MAX_FILES_PER_COMMENT, "Files attached to the comment, oldest first", "a comment")
  files!: TaskCommentFile[];

  @Optional(ID, "Id of the comment this one replies to; null for a top-level comment.")
  repliesTo!: string | null;

  @Required(Int, "How many comments reply directly to this one.")
  repliesCount!: number;

  @FirstOf(TaskCommentMention, 20, "Users mentioned in the comment")
  taskCommentMentions!: TaskCommentMention[];

  @FirstOf(TaskCommentReaction, 50, "Reactions to the comment")
  taskCommentReactions!: TaskCommentReaction[];
}

@ObjectType({ description: "A page of task comments." })
export class TaskCommentCollection extends Collection(TaskComment) {}
