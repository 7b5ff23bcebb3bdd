import type { Area } from "../area";
import { NoteResolver } from "./crm.resolver";
import { noteEntity, noteStatusEntity, noteContractorEntity } from "../../services/crm/crm.read";

export const crmArea: Area = {
  resolvers: [NoteResolver],
  entities: [noteEntity, noteStatusEntity, noteContractorEntity],
};
