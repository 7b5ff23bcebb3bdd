import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { ReadDb } from "../../db/kysely";
import type { DatabaseKind } from "../../config/config";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { Note } from "../../types/crm/note.type";
import type { NoteContractor } from "../../types/crm/note-contractor.type";
import type { NoteStatus } from "../../types/crm/note-status.type";
import { inList, parseJson, toDate, toDateRequired } from "../../db/row-values";
import { idNamesOf, jsonObject, linkedNamesJson } from "../shared/json";
import { customFieldValueFields, customFieldValuesJson, customFieldValuesOf } from "../project/project.read";
import { linkedUsersJson, linkedUsersOf, toNoteUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { defineEntity } from "../../federation/entity-registry";

/** A contractor as NoteContractor wants it, as a JSON object (attendants, branches, tags, custom fields inside). */
export function noteContractorColumns(kind: DatabaseKind, eb: ExpressionBuilder<Tables, never>) {
  return eb
    .selectFrom("Contractor as k")
    .select(["k.id", "k.name", "k.fullName", "k.pictureSm", "k.pictureLg", "k.email", "k.phoneNumber", "k.defaultLocation", "k.shortCode", "k.vatId"])
    .select((e) => [
      linkedUsersJson(kind, e, "ContractorAttendant", "contractorId", "k.id").as("attendants"),
      linkedNamesJson(kind, e, { link: "ContractorIndustryBranch", owner: "contractorId", target: "industryBranchId", named: "IndustryBranch" }, "k.id").as("industryBranches"),
      linkedNamesJson(kind, e, { link: "ContractorTag", owner: "contractorId", target: "tagId", named: "Tag" }, "k.id").as("tags"),
      customFieldValuesJson(kind, e as never, "cv.contractorId", "k.id").as("customFields"),
    ]);
}

function noteContractorJson(kind: DatabaseKind, eb: ExpressionBuilder<Tables, never>, contractorId: string): RawBuilder<unknown> {
  return jsonObject(kind, noteContractorColumns(kind, eb).where(sql<boolean>`${sql.ref("k.id")} = ${sql.ref(contractorId)}`));
}

/** Notes by id in ONE statement: author, assignee, status and the contractor with everything it shows. */
export async function readNotes(read: ReadDb, ids: readonly string[], viewer: Viewer): Promise<Note[]> {
  const { db, kind } = read;
  const rows = await db
    .selectFrom("Note as n")
    .select(["n.id", "n.name", "n.content", "n.createdAt", "n.updatedAt", "n.deadline"])
    .select((eb) => [
      userRefJson(kind, eb, "n.createdById").as("createdBy"),
      userRefJson(kind, eb, "n.assignedUserId").as("assignedUser"),
      jsonObject(kind, eb.selectFrom("NoteStatus as ns").select(["ns.id", "ns.name", "ns.createdAt", "ns.updatedAt", "ns.decorator"]).whereRef("ns.id", "=", "n.statusId")).as(
        "status",
      ),
      noteContractorJson(kind, eb as never, "n.contractorId").as("contractor"),
    ])
    .where((eb) => inList(kind, eb.ref("n.id"), ids))
    .execute();
  const out: Note[] = [];
  for (const row of rows) {
    const author = userRefOf(row.createdBy);
    if (!author) continue;
    const assigned = userRefOf(row.assignedUser);
    const status = parseJson<{ id: string; name: string; createdAt: string; updatedAt: string; decorator: string } | null | undefined>(row.status) ?? null;
    const contractor = parseJson<ContractorJson | null | undefined>(row.contractor) ?? null;
    out.push({
      id: row.id,
      name: row.name,
      content: row.content,
      createdAt: toDateRequired(row.createdAt),
      updatedAt: toDateRequired(row.updatedAt),
      createdBy: toNoteUserRef(author),
      deadline: toDate(row.deadline),
      contractor: contractor ? toNoteContractor(contractor, viewer) : null,
      status: status
        ? { id: status.id, name: status.name, createdAt: toDateRequired(status.createdAt), updatedAt: toDateRequired(status.updatedAt), decorator: status.decorator }
        : null,
      assignedUser: assigned ? toNoteUserRef(assigned) : null,
    });
  }
  return out;
}

export interface ContractorJson {
  id: string;
  name: string;
  fullName: string;
  pictureSm: string;
  pictureLg: string;
  email: string;
  phoneNumber: string;
  defaultLocation: string;
  shortCode: string;
  vatId: string;
  attendants: unknown;
  industryBranches: unknown;
  tags: unknown;
  customFields: unknown;
}

export function toNoteContractor(row: ContractorJson, viewer: Viewer): NoteContractor {
  const attendants = linkedUsersOf(row.attendants);
  return {
    id: row.id,
    name: row.name,
    fullName: row.fullName,
    pictureSm: row.pictureSm,
    pictureLg: row.pictureLg,
    email: row.email,
    phoneNumber: row.phoneNumber,
    defaultLocation: row.defaultLocation,
    shortCode: row.shortCode,
    // admins manage every contractor; otherwise the users who look after it (its attendants) do
    canManage: viewer.isAdmin || attendants.some((a) => a.userId === viewer.id),
    vatId: row.vatId,
    attendants: attendants.map((a) => ({ id: a.userId, firstName: a.firstName, lastName: a.lastName, email: a.email, pictureSm: a.pictureSm, pictureLg: a.pictureLg })),
    industryBranches: idNamesOf(row.industryBranches),
    tags: idNamesOf(row.tags),
    customFields: customFieldValuesOf(row.customFields).map((v) => ({
      id: v.definitionId,
      valueId: v.id,
      name: v.name,
      description: v.description,
      dataType: v.dataType,
      ...customFieldValueFields(v),
    })),
  };
}

/** Contractors by id (the NoteContractor entity), in one statement. */
export async function readNoteContractors(read: ReadDb, ids: readonly string[], viewer: Viewer): Promise<NoteContractor[]> {
  const rows = await noteContractorColumns(read.kind, read.db as never)
    .where((eb) => inList(read.kind, eb.ref("k.id"), ids))
    .execute();
  return rows.map((r) => toNoteContractor(r as unknown as ContractorJson, viewer));
}

/** NoteStatus entities by id in one statement. */
export async function readNoteStatuses(read: ReadDb, ids: readonly string[]): Promise<NoteStatus[]> {
  const rows = await read.db
    .selectFrom("NoteStatus as ns")
    .select(["ns.id", "ns.name", "ns.createdAt", "ns.updatedAt", "ns.decorator"])
    .where((eb) => inList(read.kind, eb.ref("ns.id"), ids))
    .execute();
  return rows.map((s) => ({ id: s.id, name: s.name, createdAt: toDateRequired(s.createdAt), updatedAt: toDateRequired(s.updatedAt), decorator: s.decorator }));
}

// ─── entities: the area's @key types, loaded by the reads above (listed in src/schema/registry.ts) ───

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
