import { Directive, ID, ObjectType } from "type-graphql";
import { Required } from "./fields";

/** How a description names the object: "Id of the board.", "The board's id." or "Its id.". */
type Form = "of" | "'s" | "its";

const describe = (what: string, part: "id" | "name", form: Form) =>
  form === "of" ? `${part === "id" ? "Id" : "Name"} of the ${what}.` : form === "its" ? `Its ${part}.` : `The ${what}'s ${part}.`;

/**
 * The `id` an object type starts with, described after the object (`"invoice"`) in the form
 * given: `Identified("invoice")` "Id of the invoice.", `Identified("item", "'s")` "The item's id.".
 */
export function Identified(what: string, form: Form = "of") {
  // object types for their fields to be inherited; never in the schema themselves, as nothing answers them
  @ObjectType()
  abstract class IdentifiedObject {
    @Required(ID, describe(what, "id", form))
    id!: string;
  }
  return IdentifiedObject;
}

/**
 * The `id` and `name` an object type starts with: `Named("board")` "Id of the board." and "Name
 * of the board."; `Named("task", "'s")` "The task's id." and "The task's name."; `Named("risk",
 * "'s", "of")` "The risk's id." and "Name of the risk.".
 */
export function Named(what: string, idForm: Form = "of", nameForm: Form = idForm) {
  @ObjectType()
  abstract class NamedObject extends Identified(what, idForm) {
    @Required(String, describe(what, "name", nameForm))
    name!: string;
  }
  return NamedObject;
}

/**
 * An object type with its own `id` is a federation entity: keyed by it (`@key(fields: "id")`) and
 * declared with its read rule in its area's read module (docs/CONTRIBUTING.md).
 */
export const Entity =
  (description: string): ClassDecorator =>
  (target) => {
    ObjectType({ description })(target);
    Directive('@key(fields: "id")')(target);
  };

@ObjectType({ description: "A referenced object by id and name (category, tag, department, contractor...)." })
export class IdName extends Named("referenced object", "of", "its") {}

@ObjectType({ description: "A typed classifier with a colour: a stage type, a board type." })
export class IdNameDecorator extends Named("classifier", "of", "its") {
  @Required(String, "Its colour, #rrggbb.")
  decorator!: string;
}
