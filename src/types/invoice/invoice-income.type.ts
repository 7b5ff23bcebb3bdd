import { Directive, Field, Float, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "An income booked against an invoice." })
export class InvoiceIncome extends Identified("income entry") {
  @Field({ description: "What the income is." })
  name!: string;

  @Field(() => Float, { description: "Net amount." })
  priceNet!: number;

  @Field(() => Float, { description: "Gross amount." })
  priceGross!: number;

  @Field({ description: "How the entry came to be (manually: entered by a person)." })
  incomeType!: string;

  @Field(() => Date, { description: "When the income was earned." })
  date!: Date;
}
