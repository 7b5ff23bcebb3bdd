import type { Prisma } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import type { Note } from "../types/note.type";
import type { NoteContractor } from "../types/note-contractor.type";
import type { NoteStatus } from "../types/note-status.type";
import type { ContractorCustomField } from "../types/contractor-custom-field.type";
import { NotFoundError } from "../errors/errors";
import { defineEntity } from "../federation/entity-registry";
import { toNoteUserRef, userRefInclude } from "../mappers/user-refs";

const userSummarySelect = { id: true, firstName: true, lastName: true, email: true, pictureSm: true } as const;

export const noteContractorInclude = {
  attendants: {
    include: { user: { select: { ...userSummarySelect, pictureLg: true } } },
    orderBy: [{ user: { lastName: "asc" } }, { user: { firstName: "asc" } }, { id: "asc" }],
  },
  industryBranches: { include: { industryBranch: true }, orderBy: [{ industryBranch: { name: "asc" } }, { id: "asc" }] },
  tags: { include: { tag: true }, orderBy: [{ tag: { name: "asc" } }, { id: "asc" }] },
  customFieldValues: {
    include: {
      definition: true,
      valueDepartment: { select: { id: true, name: true } },
      valueSelectOptions: { include: { option: true }, orderBy: [{ option: { weight: "asc" } }, { id: "asc" }] },
      valueSelectUsers: {
        include: { user: { select: userSummarySelect } },
        orderBy: [{ user: { lastName: "asc" } }, { user: { firstName: "asc" } }, { id: "asc" }],
      },
    },
    orderBy: [{ definition: { weight: "asc" } }, { id: "asc" }],
  },
} satisfies Prisma.ContractorInclude;

export const noteInclude = {
  createdBy: { include: userRefInclude },
  assignedUser: { include: userRefInclude },
  status: true,
  contractor: { include: noteContractorInclude },
} satisfies Prisma.NoteInclude;

type NoteRow = Prisma.NoteGetPayload<{ include: typeof noteInclude }>;
type ContractorRow = Prisma.ContractorGetPayload<{ include: typeof noteContractorInclude }>;
type CustomFieldValueRow = ContractorRow["customFieldValues"][number];

function toContractorCustomField(row: CustomFieldValueRow): ContractorCustomField {
  return {
    id: row.definition.id,
    valueId: row.id,
    name: row.definition.name,
    description: row.definition.description,
    dataType: row.definition.dataType,
    valueText: row.valueText,
    // toFixed() without places: the exact stored value, never in exponent notation
    valueFloat: row.valueFloat === null ? null : row.valueFloat.toFixed(),
    valueDateTime: row.valueDateTime,
    valueSelectOptions: row.valueSelectOptions.map(({ option }) => ({
      id: option.id,
      value: option.value,
      weight: option.weight,
      decorator: option.decorator,
    })),
    valueSelectUsers: row.valueSelectUsers.map(({ user }) => user),
    valueDepartment: row.valueDepartment,
  };
}

/** Admins manage every contractor; otherwise the users who look after it (its attendants) do. */
function canManageContractor(viewer: Viewer | null, row: ContractorRow): boolean {
  if (!viewer) return false;
  return viewer.isAdmin || row.attendants.some((a) => a.userId === viewer.id);
}

export function toNoteContractor(row: ContractorRow, viewer: Viewer | null): NoteContractor {
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
    canManage: canManageContractor(viewer, row),
    vatId: row.vatId,
    attendants: row.attendants.map(({ user }) => user),
    industryBranches: row.industryBranches.map(({ industryBranch }) => ({ id: industryBranch.id, name: industryBranch.name })),
    tags: row.tags.map(({ tag }) => ({ id: tag.id, name: tag.name })),
    customFields: row.customFieldValues.map(toContractorCustomField),
  };
}

function toNoteStatus(row: { id: string; name: string; createdAt: Date; updatedAt: Date; decorator: string }): NoteStatus {
  return { id: row.id, name: row.name, createdAt: row.createdAt, updatedAt: row.updatedAt, decorator: row.decorator };
}

export function toNote(row: NoteRow, viewer: Viewer | null): Note {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: toNoteUserRef(row.createdBy),
    deadline: row.deadline,
    contractor: row.contractor ? toNoteContractor(row.contractor, viewer) : null,
    status: row.status ? toNoteStatus(row.status) : null,
    assignedUser: row.assignedUser ? toNoteUserRef(row.assignedUser) : null,
  };
}

/** Notes are read by any authenticated user; E14 (`Query.note`) loads through this entity. */
export const noteEntity = defineEntity<Note>({
  typeName: "Note",
  async loadMany(db, ids, viewer) {
    const rows = await db.note.findMany({ where: { id: { in: [...ids] } }, include: noteInclude });
    return rows.map((row) => toNote(row, viewer));
  },
});

export const noteStatusEntity = defineEntity<NoteStatus>({
  typeName: "NoteStatus",
  async loadMany(db, ids) {
    return (await db.noteStatus.findMany({ where: { id: { in: [...ids] } } })).map(toNoteStatus);
  },
});

export const noteContractorEntity = defineEntity<NoteContractor>({
  typeName: "NoteContractor",
  async loadMany(db, ids, viewer) {
    const rows = await db.contractor.findMany({ where: { id: { in: [...ids] } }, include: noteContractorInclude });
    return rows.map((row) => toNoteContractor(row, viewer));
  },
});

/** E14. `load` is the request's batching loader (the Note entity), so a note is shaped one way everywhere. */
export async function getNote(id: string, load: (id: string) => Promise<Note | null>): Promise<Note> {
  const note = await load(id);
  if (!note) throw new NotFoundError("Note", id);
  return note;
}
