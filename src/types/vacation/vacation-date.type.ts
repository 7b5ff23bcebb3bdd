import { Directive, Field, ID, ObjectType } from "type-graphql";
import { DateScalar } from "../../scalars";

@Directive('@key(fields: "id")')
@ObjectType({ description: "One day of absence of a vacation." })
export class VacationDate {
  @Field(() => ID, { description: "Id of the vacation day." })
  id!: string;

  @Field(() => DateScalar, { description: "The calendar day, YYYY-MM-DD (a Date: no time of day, no time zone to shift it)." })
  date!: Date;
}
