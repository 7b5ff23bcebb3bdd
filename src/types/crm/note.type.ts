import { ObjectType, ID } from "type-graphql";
import { NoteUserRef, ContractorAttendant } from "../people/user-summaries.type";
import { Identified, Named, IdName, Entity } from "../shared/named.type";
import { CustomFieldValueFields } from "../project/custom-field.type";
import { Optional, FirstOf, Required } from "../shared/fields";

@ObjectType({
  description:
    "A custom field of a contractor with its value. Only the value field matching dataType is set; the others are null or empty.",
})
export class ContractorCustomField extends CustomFieldValueFields {
  @Required(ID, "Id of the custom field's definition.")
  id!: string;

  @Required(ID, "Id of this value.")
  valueId!: string;

  @Required(String, "Name of the field.")
  name!: string;

  @Required(String, "Explanation of the field, empty when none.")
  description!: string;

  @Required(String, "Kind of value: text, float, datetime, select, users or department.")
  dataType!: string;
}

@Entity("The contractor (client company) a CRM note is about, with its CRM details.")
export class NoteContractor extends Identified("contractor") {
  @Required(String, "Short name.")
  name!: string;

  @Required(String, "Full registered name, empty when unknown.")
  fullName!: string;

  @Required(String, "URL of the small logo, empty when none.")
  pictureSm!: string;

  @Required(String, "URL of the large logo, empty when none.")
  pictureLg!: string;

  @Required(String, "E-mail address, empty when unknown.")
  email!: string;

  @Required(String, "Phone number, empty when unknown.")
  phoneNumber!: string;

  @Required(String, "Usual place of meetings or business, empty when unknown.")
  defaultLocation!: string;

  @Required(String, "Short code, unique.")
  shortCode!: string;

  @Required(Boolean, "Whether the caller may manage the contractor: an admin or one of its attendants.")
  canManage!: boolean;

  @Required(String, "Tax identifier (NIP / VAT id), empty when unknown.")
  vatId!: string;

  @FirstOf(ContractorAttendant, 20, "Users who look after the contractor, by last name, first name")
  attendants!: ContractorAttendant[];

  @FirstOf(IdName, 20, "Industry branches the contractor works in, by name")
  industryBranches!: IdName[];

  @FirstOf(IdName, 20, "Tags of the contractor, by name")
  tags!: IdName[];

  @FirstOf(ContractorCustomField, 30, "The contractor's custom fields with their values, by the fields' weight")
  customFields!: ContractorCustomField[];
}

@Entity("A state a CRM note can be in (e.g. to do, done), with its colour.")
export class NoteStatus extends Named("status", "of", "its") {
  @Required(Date, "When the status was created.")
  createdAt!: Date;

  @Required(Date, "When the status was last changed.")
  updatedAt!: Date;

  @Required(String, "Its colour, #rrggbb.")
  decorator!: string;
}

@Entity("A CRM note: something to remember or do about a client.")
export class Note extends Identified("note") {
  @Required(String, "Title of the note.")
  name!: string;

  @Required(String, "Body of the note, empty when none.")
  content!: string;

  @Required(Date, "When the note was created.")
  createdAt!: Date;

  @Required(Date, "When the note was last changed.")
  updatedAt!: Date;

  @Required(NoteUserRef, "Who wrote the note.")
  createdBy!: NoteUserRef;

  @Optional(Date, "When the note is due, if it has a deadline.")
  deadline!: Date | null;

  @Optional(NoteContractor, "The contractor the note is about, if any.")
  contractor!: NoteContractor | null;

  @Optional(NoteStatus, "The note's status, if set.")
  status!: NoteStatus | null;

  @Optional(NoteUserRef, "Who the note is assigned to, if anyone.")
  assignedUser!: NoteUserRef | null;
}
