import { Directive, Field, Int, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A numbering scheme that gives projects their number (`no`) from a pattern and a counter." })
export class ProjectNumbering extends Named("numbering", "'s", "of") {
  @Field({
    description:
      "Pattern of the number: {number} is the counter padded with zeros to counterPadLength; {YYYY}, {YY}, {MM} and {DD} are the creation date (UTC).",
  })
  pattern!: string;

  @Field(() => Int, { description: "Minimum number of digits of {number}, padded with leading zeros." })
  counterPadLength!: number;

  @Field(() => Int, {
    description: "The counter value the next project numbered by this scheme gets; 1 instead once a new counter period has begun.",
  })
  counterNextValue!: number;

  @Field(() => String, {
    nullable: true,
    description: "ISO 8601 duration after which the counter starts again at 1 (P1Y: every year, P1M: every month); null: never.",
  })
  counterInterval!: string | null;

  @Field({ description: "Whether this is the numbering used when a project names none." })
  isDefault!: boolean;
}
