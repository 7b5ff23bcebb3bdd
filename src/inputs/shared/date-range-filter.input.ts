import { Field, InputType } from "type-graphql";

@InputType({ description: "A range of date-times; the bounds given all apply (AND), absent ones do not limit." })
export class DateRangeFilter {
  @Field(() => Date, { nullable: true, description: "At or before this moment (inclusive)." })
  before?: Date | null;

  @Field(() => Date, { nullable: true, description: "Before this moment (exclusive)." })
  strictlyBefore?: Date | null;

  @Field(() => Date, { nullable: true, description: "At or after this moment (inclusive)." })
  after?: Date | null;

  @Field(() => Date, { nullable: true, description: "After this moment (exclusive)." })
  strictlyAfter?: Date | null;
}
