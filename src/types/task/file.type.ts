import { Directive, Field, ObjectType } from "type-graphql";
import { FileBase } from "./file-base.type";
import { ProjectUserRef } from "../people/user-summaries.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A file attached to a project, a task or a task comment: stored by the service or registered by link." })
export class File extends FileBase {
  @Field(() => ProjectUserRef, { description: "Who added the file." })
  createdBy!: ProjectUserRef;
}
