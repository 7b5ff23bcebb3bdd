import { Field, ObjectType } from "type-graphql";
import { FileBase } from "../task/file-base.type";
import { MiniUserRef } from "../people/user-summaries.type";

@ObjectType({
  description:
    "A file attached to a task comment, as the comment shows it (the author in short form). The full record is the File entity with the same id.",
})
export class TaskCommentFile extends FileBase {
  @Field(() => MiniUserRef, { description: "Who added the file." })
  createdBy!: MiniUserRef;
}
