import { Directive, Field, Float, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

/** A cost or an income booked against an invoice: one shape but for the name of its type field (`costType`, `incomeType`). */
function Booking(kind: "cost" | "income", dated: string) {
  @ObjectType()
  abstract class BookingEntry extends Identified(`${kind} entry`) {
    @Field({ description: `What the ${kind} is.` })
    name!: string;

    @Field(() => Float, { description: "Net amount." })
    priceNet!: number;

    @Field(() => Float, { description: "Gross amount." })
    priceGross!: number;
  }
  Field(() => String, { description: "How the entry came to be (manually: entered by a person)." })(BookingEntry.prototype, `${kind}Type`);
  Field(() => Date, { description: `When the ${kind} was ${dated}.` })(BookingEntry.prototype, "date");
  return BookingEntry;
}

@Directive('@key(fields: "id")')
@ObjectType({ description: "A cost booked against an invoice." })
export class InvoiceCost extends Booking("cost", "incurred") {
  costType!: string;
  date!: Date;
}

@Directive('@key(fields: "id")')
@ObjectType({ description: "An income booked against an invoice." })
export class InvoiceIncome extends Booking("income", "earned") {
  incomeType!: string;
  date!: Date;
}
