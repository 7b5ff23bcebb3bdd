import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "A referenced object by id and name (category, tag, department, contractor...)." })
export class IdName {
  @Field(() => ID, { description: "Id of the referenced object." })
  id!: string;

  @Field({ description: "Its name." })
  name!: string;
}
