import { Directive, Field, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A kind of absence (annual leave, sick leave...), as shown on a vacation." })
export class VacationType extends Identified("vacation type") {
  @Field({ description: "Its name." })
  name!: string;

  @Field({ description: "Whether days of this type count against the user's yearly vacation allowance." })
  decrementVacation!: boolean;

  @Field({ description: "Whether the type may still be chosen for new vacations." })
  isActive!: boolean;
}
