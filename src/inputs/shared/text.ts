import { MaxLength } from "class-validator";
import { Field } from "type-graphql";

/**
 * An optional text of at most `max` characters (nullable, checked by MaxLength), its description
 * stating the limit after `what` and before `more`: `OptionalText(255, "Seller's city")` is
 * "Seller's city, up to 255 characters.".
 */
export function OptionalText(max: number, what: string, more = ""): PropertyDecorator {
  const field = Field(() => String, { nullable: true, description: `${what}, up to ${max} characters${more}.` });
  const length = MaxLength(max);
  return (target, key) => {
    length(target, key);
    field(target, key);
  };
}
