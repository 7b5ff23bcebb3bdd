import { Directive, Field, Float, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A cost booked against an invoice." })
export class InvoiceCost extends Identified("cost entry") {
  @Field({ description: "What the cost is." })
  name!: string;

  @Field(() => Float, { description: "Net amount." })
  priceNet!: number;

  @Field(() => Float, { description: "Gross amount." })
  priceGross!: number;

  @Field({ description: "How the entry came to be (manually: entered by a person)." })
  costType!: string;

  @Field(() => Date, { description: "When the cost was incurred." })
  date!: Date;
}
