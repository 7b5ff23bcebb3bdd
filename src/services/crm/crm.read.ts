import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { ReadDb } from "../../db/kysely";
import type { DatabaseKind } from "../../db/client";
import type { Tables } from "../../db/tables";
import type { Viewer } from "../../auth/authenticate";
import type { Note } from "../../types/crm/note.type";
import type { NoteContractor } from "../../types/crm/note-contractor.type";
import type { NoteStatus } from "../../types/crm/note-status.type";
import type { ContractorAttendant } from "../../types/crm/contractor-attendant.type";
import type { IdName } from "../../types/shared/id-name.type";
import { inList, parseJson, toDate, toDateRequired } from "../../db/row-values";
import { jsonArray, jsonObject } from "../shared/json";
import { customFieldValueFields, customFieldValuesJson, customFieldValuesOf } from "../project/project.read";
import { toNoteUserRef, userRefJson, userRefOf } from "../people/user-refs.read";

/** A contractor as NoteContractor wants it, as a JSON object (attendants, branches, tags, custom fields inside). */
export function noteContractorColumns(kind: DatabaseKind, eb: ExpressionBuilder<Tables, never>) {
  return eb
    .selectFrom("Contractor as k")
    .select(["k.id", "k.name", "k.fullName", "k.pictureSm", "k.pictureLg", "k.email", "k.phoneNumber", "k.defaultLocation", "k.shortCode", "k.vatId"])
    .select((e) => [
      jsonArray(
        kind,
        e
          .selectFrom("ContractorAttendant as a")
          .innerJoin("User as au", "au.id", "a.userId")
          .select(["au.id", "au.firstName", "au.lastName", "au.email", "au.pictureSm", "au.pictureLg"])
          .whereRef("a.contractorId", "=", "k.id")
          .orderBy("au.lastName")
          .orderBy("au.firstName")
          .orderBy("a.id"),
      ).as("attendants"),
      jsonArray(
        kind,
        e
          .selectFrom("ContractorIndustryBranch as cb")
          .innerJoin("IndustryBranch as ib", "ib.id", "cb.industryBranchId")
          .select(["ib.id", "ib.name"])
          .whereRef("cb.contractorId", "=", "k.id")
          .orderBy("ib.name")
          .orderBy("cb.id"),
      ).as("industryBranches"),
      jsonArray(
        kind,
        e.selectFrom("ContractorTag as ct").innerJoin("Tag as tg", "tg.id", "ct.tagId").select(["tg.id", "tg.name"]).whereRef("ct.contractorId", "=", "k.id").orderBy("tg.name").orderBy("ct.id"),
      ).as("tags"),
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
  const attendants = parseJson<ContractorAttendant[]>(row.attendants) ?? [];
  const idName = (value: unknown): IdName[] => (parseJson<IdName[] | undefined>(value) ?? []).map((x) => ({ id: x.id, name: x.name }));
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
    canManage: viewer.isAdmin || attendants.some((a) => a.id === viewer.id),
    vatId: row.vatId,
    attendants: attendants.map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email, pictureSm: a.pictureSm, pictureLg: a.pictureLg })),
    industryBranches: idName(row.industryBranches),
    tags: idName(row.tags),
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
