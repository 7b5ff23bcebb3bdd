import { Directive, Field, Int, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "An option of a select custom field, as chosen in a value." })
export class CustomFieldOption extends Identified("option", "'s") {
  @Field({ description: "The option's text." })
  value!: string;

  @Field(() => Int, { description: "Position among the field's options." })
  weight!: number;

  @Field({ description: "The option's colour, #rrggbb." })
  decorator!: string;
}
