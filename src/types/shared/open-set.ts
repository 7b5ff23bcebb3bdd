import { Field } from "type-graphql";

/**
 * A String field whose values the interface calls an open set (observed values only): not an
 * enum, and its description (what it holds, with examples) says so.
 */
export const OpenSet = (description: string): PropertyDecorator =>
  Field(() => String, {
    description: `${description} An open set (the interface shows observed values only), hence a String, not an enum.`,
  });
