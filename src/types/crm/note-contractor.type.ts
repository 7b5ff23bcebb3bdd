import { Directive, Field, ObjectType } from "type-graphql";
import { ContractorAttendant } from "../people/user-summaries.type";
import { ContractorCustomField } from "./contractor-custom-field.type";
import { IdName } from "../shared/id-name.type";
import { FirstOf } from "../shared/first-of";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "The contractor (client company) a CRM note is about, with its CRM details." })
export class NoteContractor extends Identified("contractor") {
  @Field({ description: "Short name." })
  name!: string;

  @Field({ description: "Full registered name, empty when unknown." })
  fullName!: string;

  @Field({ description: "URL of the small logo, empty when none." })
  pictureSm!: string;

  @Field({ description: "URL of the large logo, empty when none." })
  pictureLg!: string;

  @Field({ description: "E-mail address, empty when unknown." })
  email!: string;

  @Field({ description: "Phone number, empty when unknown." })
  phoneNumber!: string;

  @Field({ description: "Usual place of meetings or business, empty when unknown." })
  defaultLocation!: string;

  @Field({ description: "Short code, unique." })
  shortCode!: string;

  @Field({ description: "Whether the caller may manage the contractor: an admin or one of its attendants." })
  canManage!: boolean;

  @Field({ description: "Tax identifier (NIP / VAT id), empty when unknown." })
  vatId!: string;

  @FirstOf(() => ContractorAttendant, 20, "Users who look after the contractor, by last name, first name")
  attendants!: ContractorAttendant[];

  @FirstOf(() => IdName, 20, "Industry branches the contractor works in, by name")
  industryBranches!: IdName[];

  @FirstOf(() => IdName, 20, "Tags of the contractor, by name")
  tags!: IdName[];

  @FirstOf(() => ContractorCustomField, 30, "The contractor's custom fields with their values, by the fields' weight")
  customFields!: ContractorCustomField[];
}
