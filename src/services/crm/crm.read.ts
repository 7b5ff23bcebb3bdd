import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { ReadPort } from "../../db/database";
import type { SqlDialect } from "../../db/sql";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { Note } from "../../types/crm/note.type";
import type { NoteContractor } from "../../types/crm/note-contractor.type";
import type { NoteStatus } from "../../types/crm/note-status.type";
import { parseJson, toDate, toDateRequired } from "../../db/row-values";
import { idNamesOf, linkedNamesJson } from "../shared/json";
import { customFieldValueFields, customFieldValuesJson, customFieldValuesOf } from "../project/project.read";
import { linkedUsersJson, linkedUsersOf, toNoteUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { readBy } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { defineEntity } from "../../federation/entity-registry";

/** A contractor as NoteContractor wants it, as a JSON object (attendants, branches, tags, custom fields inside). */
export function noteContractorColumns(d: SqlDialect, eb: ExpressionBuilder<Tables, never>) {
  return eb
    .selectFrom("Contractor as k")
    .select(["k.id", "k.name", "k.fullName", "k.pictureSm", "k.pictureLg", "k.email", "k.phoneNumber", "k.defaultLocation", "k.shortCode", "k.vatId"])
    .select((e) => [
      linkedUsersJson(d, e, "ContractorAttendant", "contractorId", "k.id").as("attendants"),
      linkedNamesJson(d, e, { link: "ContractorIndustryBranch", owner: "contractorId", target: "industryBranchId", named: "IndustryBranch" }, "k.id").as("industryBranches"),
      linkedNamesJson(d, e, { link: "ContractorTag", owner: "contractorId", target: "tagId", named: "Tag" }, "k.id").as("tags"),
      customFieldValuesJson(d, e as never, "cv.contractorId", "k.id").as("customFields"),
    ]);
}

function noteContractorJson(d: SqlDialect, eb: ExpressionBuilder<Tables, never>, contractorId: string): RawBuilder<unknown> {
  return d.jsonObject(noteContractorColumns(d, eb).where(sql<boolean>`${sql.ref("k.id")} = ${sql.ref(contractorId)}`));
}

/** Notes by id in ONE statement: author, assignee, status and the contractor with everything it shows. */
export async function readNotes(read: ReadPort, ids: readonly string[], viewer: Viewer): Promise<Note[]> {
  const { db } = read;
  const d = read;
  const rows = await db
    .selectFrom("Note as n")
    .select(["n.id", "n.name", "n.content", "n.createdAt", "n.updatedAt", "n.deadline"])
    .select((eb) => [
      userRefJson(d, eb, "n.createdById").as("createdBy"),
      userRefJson(d, eb, "n.assignedUserId").as("assignedUser"),
      d.jsonObject(eb.selectFrom("NoteStatus as ns").select(["ns.id", "ns.name", "ns.createdAt", "ns.updatedAt", "ns.decorator"]).whereRef("ns.id", "=", "n.statusId")).as(
        "status",
      ),
      noteContractorJson(d, eb as never, "n.contractorId").as("contractor"),
    ])
    .where((eb) => d.inList(eb.ref("n.id"), ids))
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
export async function readNoteContractors(read: ReadPort, ids: readonly string[], viewer: Viewer): Promise<NoteContractor[]> {
  const rows = await noteContractorColumns(read, read.db as never)
    .where((eb) => read.inList(eb.ref("k.id"), ids))
    .execute();
  return rows.map((r) => toNoteContractor(r as unknown as ContractorJson, viewer));
}

/** NoteStatus entities by id in one statement. */
export async function readNoteStatuses(read: ReadPort, ids: readonly string[]): Promise<NoteStatus[]> {
  const rows = await read.db
    .selectFrom("NoteStatus as ns")
    .select(["ns.id", "ns.name", "ns.createdAt", "ns.updatedAt", "ns.decorator"])
    .where((eb) => read.inList(eb.ref("ns.id"), ids))
    .execute();
  return rows.map((s) => ({ id: s.id, name: s.name, createdAt: toDateRequired(s.createdAt), updatedAt: toDateRequired(s.updatedAt), decorator: s.decorator }));
}

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

/** Notes are read by any authenticated user; E14 (`Query.note`) loads through this entity. */
export const noteEntity = defineEntity<Note>({
  typeName: "Note",
  read: readBy(rules.crm),
  /** A batch of notes, with their contractors and everything below them, in one statement. */
  loadMany: (read, ids, viewer) => readNotes(read, ids, viewer),
});

export const noteStatusEntity = defineEntity<NoteStatus>({
  typeName: "NoteStatus",
  read: readBy(rules.crm),
  loadMany: (read, ids) => readNoteStatuses(read, ids),
});

export const noteContractorEntity = defineEntity<NoteContractor>({
  typeName: "NoteContractor",
  read: readBy(rules.crm),
  loadMany: (read, ids, viewer) => readNoteContractors(read, ids, viewer),
});
