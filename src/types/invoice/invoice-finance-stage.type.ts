import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "The stage an invoice is booked to, in short." })
export class InvoiceFinanceStage {
  @Field(() => ID, { description: "Id of the stage." })
  id!: string;

  @Field({ description: "Name of the stage." })
  name!: string;

  @Field(() => ID, { description: "Id of the stage's project." })
  financeProject!: string;
}
