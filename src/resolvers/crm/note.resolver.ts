import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { assert, canReadCrm } from "../../auth/policy";
import { Note } from "../../types/crm/note.type";
import { getNote } from "../../services/crm/note.service";
import { noteEntity } from "../../services/crm/crm.read";

@Resolver(() => Note)
export class NoteResolver {
  @Query(() => Note, {
    nullable: true,
    description: "E14: a CRM note with its contractor (attendants, industry branches, tags, custom fields), status, author and assignee.",
  })
  note(@Arg("id", () => ID, { description: "Id of the note." }) id: string, @Ctx() ctx: AuthedContext): Promise<Note> {
    assert(canReadCrm(ctx.viewer), "CRM notes are internal: external users may not read them.");
    return getNote(id, (noteId) => ctx.loaders.load(noteEntity, noteId));
  }
}
