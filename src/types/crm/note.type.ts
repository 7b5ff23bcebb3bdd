import { Directive, Field, ObjectType } from "type-graphql";
import { NoteContractor } from "./note-contractor.type";
import { NoteStatus } from "./note-status.type";
import { NoteUserRef } from "../people/user-summaries.type";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A CRM note: something to remember or do about a client." })
export class Note extends Identified("note") {
  @Field({ description: "Title of the note." })
  name!: string;

  @Field({ description: "Body of the note, empty when none." })
  content!: string;

  @Field(() => Date, { description: "When the note was created." })
  createdAt!: Date;

  @Field(() => Date, { description: "When the note was last changed." })
  updatedAt!: Date;

  @Field(() => NoteUserRef, { description: "Who wrote the note." })
  createdBy!: NoteUserRef;

  @Field(() => Date, { nullable: true, description: "When the note is due, if it has a deadline." })
  deadline!: Date | null;

  @Field(() => NoteContractor, { nullable: true, description: "The contractor the note is about, if any." })
  contractor!: NoteContractor | null;

  @Field(() => NoteStatus, { nullable: true, description: "The note's status, if set." })
  status!: NoteStatus | null;

  @Field(() => NoteUserRef, { nullable: true, description: "Who the note is assigned to, if anyone." })
  assignedUser!: NoteUserRef | null;
}
