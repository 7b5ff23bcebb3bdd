import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "The board an invoice is booked to, in short." })
export class InvoiceFinanceBoard {
  @Field(() => ID, { description: "Id of the board." })
  id!: string;

  @Field({ description: "Name of the board." })
  name!: string;

  @Field({ description: "Short code of the board." })
  shortCode!: string;

  @Field(() => ID, { description: "Id of the board's project." })
  financeProject!: string;

  @Field(() => ID, { nullable: true, description: "Id of the board's stage; null for a board outside stages." })
  financeStage!: string | null;
}
