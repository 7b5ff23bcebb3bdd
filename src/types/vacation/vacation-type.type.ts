import { Directive, Field, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A kind of absence (annual leave, sick leave...), as shown on a vacation." })
export class VacationType extends Named("vacation type", "of", "its") {
  @Field({ description: "Whether days of this type count against the user's yearly vacation allowance." })
  decrementVacation!: boolean;

  @Field({ description: "Whether the type may still be chosen for new vacations." })
  isActive!: boolean;
}
