import { IsPositive, Length, Max, MaxLength, Min } from "class-validator";
import { Field, Float, InputType } from "type-graphql";
import { IsDecimal } from "../../validation/rules";
import type { TaxRate } from "../../domain/value-sets";
import { GtuCode, TaxRate as TaxRateEnum } from "../../types/shared/enums";
import { MAX_AMOUNT_NUMBER } from "../../domain/money";
import { Optional, Required } from "../../types/shared/fields";

@InputType({
  description: "A position of a new invoice (or of a correction's items as they stood before). The server computes its amounts.",
})
export class InvoiceItemInput {
  @Required(String, "What is sold, 1 to 255 characters.")
  @Length(1, 255)
  positionName!: string;

  @Field({ nullable: true, defaultValue: "", description: "Unit of measure (e.g. szt., h), up to 50 characters; empty by default." })
  @MaxLength(50)
  unit?: string;

  @Required(Float, "Quantity: greater than 0, at most 1,000,000,000, up to 4 decimal places.")
  @IsDecimal(4)
  @IsPositive()
  @Max(1_000_000_000)
  count!: number;

  @Required(Float, "Net price of one unit: 0 or more, up to 2 decimal places, at most 999,999,999,999.99.")
  @IsDecimal(2)
  @Min(0)
  @Max(MAX_AMOUNT_NUMBER)
  priceUnit!: number;

  @Required(
    TaxRateEnum,
    "VAT rate: RATE_23, RATE_8, RATE_5, RATE_0 (stored 23, 8, 5, 0), or zw (exempt), np (not subject to VAT), oo (reverse charge), which carry no VAT.",
  )
  tax!: TaxRate;

  @Optional(GtuCode, "GTU code, GTU_01 to GTU_13; none by default.")
  gtu?: string | null;
}
