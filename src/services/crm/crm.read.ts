import { sql } from "kysely";
import { Note, NoteContractor, NoteStatus, type ContractorCustomField } from "../../types/crm/note.type";
import type { NoteUserRef, ContractorAttendant } from "../../types/people/user-summaries.type";
import { rules } from "../../auth/rules";
import { column, columns, columnsOf, list, entityOf, object, readModel, rowsOf, required, ruleFlag } from "../shared/read-model";
import { byUserName, userSummary } from "../shared/user-refs";
import { linkedNames } from "../task/task.read";
import { customFieldValueFields, customFieldValues } from "../project/project.read";

const statusModel = readModel<NoteStatus>(columnsOf(NoteStatus, "ns"));

const attendantModel = readModel<ContractorAttendant>(columns("lu", ["id", "firstName", "lastName", "email", "pictureSm", "pictureLg"]));

/** A contractor as a note shows it (`k`): attendants, industry branches, tags and custom fields inside. */
const contractorModel = readModel<NoteContractor>({
  ...columnsOf(NoteContractor, "k"),
  canManage: ruleFlag("manageContractor", rules.manageContractor, "k.id"),
  attendants: list(attendantModel, byUserName("ContractorAttendant as lk", "lu", "lk.contractorId", "k.id")),
  industryBranches: linkedNames("ContractorIndustryBranch", "contractorId", "industryBranchId", "IndustryBranch", "k.id"),
  tags: linkedNames("ContractorTag", "contractorId", "tagId", "Tag", "k.id"),
  customFields: customFieldValues<ContractorCustomField>(
    {
      id: column("cd.id"),
      valueId: column("cv.id"),
      ...columns("cd", ["name", "description", "dataType"]),
      ...customFieldValueFields,
    },
    "cv.contractorId",
    "k.id",
  ),
});

/** `Note` in ONE statement: author, assignee, status and the contractor with everything it shows. */
const noteModel = readModel<Note>({
  ...columnsOf(Note, "n"),
  createdBy: required(userSummary<NoteUserRef>("n.createdById")),
  contractor: object(
    contractorModel,
    (_m, eb) => eb.selectFrom("Contractor as k").where(sql<boolean>`${sql.ref("k.id")} = ${sql.ref("n.contractorId")}`) as never,
  ),
  status: object(statusModel, rowsOf("NoteStatus as ns", "ns.id", "n.statusId")),
  assignedUser: userSummary<NoteUserRef>("n.assignedUserId"),
});

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

/** E14 (`Query.note`) loads through this entity. */
export const noteEntity = entityOf(Note, noteModel, "Note as n", rules.crm);
export const noteStatusEntity = entityOf(NoteStatus, statusModel, "NoteStatus as ns", rules.crm);
export const noteContractorEntity = entityOf(NoteContractor, contractorModel, "Contractor as k", rules.crm);
