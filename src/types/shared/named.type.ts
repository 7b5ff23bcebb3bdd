import { Field, ID, ObjectType } from "type-graphql";

/** How a description names the object: "Id of the board." or "The board's id.". */
type Form = "of" | "'s";

const describe = (what: string, part: "id" | "name", form: Form) =>
  form === "of" ? `${part === "id" ? "Id" : "Name"} of the ${what}.` : `The ${what}'s ${part}.`;

/**
 * The `id` and `name` an object type starts with, described after the object (`"board"`) in the
 * forms given: `Named("board")` "Id of the board." and "Name of the board."; `Named("task", "'s")`
 * "The task's id." and "The task's name."; `Named("risk", "'s", "of")` "The risk's id." and "Name
 * of the risk.".
 */
export function Named(what: string, idForm: Form = "of", nameForm: Form = idForm) {
  // an object type for its fields to be inherited; never in the schema itself, as nothing answers it
  @ObjectType()
  abstract class NamedObject {
    @Field(() => ID, { description: describe(what, "id", idForm) })
    id!: string;

    @Field({ description: describe(what, "name", nameForm) })
    name!: string;
  }
  return NamedObject;
}
