import { Field, ID, ObjectType } from "type-graphql";

/**
 * The `id` and `name` a summary of an object starts with, described after the object (`"board"`):
 * "Id of the board." and "Name of the board.", or `possessive`, "The board's id." and "The
 * board's name.".
 */
export function Named(what: string, possessive = false) {
  // an object type for its fields to be inherited; never in the schema itself, as nothing answers it
  @ObjectType()
  abstract class NamedObject {
    @Field(() => ID, { description: possessive ? `The ${what}'s id.` : `Id of the ${what}.` })
    id!: string;

    @Field({ description: possessive ? `The ${what}'s name.` : `Name of the ${what}.` })
    name!: string;
  }
  return NamedObject;
}
