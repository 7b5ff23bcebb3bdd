import { Directive, Field, ID, ObjectType } from "type-graphql";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A kind of absence (annual leave, sick leave...), as shown on a vacation." })
export class VacationType {
  @Field(() => ID, { description: "Id of the vacation type." })
  id!: string;

  @Field({ description: "Its name." })
  name!: string;

  @Field({ description: "Whether days of this type count against the user's yearly vacation allowance." })
  decrementVacation!: boolean;

  @Field({ description: "Whether the type may still be chosen for new vacations." })
  isActive!: boolean;
}
