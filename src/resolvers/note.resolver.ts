import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { Context } from "../context";
import { Note } from "../types/note.type";
import { getNote } from "../services/note.service";

@Resolver(() => Note)
export class NoteResolver {
  @Query(() => Note, {
    nullable: true,
    description: "E14: a CRM note with its contractor (attendants, industry branches, tags, custom fields), status, author and assignee.",
  })
  note(@Arg("id", () => ID, { description: "Id of the note." }) id: string, @Ctx() ctx: Context): Promise<Note> {
    return getNote(id, (noteId) => ctx.loaders.entities.load<Note>("Note", noteId));
  }
}
