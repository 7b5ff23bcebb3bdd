import { Int } from "type-graphql";
import { Required } from "../shared/fields";
import { Identified, Entity } from "../shared/named.type";

@Entity("A user's shortcut to a view of the web app.")
export class Shortcut extends Identified("shortcut") {
  @Required(Int, "Position among the owner's shortcuts, from 1; new ones go last.")
  weight!: number;

  @Required(String, "Label shown for the shortcut.")
  name!: string;

  @Required(String, "Address of the view it opens.")
  viewUrl!: string;

  @Required(Boolean, "Whether it opens in a new browser tab.")
  isOpenedInNewTab!: boolean;
}
