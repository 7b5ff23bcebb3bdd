import { sql } from "kysely";
import { Note } from "../../types/crm/note.type";
import { NoteContractor } from "../../types/crm/note-contractor.type";
import { NoteStatus } from "../../types/crm/note-status.type";
import type { NoteUserRef } from "../../types/crm/note-user-ref.type";
import type { ContractorAttendant } from "../../types/crm/contractor-attendant.type";
import type { ContractorCustomField } from "../../types/crm/contractor-custom-field.type";
import { toDate, toDateRequired } from "../../db/row-values";
import { readBy } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { column, list, loadById, object, readModel, required, ruleFlag } from "../shared/read-model";
import { byUserName, userSummary } from "../shared/user-refs";
import { linkedNames } from "../task/task.read";
import { customFieldValueFields, customFieldValues } from "../project/project.read";
import { defineEntity } from "../../federation/entity-registry";

const statusModel = readModel<NoteStatus>({
  id: column("ns.id"),
  name: column("ns.name"),
  createdAt: column("ns.createdAt", toDateRequired),
  updatedAt: column("ns.updatedAt", toDateRequired),
  decorator: column("ns.decorator"),
});

const attendantModel = readModel<ContractorAttendant>({
  id: column("lu.id"),
  firstName: column("lu.firstName"),
  lastName: column("lu.lastName"),
  email: column("lu.email"),
  pictureSm: column("lu.pictureSm"),
  pictureLg: column("lu.pictureLg"),
});

/** A contractor as a note shows it (`k`): attendants, industry branches, tags and custom fields inside. */
const contractorModel = readModel<NoteContractor>({
  id: column("k.id"),
  name: column("k.name"),
  fullName: column("k.fullName"),
  pictureSm: column("k.pictureSm"),
  pictureLg: column("k.pictureLg"),
  email: column("k.email"),
  phoneNumber: column("k.phoneNumber"),
  defaultLocation: column("k.defaultLocation"),
  shortCode: column("k.shortCode"),
  canManage: ruleFlag("manageContractor", rules.manageContractor, "k.id"),
  vatId: column("k.vatId"),
  attendants: list(attendantModel, byUserName("ContractorAttendant as lk", "lu", "lk.contractorId", "k.id")),
  industryBranches: linkedNames("ContractorIndustryBranch", "contractorId", "industryBranchId", "IndustryBranch", "k.id"),
  tags: linkedNames("ContractorTag", "contractorId", "tagId", "Tag", "k.id"),
  customFields: customFieldValues<ContractorCustomField>(
    {
      id: column("cd.id"),
      valueId: column("cv.id"),
      name: column("cd.name"),
      description: column("cd.description"),
      dataType: column("cd.dataType"),
      ...customFieldValueFields,
    },
    "cv.contractorId",
    "k.id",
  ),
});

/** `Note` in ONE statement: author, assignee, status and the contractor with everything it shows (a note whose author is gone is left out). */
const noteModel = readModel<Note>({
  id: column("n.id"),
  name: column("n.name"),
  content: column("n.content"),
  createdAt: column("n.createdAt", toDateRequired),
  updatedAt: column("n.updatedAt", toDateRequired),
  createdBy: { ...required(userSummary<NoteUserRef>("n.createdById")), always: true },
  deadline: column("n.deadline", toDate),
  contractor: object(
    contractorModel,
    (_m, eb) => eb.selectFrom("Contractor as k").where(sql<boolean>`${sql.ref("k.id")} = ${sql.ref("n.contractorId")}`) as never,
  ),
  status: object(statusModel, (_m, eb) => eb.selectFrom("NoteStatus as ns").whereRef("ns.id", "=", "n.statusId") as never),
  assignedUser: userSummary<NoteUserRef>("n.assignedUserId"),
});

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

/** E14 (`Query.note`) loads through this entity. */
export const noteEntity = defineEntity(Note, {
  read: readBy(rules.crm),
  loadMany: loadById(noteModel, "Note as n", { keep: (n) => n.createdBy !== null }),
});

export const noteStatusEntity = defineEntity(NoteStatus, {
  read: readBy(rules.crm),
  loadMany: loadById(statusModel, "NoteStatus as ns"),
});

export const noteContractorEntity = defineEntity(NoteContractor, {
  read: readBy(rules.crm),
  loadMany: loadById(contractorModel, "Contractor as k"),
});
