import type { Note } from "../../types/crm/note.type";
import { NotFoundError } from "../../errors/errors";

/** E14. `load` is the request's batching loader (the Note entity), so a note is shaped one way everywhere. */
export async function getNote(id: string, load: (id: string) => Promise<Note | null>): Promise<Note> {
  const note = await load(id);
  if (!note) throw new NotFoundError("Note", id, "id");
  return note;
}
