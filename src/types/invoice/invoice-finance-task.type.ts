import { Field, ID, Int, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@ObjectType({ description: "The task an invoice is booked to, in short." })
export class InvoiceFinanceTask extends Named("task") {
  @Field(() => Int, { description: "Number of the task on its board." })
  number!: number;

  @Field({ description: "Short code of the task." })
  shortCode!: string;

  @Field(() => ID, { description: "Id of the task's project." })
  financeProject!: string;

  @Field(() => ID, { nullable: true, description: "Id of the task's stage, if it has one." })
  financeStage!: string | null;

  @Field(() => ID, { description: "Id of the task's board." })
  financeBoard!: string;
}
