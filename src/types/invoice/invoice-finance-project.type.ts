import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "The project an invoice is booked to, in short." })
export class InvoiceFinanceProject {
  @Field(() => ID, { description: "Id of the project." })
  id!: string;

  @Field({ description: "Name of the project." })
  name!: string;

  @Field({ description: "Short code of the project." })
  shortCode!: string;

  @Field({ description: "Number of the project, from its project numbering." })
  no!: string;

  @Field({ description: "Whether it is a simple project (one board, no stages)." })
  isSimple!: boolean;
}
