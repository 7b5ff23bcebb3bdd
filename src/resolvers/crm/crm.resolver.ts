import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { Note } from "../../types/crm/note.type";
import { noteEntity } from "../../services/crm/crm.read";

@Resolver(() => Note)
export class NoteResolver {
  @Query(() => Note, {
    nullable: true,
    description: "E14: a CRM note with its contractor (attendants, industry branches, tags, custom fields), status, author and assignee.",
  })
  @Authorized(rules.crm)
  note(@Arg("id", () => ID, { description: "Id of the note." }) id: string, @Ctx() ctx: AuthedContext): Promise<Note> {
    return ctx.loaders.found(noteEntity, id, "Note");
  }
}
