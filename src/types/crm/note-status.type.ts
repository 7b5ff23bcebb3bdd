import { Directive, Field, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A state a CRM note can be in (e.g. to do, done), with its colour." })
export class NoteStatus extends Named("status", "of", "its") {
  @Field(() => Date, { description: "When the status was created." })
  createdAt!: Date;

  @Field(() => Date, { description: "When the status was last changed." })
  updatedAt!: Date;

  @Field({ description: "Its colour, #rrggbb." })
  decorator!: string;
}
