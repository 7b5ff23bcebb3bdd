import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "A typed classifier with a colour: a stage type, a board type." })
export class IdNameDecorator {
  @Field(() => ID, { description: "Id of the classifier." })
  id!: string;

  @Field({ description: "Its name." })
  name!: string;

  @Field({ description: "Its colour, #rrggbb." })
  decorator!: string;
}
