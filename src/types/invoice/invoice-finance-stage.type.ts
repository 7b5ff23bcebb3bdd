import { Field, ID, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@ObjectType({ description: "The stage an invoice is booked to, in short." })
export class InvoiceFinanceStage extends Named("stage") {
  @Field(() => ID, { description: "Id of the stage's project." })
  financeProject!: string;
}
