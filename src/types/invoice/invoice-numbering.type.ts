import { Directive, Field, Int, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A numbering series of invoices: the pattern their numbers follow and when its counter starts again." })
export class InvoiceNumbering extends Identified("numbering") {
  @Field({ description: "The invoice direction it numbers: income or cost." })
  kind!: string;

  @Field({
    description:
      "Pattern of the numbers, e.g. FV/{number}/{MM}/{YYYY}. Tokens: {number} (the counter), {YYYY}, {YY}, {MM}, {DD} (from the invoice's issue date).",
  })
  pattern!: string;

  @Field(() => String, {
    nullable: true,
    description: "ISO 8601 duration after which the counter starts again at 1: P1M (monthly), P1Y (yearly), P1D, P3M; null: never.",
  })
  resetInterval!: string | null;

  @Field(() => Int, { description: "Minimum number of digits of {number}, padded with leading zeros (0: no padding)." })
  leadingZero!: number;

  @Field({ description: "Whether invoices of this kind are numbered by it when no numbering is named." })
  isDefault!: boolean;

  @Field({ description: "Document title that invoices of this numbering carry unless they name their own." })
  docTitle!: string;

  @Field(() => Int, {
    nullable: true,
    description: "The last number this numbering has given in the current period (today, UTC); null when it has given none yet.",
  })
  closestCounter!: number | null;
}
