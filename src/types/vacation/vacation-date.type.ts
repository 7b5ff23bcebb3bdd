import { Directive, Field, ObjectType } from "type-graphql";
import { DateScalar } from "../../scalars";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "One day of absence of a vacation." })
export class VacationDate extends Identified("vacation day") {
  @Field(() => DateScalar, { description: "The calendar day, YYYY-MM-DD (a Date: no time of day, no time zone to shift it)." })
  date!: Date;
}
