import { Field, Int } from "type-graphql";
import { Identified, Entity } from "../shared/named.type";

@Entity("A user's shortcut to a view of the web app.")
export class Shortcut extends Identified("shortcut") {
  @Field(() => Int, { description: "Position among the owner's shortcuts, from 1; new ones go last." })
  weight!: number;

  @Field({ description: "Label shown for the shortcut." })
  name!: string;

  @Field({ description: "Address of the view it opens." })
  viewUrl!: string;

  @Field({ description: "Whether it opens in a new browser tab." })
  isOpenedInNewTab!: boolean;
}
