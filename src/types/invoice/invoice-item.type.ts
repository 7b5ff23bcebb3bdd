import { Field, Float, Int, ObjectType } from "type-graphql";
import { GtuCode, TaxRate } from "../shared/enums";

@ObjectType({ description: "A position of an invoice, with its amounts computed by the server." })
export class InvoiceItem {
  @Field(() => Int, { description: "Position of the item on the invoice, from 1, in the order it was given." })
  order!: number;

  @Field({ description: "What is sold: the name of the good or service." })
  positionName!: string;

  @Field({ description: "Unit of measure (e.g. szt., h); empty when none." })
  unit!: string;

  @Field(() => Float, { description: "Quantity, up to four decimal places." })
  count!: number;

  @Field(() => Float, { description: "Net price of one unit." })
  priceUnit!: number;

  @Field(() => TaxRate, {
    description:
      "VAT rate: RATE_23, RATE_8, RATE_5, RATE_0 (stored 23, 8, 5, 0), or zw (exempt), np (not subject to VAT), oo (reverse charge).",
  })
  tax!: string;

  @Field(() => Float, { description: "count x priceUnit, rounded half-up to 2 places." })
  netAmount!: number;

  @Field(() => Float, { description: "netAmount x the VAT rate, rounded half-up to 2 places; 0 for zw, np and oo." })
  vatAmount!: number;

  @Field(() => Float, { description: "netAmount + vatAmount." })
  grossAmount!: number;

  @Field(() => GtuCode, { nullable: true, description: "GTU code of the item (GTU_01 to GTU_13), if any." })
  gtu!: string | null;
}
