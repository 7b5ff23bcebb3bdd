import { Directive, Field, ID, ObjectType } from "type-graphql";

@Directive('@key(fields: "id")')
@ObjectType({ description: "One day of absence of a vacation." })
export class VacationDate {
  @Field(() => ID, { description: "Id of the vacation day." })
  id!: string;

  @Field(() => Date, { description: "The day (start of the day, as stored)." })
  date!: Date;
}
