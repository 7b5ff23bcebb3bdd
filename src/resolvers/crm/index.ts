import type { Area } from "../area";
import { NoteResolver } from "./crm.resolver";
import * as read from "../../services/crm/crm.read";

export const crmArea: Area = {
  resolvers: [NoteResolver],
  entities: [read.noteEntity, read.noteStatusEntity, read.noteContractorEntity],
};
