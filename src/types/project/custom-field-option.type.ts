import { Directive, Field, ID, Int, ObjectType } from "type-graphql";

@Directive('@key(fields: "id")')
@ObjectType({ description: "An option of a select custom field, as chosen in a value." })
export class CustomFieldOption {
  @Field(() => ID, { description: "The option's id." })
  id!: string;

  @Field({ description: "The option's text." })
  value!: string;

  @Field(() => Int, { description: "Position among the field's options." })
  weight!: number;

  @Field({ description: "The option's colour, #rrggbb." })
  decorator!: string;
}
