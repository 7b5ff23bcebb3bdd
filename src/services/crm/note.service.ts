import type { Note } from "../../types/crm/note.type";
import type { NoteContractor } from "../../types/crm/note-contractor.type";
import type { NoteStatus } from "../../types/crm/note-status.type";
import { NotFoundError } from "../../errors/errors";
import { defineEntity } from "../../federation/entity-registry";
import { readNoteContractors, readNoteStatuses, readNotes } from "./crm.read";

/** Notes are read by any authenticated user; E14 (`Query.note`) loads through this entity. */
export const noteEntity = defineEntity<Note>({
  typeName: "Note",
  /** A batch of notes, with their contractors and everything below them, in one statement. */
  loadMany: (_db, ids, viewer, read) => readNotes(read, ids, viewer),
});

export const noteStatusEntity = defineEntity<NoteStatus>({
  typeName: "NoteStatus",
  loadMany: (_db, ids, _viewer, read) => readNoteStatuses(read, ids),
});

export const noteContractorEntity = defineEntity<NoteContractor>({
  typeName: "NoteContractor",
  loadMany: (_db, ids, viewer, read) => readNoteContractors(read, ids, viewer),
});

/** E14. `load` is the request's batching loader (the Note entity), so a note is shaped one way everywhere. */
export async function getNote(id: string, load: (id: string) => Promise<Note | null>): Promise<Note> {
  const note = await load(id);
  if (!note) throw new NotFoundError("Note", id, "id");
  return note;
}
