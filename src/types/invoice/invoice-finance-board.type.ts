import { Field, ID, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@ObjectType({ description: "The board an invoice is booked to, in short." })
export class InvoiceFinanceBoard extends Named("board") {
  @Field({ description: "Short code of the board." })
  shortCode!: string;

  @Field(() => ID, { description: "Id of the board's project." })
  financeProject!: string;

  @Field(() => ID, { nullable: true, description: "Id of the board's stage; null for a board outside stages." })
  financeStage!: string | null;
}
