import { Field, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@ObjectType({ description: "The project an invoice is booked to, in short." })
export class InvoiceFinanceProject extends Named("project") {
  @Field({ description: "Short code of the project." })
  shortCode!: string;

  @Field({ description: "Number of the project, from its project numbering." })
  no!: string;

  @Field({ description: "Whether it is a simple project (one board, no stages)." })
  isSimple!: boolean;
}
